#!/bin/bash
# Instructions the sample suite costs under --jobs 1 and --jobs 2, per process (runner, each
# worker), for two builds side by side (Speed.md). Counted by Valgrind (callgrind), so the
# figures do not depend on the machine's load, unlike real time:
#   OLD=path/to/old/sceneflow NEW=path/to/new/sceneflow bash Scripts/measure-instructions.sh
# Needs valgrind (`apt-get install valgrind`); each run takes about a minute.
set -u
OLD=${OLD:?set OLD to the old build}
NEW=${NEW:?set NEW to the new build}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 69; }
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for name in OLD NEW; do
  # Valgrind cannot read these binaries' DWARF: a copy without it (workers run the same copy).
  strip --strip-debug -o "$out/$name" "${!name}"
  for jobs in 1 2; do
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --trace-children=yes \
      --log-file="$out/$name-$jobs.%p.log" "$out/$name" test Scripts --jobs "$jobs" >/dev/null 2>&1
    python3 - "$name" "$jobs" "$out"/"$name-$jobs".*.log <<'PY'
import re, sys
name, jobs, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
counts = []
for log in logs:
    text = open(log).read()
    pid = int(re.search(r"==(\d+)==", text).group(1))
    found = re.search(r"Collected : (\d+)", text)
    if found: counts.append((pid, int(found.group(1))))
counts.sort()
runner, workers = counts[0][1], [c for _, c in counts[1:]]
total = runner + sum(workers)
print(f"{name} --jobs {jobs}: runner {runner/1e6:.1f} M, workers " + " + ".join(f"{w/1e6:.1f}" for w in workers)
      + f" M; total {total/1e6:.1f} M; longest worker + runner {(max(workers)+runner)/1e6:.1f} M")
PY
  done
done
