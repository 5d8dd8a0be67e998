#!/usr/bin/env bash
# Installs what Sceneflow needs on Debian 12 when it is missing: SDL2, SDL2_image (with libpng and
# libtiff, which Sceneflow also calls directly for 16-bit PNGs and TIFF messages), giflib (GIFs are
# decoded with it, not with SDL_image), SDL2_ttf and fontconfig with DejaVu Sans and Noto Sans CJK
# (the window's text in any script) and Lua 5.4
# development packages and pkg-config, plus the tools the tests use (xmllint, luacheck, Xvfb).
# Needs root (or sudo). Safe to run again: installs nothing when everything is there.
set -euo pipefail
# libxml2-utils: xmllint validates JUnit reports and timeline SVG charts in tests; lua-check:
# luacheck lints Scripts/; xvfb: the window timeline test (skips without it); imagemagick: the reference
# decoder and writer of the image-format tests (EXIF orientation, CMYK, 16-bit PNG, WebP, TIFF); xdotool and imagemagick:
# the designer window tests click and capture under Xvfb; graphviz: `sceneflow graph` SVG/PNG and the
# DOT check (each skips with a printed reason without its tool); perl: `prove` (TAP::Harness) reads
# `sceneflow test --tap` in the consumer tests; chromium: the HTML report is rendered headless and
# checked as a reader would see it; ffmpeg: ffprobe reads `test --video` files in tests (the videos
# themselves are written with the FFmpeg libraries); libyuv0: `test --video` converts frames to YUV
# with it (swscale, slower, without it); hyperfine, time and valgrind: the Speed article's
# measurements; librsvg2-bin (rsvg-convert) and fonts-dejavu-core: Scripts/make-pictures.sh draws
# the timing chart and labels; libtesseract-dev and tesseract-ocr-eng: `sceneflow detect` reads screens
# with Tesseract's C API and English model; zsh, fish and groff-base: the shell completion scripts
# are loaded by each shell and the man page is rendered in tests.
packages=(pkg-config libsdl2-dev libsdl2-image-dev libpng-dev zlib1g-dev libtiff-dev libgif-dev libavformat-dev libavcodec-dev libswscale-dev libyuv0 libsdl2-ttf-dev libfontconfig-dev fonts-noto-cjk liblua5.4-dev libtesseract-dev tesseract-ocr-eng libxml2-utils lua-check xvfb xdotool imagemagick graphviz perl chromium ffmpeg hyperfine time valgrind librsvg2-bin fonts-dejavu-core zsh fish groff-base)
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
# PyPI installs: plain pip first; a Debian-managed Python refuses that (PEP 668), then
# --break-system-packages.
pip_install() {
  python3 -m pip install --quiet --disable-pip-version-check "$@" >/dev/null 2>&1 \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "$@" >/dev/null 2>&1
}
# The readers CI systems use for Sceneflow's reports, for the consumer tests: tappy (tap.py, with
# PyYAML for the TAP 13 YAML blocks) and junitparser. The tests fail without them.
if command -v python3 >/dev/null && ! python3 -c "import tap, yaml, junitparser" 2>/dev/null; then
  echo "setup: installing tap.py, PyYAML and junitparser from PyPI (readers of the TAP and JUnit reports)"
  pip_install "tap.py[yaml]" junitparser \
    || echo "setup: could not install tap.py and junitparser; the report consumer tests will fail" >&2
fi
# The reference pixelmatch (PyPI) for the tolerant-comparison agreement test.
if command -v python3 >/dev/null && ! python3 -c "import pixelmatch" 2>/dev/null; then
  echo "setup: installing pixelmatch from PyPI (reference for the screenshot comparison test)"
  pip_install pixelmatch \
    || echo "setup: could not install pixelmatch; the agreement test will be skipped" >&2
fi
