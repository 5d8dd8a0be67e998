#!/usr/bin/env bash
# Walks a `sceneflow bench --memory` prototype (scene k: "Next" on the top half, "Back" on the
# bottom half) in `sceneflow play` with real clicks from xdotool, on the X display $DISPLAY
# (e.g. Xvfb), forward to the last scene and back, then closes the window. Prints the play
# process's peak resident set (/usr/bin/time -v). Usage:
#   DISPLAY=:N Scripts/window-walk.sh SCENEFLOW PROTOTYPE SCENES [SECONDS_PER_CLICK]
set -euo pipefail
bin=$1 proto=$2 scenes=$3 pause=${4:-0.6}
log=$(mktemp)
/usr/bin/time -v -o "$log" "$bin" play "$proto" >"$log.out" 2>&1 &
runner=$!
for _ in $(seq 100); do
  id=$(xdotool search --name "Memory" 2>/dev/null | head -1 || true)
  [ -n "$id" ] && break
  sleep 0.2
done
sleep 1
eval "$(xdotool getwindowgeometry --shell "$id")"
for ((k = 1; k < scenes; k++)); do
  xdotool mousemove --window "$id" $((WIDTH / 2)) $((HEIGHT / 4)) click 1
  sleep "$pause"
done
for ((k = 1; k < scenes; k++)); do
  xdotool mousemove --window "$id" $((WIDTH / 2)) $((HEIGHT * 3 / 4)) click 1
  sleep "$pause"
done
xdotool key --window "$id" q
wait "$runner" || true
grep -E "Maximum resident|Elapsed" "$log"
echo "lines logged by play (navigation): $(wc -l <"$log.out")"
rm -f "$log" "$log.out"
