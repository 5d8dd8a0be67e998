#!/usr/bin/env bash
# Fuzzing (issue 8): builds sceneflow-fuzz with libFuzzer and AddressSanitizer (the Swift
# toolchain's -sanitize=fuzzer,address, optimised, in .build-fuzz) and runs each target for RUNS inputs
# (default 10000) starting from the kept corpora in Tests/Fuzz/corpus/<target>; new
# interesting inputs are added there. A crash, a sanitizer report, an input slower than
# 10 s (a hang) or more than 2 GB of memory stops the target, leaves the input as
# crash-*/timeout-*/oom-* in $OUT (default /tmp/sceneflow-fuzz) and fails the script.
#
#   bash Scripts/fuzz.sh [RUNS] [TARGET…]     # targets: prototype image script (default all)
#
# Afterwards each corpus is minimised with libFuzzer's -merge=1 (MINIMISE=0 keeps it whole).
# Not part of Scripts/test.sh (a few minutes, and libFuzzer runs are random); the test
# command replays the kept corpora instead (FuzzCorpusTests).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-10000}
shift || true
TARGETS=("$@")
[[ ${#TARGETS[@]} -eq 0 ]] && TARGETS=(prototype image script)
OUT=${OUT:-/tmp/sceneflow-fuzz}
mkdir -p "$OUT"
swift build -c release --build-path .build-fuzz --product sceneflow-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >"$OUT/build.log" 2>&1 \
  || { tail -20 "$OUT/build.log"; exit 70; }
BIN=.build-fuzz/release/sceneflow-fuzz
export SDL_VIDEODRIVER=dummy ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
status=0
for target in "${TARGETS[@]}"; do
  mkdir -p "Tests/Fuzz/corpus/$target"
  dict=()
  seeds=()  # named past findings (Tests/Fuzz/regressions) are read, never written
  [[ -d "Tests/Fuzz/regressions/$target" ]] && seeds=("Tests/Fuzz/regressions/$target")
  [[ -f "Tests/Fuzz/$target.dict" ]] && dict=(-dict="Tests/Fuzz/$target.dict")
  start=$(date +%s)
  if SCENEFLOW_FUZZ_TARGET=$target "$BIN" "Tests/Fuzz/corpus/$target" "${seeds[@]}" "${dict[@]}" -runs="$RUNS" \
    -timeout=10 -rss_limit_mb=2048 -max_len=16384 -artifact_prefix="$OUT/$target-" -print_final_stats=1 \
    >"$OUT/$target.log" 2>&1; then
    echo "fuzz $target: $(grep -E '^Done [0-9]+ runs' "$OUT/$target.log" | tail -1), $(grep -E 'stat::peak_rss_mb' "$OUT/$target.log" | awk '{print $2}') MB peak, corpus $(ls "Tests/Fuzz/corpus/$target" | wc -l) files, $(( $(date +%s) - start )) s"
  else
    status=1
    echo "fuzz $target: FAILED, see $OUT/$target.log"
    grep -E "ERROR|SUMMARY|Test unit written" "$OUT/$target.log" | head -5
  fi
done
# Keep the corpora small: libFuzzer's merge keeps only inputs that add coverage.
if [[ $status -eq 0 && "${MINIMISE:-1}" == 1 ]]; then
  for target in "${TARGETS[@]}"; do
    fresh=$(mktemp -d)
    SCENEFLOW_FUZZ_TARGET=$target "$BIN" -merge=1 -timeout=10 -rss_limit_mb=2048 "$fresh" "Tests/Fuzz/corpus/$target" \
      >"$OUT/$target-merge.log" 2>&1 && rm -rf "Tests/Fuzz/corpus/$target" && mv "$fresh" "Tests/Fuzz/corpus/$target" \
      && chmod 755 "Tests/Fuzz/corpus/$target"
    echo "fuzz $target: corpus minimised to $(ls "Tests/Fuzz/corpus/$target" | wc -l) files"
  done
fi
exit $status
