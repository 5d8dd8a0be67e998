#!/usr/bin/env bash
# Makes every picture of the README and the DocC catalog from the samples in Prototypes/, into
# Sources/SceneflowCLI/Sceneflow.docc/Resources/ (or OUT):
#   click-through.png       `sceneflow render` of Notes: the note, the push to Settings halfway, Settings
#   failing-screenshot.png  a failing `expect.screenshot`: expected, actual and diff.png side by side
#   flow-map.png            `sceneflow graph Prototypes/Notes` (Graphviz)
#   timing-chart.png        `sceneflow timing --svg` of Scripts/Notes/transition_timing.lua's timeline
#   timing-chart-window.png the same of a recorded window session (Tests/Fixtures/notes-window-timeline.json)
#   window.png              `sceneflow play Prototypes/Notes` under Xvfb with H (labels) on (not with --headless)
#   edit-mode.png           a copy of Notes in play's edit mode (E) under Xvfb: detected text dashed, the
#                           "Key Points" row clicked into a hotspot, the scene strip to link it (not with --headless)
# The headless ones are the same pixels on every run; PicturesTests regenerates them into a
# temporary folder and compares (ImageMagick's pixel signature, `identify -format %#`).
# Usage: bash Scripts/make-pictures.sh [--headless] [OUT]   (SCENEFLOW=path/to/sceneflow, default: a debug build)
# Needs ImageMagick, Graphviz, rsvg-convert, the DejaVu fonts and (for window.png) Xvfb and xdotool:
# Scripts/setup.sh installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
headless=0
if [ "${1:-}" = "--headless" ]; then headless=1; shift; fi
out=${1:-Sources/SceneflowCLI/Sceneflow.docc/Resources}
mkdir -p "$out"
if [ -z "${SCENEFLOW:-}" ]; then
  swift build --product sceneflow >/dev/null
  SCENEFLOW="$(swift build --show-bin-path)/sceneflow"
