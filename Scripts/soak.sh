#!/usr/bin/env bash
# Determinism soak (issue 8): runs the sample suites RUNS times (default 1000) and checks that
# every run gives the same verdicts (console lines without real times), the same JSON results
# apart from wall-clock fields ("wallSeconds", "startedAt") and the same hash of every
# captured frame (--frames DIR --frames-hash-only: each settled scene and the middle frame of
# each transition, rendered offscreen at full pixel size).
# Not part of Scripts/test.sh: it takes ~3 s per run in a release build.
#
#   bash Scripts/soak.sh [RUNS] [PARALLEL]     # PARALLEL runs at once (default 2)
#
# Ends with "soak: N runs, N identical, N different" and exits 1 on any difference, keeping
# the differing runs under $OUT (default /tmp/sceneflow-soak) for a diff against run-0001.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-1000}
PARALLEL=${2:-2}
OUT=${OUT:-/tmp/sceneflow-soak}
if [[ -z "${SCENEFLOW_BIN:-}" ]]; then
  swift build -c release --product sceneflow >/dev/null
  SCENEFLOW_BIN="$(swift build -c release --show-bin-path)/sceneflow"
fi
export SCENEFLOW_BIN SDL_VIDEODRIVER=dummy
rm -rf "$OUT" && mkdir -p "$OUT"

# One run into $OUT/run-NNNN: console.txt, results.json, frames.txt, all normalised.
run_once() {
  local dir
  dir=$(printf '%s/run-%04d' "$OUT" "$1")
  mkdir -p "$dir"
  set +e
  "$SCENEFLOW_BIN" test Scripts --json "$dir/raw.json" --frames "$dir/frames" --frames-hash-only \
    > "$dir/raw-console.txt" 2>&1
  echo "exit $?" >> "$dir/raw-console.txt"
  set -e
  sed -E 's/\([0-9.]+ (ms|s|µs), /(TIME, /; /^frames and summary.txt written to /d; /^wrote /d' "$dir/raw-console.txt" > "$dir/console.txt"
  grep -vE '"(wallSeconds|startedAt)" :' "$dir/raw.json" > "$dir/results.json"
  (cd "$dir/frames" && for f in */hashes.txt; do sed "s|^|${f%/hashes.txt}/|" "$f"; done) > "$dir/frames.txt"
  rm -rf "$dir/frames" "$dir/raw.json" "$dir/raw-console.txt"
}
export -f run_once
export OUT

run_once 1
ref="$OUT/run-0001"
frames=$(wc -l < "$ref/frames.txt")
echo "reference run: $(tail -2 "$ref/console.txt" | head -1), $frames frames hashed"
start=$(date +%s)
seq 2 "$RUNS" | xargs -P "$PARALLEL" -I{} bash -c 'run_once {}'
same=1
different=0
for dir in "$OUT"/run-*; do
  [[ "$dir" == "$ref" ]] && continue
  if cmp -s "$ref/console.txt" "$dir/console.txt" && cmp -s "$ref/results.json" "$dir/results.json" \
    && cmp -s "$ref/frames.txt" "$dir/frames.txt"; then
    same=$((same + 1))
    rm -rf "$dir"
  else
    different=$((different + 1))
    echo "DIFFERENT: $dir"
    for f in console.txt results.json frames.txt; do
      cmp -s "$ref/$f" "$dir/$f" || diff "$ref/$f" "$dir/$f" | head -10 || true
    done
  fi
done
echo "soak: $RUNS runs in $(( $(date +%s) - start + 1 )) s, $frames frame hashes and $(grep -c '"verdict"' "$ref/results.json") verdicts per run"
echo "soak: $RUNS runs, $same identical, $different different"
[[ $different -eq 0 ]]
