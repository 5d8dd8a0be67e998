#!/usr/bin/env bash
# Times shell commands side by side on a loaded machine: ROUNDS rounds, each running every
# command once in turn under /usr/bin/time -v, then prints for each command the median wall
# time, the median CPU time (user + system), the median peak resident set and the ratio of
# its median wall time to the first command's. Usage:
#   Scripts/interleaved-time.sh ROUNDS 'command one' 'command two' ...
# (the Speed article's tables, Sources/SceneflowCLI/Sceneflow.docc/Speed.md, were measured with it; hyperfine gives the same medians for one
# command at a time, but not interleaved).
set -euo pipefail
rounds=$1
shift
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
for ((r = 1; r <= rounds; r++)); do
  for ((i = 1; i <= $#; i++)); do
    /usr/bin/time -v -o "$log/$i.$r" bash -c "${!i}" >/dev/null 2>&1 || true
  done
done
python3 - "$log" "$rounds" "$@" <<'PY'
import statistics, sys
log, rounds, commands = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def field(text, name):
    for line in text.splitlines():
        if line.strip().startswith(name):
            return line.split(": ", 1)[1].strip()
def seconds(clock):
    parts = [float(p) for p in clock.split(":")]
    return sum(p * 60 ** (len(parts) - 1 - i) for i, p in enumerate(parts))
first = None
for i, command in enumerate(commands, 1):
    wall, cpu, rss = [], [], []
    for r in range(1, rounds + 1):
        text = open(f"{log}/{i}.{r}").read()
        wall.append(seconds(field(text, "Elapsed (wall clock) time (h:mm:ss or m:ss)")))
        cpu.append(float(field(text, "User time (seconds)")) + float(field(text, "System time (seconds)")))
        rss.append(int(field(text, "Maximum resident set size (kbytes)")) / 1024)
    w = statistics.median(wall)
    first = first or w
    print(f"{statistics.median(wall)*1000:9.0f} ms wall  {statistics.median(cpu)*1000:9.0f} ms cpu  "
          f"{statistics.median(rss):7.0f} MB peak  x{w / first:5.2f}  {command}")
PY
