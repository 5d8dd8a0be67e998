#!/usr/bin/env bash
# Installs what Sceneflow needs on Debian 12 when it is missing: SDL2, SDL2_image and Lua 5.4
# development packages and pkg-config, plus the tools the tests use (xmllint, luacheck, Xvfb).
# Needs root (or sudo). Safe to run again: installs nothing when everything is there.
set -euo pipefail
# libxml2-utils: xmllint validates JUnit reports and timeline SVG charts in tests; lua-check:
# luacheck lints Scripts/; xvfb: the window timeline test (skips without it); xdotool and imagemagick:
# the designer window tests click and capture under Xvfb; graphviz: `sceneflow graph` SVG/PNG and the
# DOT check (each skips with a printed reason without its tool).
packages=(pkg-config libsdl2-dev libsdl2-image-dev liblua5.4-dev libxml2-utils lua-check xvfb xdotool imagemagick graphviz)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: the Swift 6 toolchain is not on PATH" >&2; exit 70; }
# The reference pixelmatch (PyPI) for the tolerant-comparison agreement test.
if command -v python3 >/dev/null && ! python3 -c "import pixelmatch" 2>/dev/null; then
  echo "setup: installing pixelmatch from PyPI (reference for the screenshot comparison test)"
  python3 -m pip install --quiet --disable-pip-version-check pixelmatch >/dev/null 2>&1 \
    || echo "setup: could not install pixelmatch; the agreement test will be skipped" >&2
fi
