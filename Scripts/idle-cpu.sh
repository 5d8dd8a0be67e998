#!/usr/bin/env bash
# The CPU an idle `sceneflow play` window uses: starts it on $DISPLAY (e.g. Xvfb), waits
# SETTLE seconds, then reads utime + stime from /proc/<pid>/stat over SECONDS seconds and
# prints the percentage of one core. Usage:
#   DISPLAY=:N Scripts/idle-cpu.sh SCENEFLOW PROTOTYPE [SECONDS=10] [SETTLE=3]
set -euo pipefail
bin=$1 proto=$2 seconds=${3:-10} settle=${4:-3}
"$bin" play "$proto" >/dev/null 2>&1 &
pid=$!
sleep "$settle"
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
a=$(ticks)
sleep "$seconds"
b=$(ticks)
kill "$pid"
wait "$pid" 2>/dev/null || true
hz=$(getconf CLK_TCK)
awk -v a="$a" -v b="$b" -v hz="$hz" -v s="$seconds" 'BEGIN { printf "%.2f %% of a core\n", (b - a) / hz / s * 100 }'
