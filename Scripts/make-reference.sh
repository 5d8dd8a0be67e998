#!/usr/bin/env bash
# Regenerates the files made from the script API's registration tables (`api.define` in
# Sources/SceneflowLua/Lua/*.lua), as `sceneflow help api` prints them:
#   types/sceneflow.lua                         --format luals     (lua-language-server; .luarc.json points at it)
#   Sources/SceneflowCLI/Sceneflow.docc/ScriptAPI.md  --format markdown  (the DocC Script API page)
#   .luacheckrc, between "-- sceneflow script api begin" and "... end"  --format luacheck
# Run it after changing a function's documentation; GeneratedReferenceTests fails until you do.
# Usage: bash Scripts/make-reference.sh [SCENEFLOW_BINARY]   (default: a debug build, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
  bin=$1
else
  swift build --product sceneflow >/dev/null
  bin="$(swift build --show-bin-path)/sceneflow"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" help api --format luals > "$tmp/sceneflow.lua"
"$bin" help api --format markdown > "$tmp/ScriptAPI.md"
"$bin" help api --format luacheck > "$tmp/block.lua"

# .luacheckrc: the marked block replaced, every other line kept.
grep -q '^-- sceneflow script api begin' .luacheckrc && grep -q '^-- sceneflow script api end' .luacheckrc || {
  echo "make-reference: .luacheckrc lacks the '-- sceneflow script api begin' / 'end' marker lines" >&2
  exit 65
}
awk -v block="$tmp/block.lua" '
  /^-- sceneflow script api begin/ { while ((getline line < block) > 0) print line; skipping = 1; next }
  skipping && /^-- sceneflow script api end/ { skipping = 0; next }
  !skipping { print }
' .luacheckrc > "$tmp/luacheckrc"

mkdir -p types Sources/SceneflowCLI/Sceneflow.docc
for pair in "sceneflow.lua:types/sceneflow.lua" "ScriptAPI.md:Sources/SceneflowCLI/Sceneflow.docc/ScriptAPI.md" \
  "luacheckrc:.luacheckrc"; do
  from="$tmp/${pair%%:*}" to="${pair#*:}"
  if cmp -s "$from" "$to"; then echo "unchanged $to"; else cp "$from" "$to"; echo "wrote $to"; fi
done
