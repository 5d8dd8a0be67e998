#!/usr/bin/env bash
# Times writing large reports: 4 files x 60 tests, each logging 60 messages of 4 000 characters
# (within the per-test log limit; a 60 MB results.json), every 7th test failing. Runs OLD and NEW
# side by side, ROUNDS times each, with no report, --junit and --report, and prints the median
# seconds of each (the report's own cost is its time minus the run's alone).
# Usage: OLD=/path/to/old/sceneflow NEW=.build/release/sceneflow bash Scripts/measure-report-writing.sh
set -euo pipefail
OLD=${OLD:?the older sceneflow binary}; NEW=${NEW:?the newer sceneflow binary}; ROUNDS=${ROUNDS:-3}
OLD=$(realpath "$OLD"); NEW=$(realpath "$NEW")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/p" "$work/s"
python3 - "$work/p/a.png" <<'PY'
import sys, zlib, struct
w, h = 100, 200
raw = b"".join(b"\x00" + b"\x87\xce\xeb" * w for _ in range(h))
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
  + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
PY
echo 'return { name = "P", device = { width = 100, height = 200, scale = 1 }, start = "a", scenes = { a = { image = "a.png" } } }' > "$work/p/prototype.lua"
for f in 1 2 3 4; do
  cat > "$work/s/f$f.lua" <<'LUA'
prototype "../p"
for i = 1, 60 do
  test("t" .. i, function()
    for _ = 1, 60 do log.message(string.rep("L", 4000)) end
    if i % 7 == 0 then error("fail " .. i) end
  end)
end
LUA
done
cd "$work"
declare -A times
for _ in $(seq "$ROUNDS"); do
  for which in OLD NEW; do
    bin=${!which}
    for mode in none junit report; do
      case $mode in none) extra=() ;; junit) extra=(--junit r.xml) ;; report) extra=(--report rep) ;; esac
      start=$(date +%s.%N)
      "$bin" test s "${extra[@]}" --quiet >/dev/null 2>&1 || true
      times[$which-$mode]+="$(echo "$(date +%s.%N) - $start" | bc) "
      rm -rf rep r.xml
    done
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-7s %10s %10s %10s\n' "" "no report" "--junit" "--report"
for which in OLD NEW; do
  printf '%-7s' "$which"
  for mode in none junit report; do printf ' %9.2fs' "$(echo "${times[$which-$mode]}" | median)"; done
  echo
done
