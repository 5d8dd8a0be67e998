#!/usr/bin/env bash
# Installs what Sceneflow needs on Debian 12 when it is missing: SDL2, SDL2_image and Lua 5.4
# development packages and pkg-config, plus xvfb and libxml2-utils for two tests (which skip
# without them). Needs root (or sudo). Safe to run again: installs nothing when everything is there.
set -euo pipefail
packages=(pkg-config libsdl2-dev libsdl2-image-dev liblua5.4-dev
  xvfb libxml2-utils)  # the window timeline test runs under Xvfb; the SVG chart test uses xmllint
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
