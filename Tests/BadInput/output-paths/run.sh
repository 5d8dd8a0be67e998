#!/usr/bin/env bash
# Runs `sceneflow "$@"` with its standard output and error caught, then prints what a
# reader needs to judge an output path: the exit status, the first line of standard output
# (control bytes shown by cat -v), the first three lines of standard error, and every file
# the run created or changed (names shown by ls -b: spaces, newlines and other bytes escaped).
touch -d '2000-01-01' .stamp
find . -type f ! -name .stamp -exec touch -d '2000-01-01' {} +
sceneflow "$@" >.stdout 2>.stderr
status=$?
echo "exit $status"
echo "stdout: $(head -n 1 .stdout | cut -c 1-70 | cat -v)"
head -n 3 .stderr | cut -c 1-200 | sed 's/^/stderr: /'
find . -newer .stamp ! -name .stdout ! -name .stderr ! -name .stamp -type f -printf '%P\0' | sort -z \
  | while IFS= read -r -d '' f; do printf 'wrote: '; ls -bd -- "$f"; done
exit $status
