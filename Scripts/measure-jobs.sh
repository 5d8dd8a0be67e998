#!/bin/bash
# The sample suite's --jobs 2 against --jobs 1, for two builds side by side (Speed.md):
#   OLD=path/to/old/sceneflow NEW=path/to/new/sceneflow bash Scripts/measure-jobs.sh
# Three interleaved hyperfine rounds (medians and their ratios), a one-file run, and
# `sceneflow bench --test-files 2000` of NEW. Run it on an otherwise idle machine.
set -u
OLD=${OLD:?set OLD to the old build}
NEW=${NEW:?set NEW to the new build}
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
uptime
for round in 1 2 3; do
  hyperfine -N -w 3 -r 30 "$OLD test Scripts --jobs 1" "$OLD test Scripts --jobs 2" \
    "$NEW test Scripts --jobs 1" "$NEW test Scripts --jobs 2" --export-json "$out/$round.json" | grep -E 'Time|Benchmark'
  python3 - "$out/$round.json" "$round" <<'PY'
import json, sys
m = [r["median"] * 1000 for r in json.load(open(sys.argv[1]))["results"]]
print(f"round {sys.argv[2]} medians ms: OLD j1 {m[0]:.1f} j2 {m[1]:.1f} ratio {m[0]/m[1]:.2f} | NEW j1 {m[2]:.1f} j2 {m[3]:.1f} ratio {m[2]/m[3]:.2f}")
PY
done
hyperfine -N -w 3 -r 30 "$OLD test Scripts/Notes/first_script.lua" "$NEW test Scripts/Notes/first_script.lua" | grep -E 'Time|Benchmark'
"$NEW" bench --test-files 2000 --runs 3 | tail -5
uptime
