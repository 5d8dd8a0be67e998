#!/bin/bash
# Peak memory (RSS of the runner and its workers, /usr/bin/time) and JSON report size of a run
# whose tests each keep as much detail as their own limits allow: TESTS tests (default 200) of
# 10 000 named steps (1 000-character names) and 64 log messages of 4 000 characters.
#   OLD=/path/to/old/sceneflow NEW=.build/release/sceneflow bash Scripts/measure-detail-memory.sh
# Either binary may be left out. Each run takes minutes (the steps are real work); compare the
# memory and sizes, not the times, on a shared machine.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/Tests/BadInput/streams/proto" "$work/proto"
cat > "$work/detail.lua" <<LUA
prototype "proto"
local name = string.rep("s", 1000)
local msg = string.rep("m", 4000)
for t = 1, ${TESTS:-200} do
  test("t" .. t, function()
    for _ = 1, 64 do log.message(msg) end
    for _ = 1, 10000 do step(name, function() end) end
  end)
end
LUA
for which in OLD NEW; do
  binary="${!which:-}"
  [ -n "$binary" ] || continue
  binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
  (cd "$work" && /usr/bin/time -f "%M %e" -o time.txt "$binary" test detail.lua --json r.json --quiet > out.txt 2>&1) || true
  read -r peak seconds < "$work/time.txt"
  echo "$which: $(tail -1 "$work/out.txt"); peak RSS $((peak / 1024)) MB; JSON $(($(stat -c %s "$work/r.json") / 1048576)) MB; ${seconds} s"
done
