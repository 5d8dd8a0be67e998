#!/usr/bin/env bash
# The main job: set up, build, and run the Notes sample prototype (real Fossify Notes screenshots).
# With a display: opens the window (click = tap, drag = swipe, Escape = back, Q = quit).
# Without one: walks the sample's flow headless with its Lua script and writes every frame it
# passed through as PNG files plus summary.txt into sceneflow-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build -c release --product sceneflow 2>&1 | tail -n 1
bin="$(swift build -c release --show-bin-path)/sceneflow"
prototype=Prototypes/Notes
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "Opening $prototype in a window. Click = tap, drag = swipe, Escape = back, Q = quit."
  exec "$bin" play "$prototype" "$@"
fi
echo "No display: walking $prototype headless with Scripts/Notes/walk_flow.lua"
rm -rf sceneflow-out
"$bin" test Scripts/Notes/walk_flow.lua --frames sceneflow-out
echo
echo "Frames: $(ls sceneflow-out/*/*.png | wc -l) PNG files in $(pwd)/sceneflow-out/Scripts-Notes-walk_flow/"
echo "Summary: $(pwd)/sceneflow-out/Scripts-Notes-walk_flow/summary.txt"
