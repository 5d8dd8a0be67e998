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
# The window of this play process (/usr/bin/time's child), not another "Memory" window on a
# shared display: SDL sets _NET_WM_PID.
id=
for _ in $(seq 150); do
  player=$(pgrep -P "$runner" | head -1 || true)
  [ -n "$player" ] && id=$(xdotool search --onlyvisible --pid "$player" 2>/dev/null | head -1 || true)
  [ -n "$id" ] && break
  sleep 0.2
done
if [ -z "$id" ]; then
  echo "window-walk.sh: no window of $bin play appeared" >&2
  kill "$runner" 2>/dev/null || true
  exit 1
fi
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
# Q as a user types it: focus the window, then a real key press (XTEST), not a synthetic event
# sent to a window id. SIGINT (which play handles as Q) only if the window is still open.
xdotool windowfocus --sync "$id" 2>/dev/null || true
xdotool key q
for _ in $(seq 50); do
  kill -0 "$player" 2>/dev/null || break
  sleep 0.2
done
if kill -0 "$player" 2>/dev/null; then
  echo "window-walk.sh: Q did not close the window; sending SIGINT" >&2
  kill -INT "$player"
fi
wait "$runner" || true
grep -E "Maximum resident|Elapsed|Exit status" "$log"
echo "lines logged by play (navigation): $(wc -l <"$log.out")"
rm -f "$log" "$log.out"