fi
bin=$SCENEFLOW
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset CI  # the failing-screenshot example records its baseline first, which CI forbids
font=DejaVu-Sans
# PNGs without time stamps or other metadata, so the same pixels give the same file.
write_png() { local target=$1; shift; convert "$@" -strip -define png:exclude-chunks=date,time "PNG24:$target"; }
# One picture from several, side by side at 300 px wide, each labelled below.
side_by_side() {
  local target=$1; shift
  local args=()
  while [ $# -gt 0 ]; do
    args+=( \( "$1" -resize 300x -background white -gravity south -splice 0x34 -font "$font" -pointsize 18
      -fill '#333333' -annotate +0+7 "$2" \) )
    shift 2
  done
  convert "${args[@]}" -background white -gravity west -splice 12x0 +append -gravity east -splice 12x0 \
    -gravity north -splice 0x12 -strip -define png:exclude-chunks=date,time "PNG24:$target"
}

# 1. Click through: the note, the push to Settings halfway (0.175 s of 0.35 s), Settings.
"$bin" render Prototypes/Notes --scene note --out "$tmp/note.png" >/dev/null
"$bin" render Prototypes/Notes --scene note --to settings --at 0.175 --out "$tmp/mid.png" >/dev/null
"$bin" render Prototypes/Notes --scene settings --out "$tmp/settings.png" >/dev/null
side_by_side "$out/click-through.png" "$tmp/note.png" 'note' "$tmp/mid.png" 'tap "More options": 0.175 s' \
  "$tmp/settings.png" 'settings'

# 2. A failing screenshot: the baseline is recorded, then the Settings screenshot changes (the
# "Show word count" box now ticked, copied from the ticked box below it) and the check fails.
mkdir -p "$tmp/shots"
cp -R Prototypes/Notes "$tmp/shots/Notes"
cat > "$tmp/shots/settings.lua" <<'LUA'
prototype "Notes"
test("settings look as designed", function()
  tap "More options"
  expect.screenshot "settings"
end)
LUA
"$bin" test "$tmp/shots/settings.lua" --report "$tmp/recorded" >/dev/null
convert "$tmp/shots/Notes/4_en-US.png" \( +clone -crop 84x84+932+1821 \) -geometry +932+1465 -composite \
  "PNG24:$tmp/shots/Notes/4_en-US.png"
if "$bin" test "$tmp/shots/settings.lua" --report "$tmp/report" >"$tmp/failed.txt"; then
  echo "make-pictures: the changed screenshot was expected to fail expect.screenshot" >&2
  exit 1
fi
folder=$(dirname "$(find "$tmp/report/screenshots" -name diff.png | head -n 1)")
side_by_side "$out/failing-screenshot.png" "$folder/expected.png" 'expected (baseline)' \
  "$folder/actual.png" 'actual' "$folder/diff.png" 'diff.png'

# 3. The flow map, with Graphviz (its thumbnails rendered by sceneflow).
"$bin" graph Prototypes/Notes --out "$tmp/flow.png" >/dev/null
write_png "$out/flow-map.png" "$tmp/flow.png" -resize '900x900>' 

# 4. The timing chart of the Notes timing script's run (headless: the virtual clock's exact frames).
"$bin" test Scripts/Notes/transition_timing.lua --timeline "$tmp/timeline.json" >/dev/null
"$bin" timing "$tmp/timeline.json" --svg "$tmp/chart.svg" >/dev/null
rsvg-convert --background-color=white "$tmp/chart.svg" -o "$tmp/chart.png"
write_png "$out/timing-chart.png" "$tmp/chart.png"

# 5. The timing chart of a session in the window (Tests/Fixtures/notes-window-timeline.json: `play
# Prototypes/Notes --timeline` under Xvfb, six transitions clicked with xdotool; wall-clock frames).
"$bin" timing Tests/Fixtures/notes-window-timeline.json --svg "$tmp/window-chart.svg" >/dev/null
rsvg-convert --background-color=white "$tmp/window-chart.svg" -o "$tmp/window-chart.png"
write_png "$out/timing-chart-window.png" "$tmp/window-chart.png"

for picture in click-through failing-screenshot flow-map timing-chart timing-chart-window; do
  [ -s "$out/$picture.png" ] || { echo "make-pictures: $out/$picture.png was not written" >&2; exit 1; }
done
[ "$headless" = 1 ] && exit 0

# 6. The window under Xvfb, with H showing every element's label.
command -v xvfb-run >/dev/null && command -v xdotool >/dev/null || {
  echo "make-pictures: window.png needs xvfb-run and xdotool (Scripts/setup.sh installs them)" >&2
  exit 70
}
cat > "$tmp/window.sh" <<SH
set -eu
"$bin" play Prototypes/Notes --no-reload --quit-after 20 >/dev/null 2>&1 &
play_pid=\$!
window=\$(timeout 15 xdotool search --sync --onlyvisible --name Notes | head -n 1)
sleep 1
xdotool windowactivate --sync "\$window" 2>/dev/null || true
xdotool key --window "\$window" h
sleep 1
import -window "\$window" "PNG24:$tmp/window.png"
kill \$play_pid
SH
xvfb-run -a -s "-screen 0 1280x1024x24" bash "$tmp/window.sh"
write_png "$out/window.png" "$tmp/window.png" -resize '480x>' 
[ -s "$out/window.png" ] || { echo "make-pictures: $out/window.png was not written" >&2; exit 1; }

# 7. Edit mode on a copy of Notes (the sample itself is never edited): E, the detected text read
# (Tesseract, cached per image in a temporary cache), a click on the dashed "Key Points" row makes
# it a hotspot, selected, with the strip of scenes to link it.
cp -R Prototypes/Notes "$tmp/EditNotes"
cat > "$tmp/edit.sh" <<SH
set -eu
export XDG_CACHE_HOME="$tmp/cache"
"$bin" play "$tmp/EditNotes" --quit-after 60 >/dev/null 2>&1 &
play_pid=\$!
window=\$(timeout 15 xdotool search --sync --onlyvisible --name Notes | head -n 1)
sleep 1
xdotool windowactivate --sync "\$window" 2>/dev/null || true
xdotool key --window "\$window" e
for i in \$(seq 1 60); do  # until the detected text is read (the block gains the dashed boxes)
  sleep 0.5
  "$bin" detect "$tmp/EditNotes" --scene note --json 2>/dev/null | grep -q "Key Points" && break
done
sleep 1
# "Key Points" is at about (50, 150) pt; the window shows 360 pt across its width.
width=\$(xdotool getwindowgeometry --shell "\$window" | sed -n 's/^WIDTH=//p')
xdotool mousemove --window "\$window" \$((50 * width / 360)) \$((150 * width / 360)) click 1
sleep 2
import -window "\$window" "PNG24:$tmp/edit-mode.png"
kill \$play_pid
SH
xvfb-run -a -s "-screen 0 1280x1024x24" bash "$tmp/edit.sh"
write_png "$out/edit-mode.png" "$tmp/edit-mode.png" -resize '480x>'
[ -s "$out/edit-mode.png" ] || { echo "make-pictures: $out/edit-mode.png was not written" >&2; exit 1; }
echo "make-pictures: wrote $out/{click-through,failing-screenshot,flow-map,timing-chart,window,edit-mode}.png"
