#!/usr/bin/env bash
# Runs `sceneflow "$@"` with its standard output and error caught, then prints what a
# reader needs to judge an output path: the exit status, the first line of standard output
# (control bytes shown by cat -v), the first three lines of standard error (without bench's
# measurement lines, which vary from run to run), and every file
# the run created or changed (names shown by ls -b: spaces, newlines and other bytes escaped).
# RUN_SH_TERM_AFTER=S stops the command with SIGTERM after S seconds.
touch -d '2000-01-01' .stamp
find . -type f ! -name .stamp -exec touch -d '2000-01-01' {} +
if [ -n "$RUN_SH_TERM_AFTER" ]; then
  # Commands that run until their window closes (record): SIGTERM after that many seconds,
  # which closes the window as Q does (exit 143, printed below; run.sh then exits 0).
  timeout --preserve-status -s TERM "$RUN_SH_TERM_AFTER" sceneflow "$@" >.stdout 2>.stderr
else
  sceneflow "$@" >.stdout 2>.stderr
fi
status=$?
echo "exit $status"
echo "stdout: $(head -n 1 .stdout | cut -c 1-70 | cat -v)"
grep -Ev '^  [a-z][a-z ]*: ' .stderr | head -n 3 | cut -c 1-200 | sed 's/^/stderr: /'
find . -newer .stamp ! -name .stdout ! -name .stderr ! -name .stamp -type f -printf '%P\0' | sort -z \
  | while IFS= read -r -d '' f; do printf 'wrote: '; ls -bd -- "$f"; done
[ -n "$RUN_SH_TERM_AFTER" ] && [ "$status" = 143 ] && exit 0
exit $status
