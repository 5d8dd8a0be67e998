#!/usr/bin/env bash
# Runs every test: set up, build, `swift test` (Core, SDL, Lua and end-to-end tests), then every
# Lua regression script under Scripts/ headless, then luacheck over Scripts/, Prototypes/ and the
# script API's own Lua in Sources/SceneflowLua/Lua (globals in .luacheckrc), then
# `swift-format lint --strict` (the toolchain's formatter, settings in .swift-format). Ends with
# one line `N passed, N failed`, plus `, N skipped` when any test was skipped (Lua `skip(...)`, a
# Swift test marked skipped).
# Exit 0 only when everything passed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh || exit 70
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
log=$(mktemp)
trap 'rm -f "$log"' EXIT

swift build 2>&1 | tail -n 3 || { echo "0 passed, 1 failed"; exit 1; }
swift test 2>&1 | tee "$log"
swift_status=${PIPESTATUS[0]}
# Swift Testing prints one line per test function, XCTest one per test case.
swift_passed=$(grep -E -c '(Test [^ ].* passed after|Test Case .* passed \()' "$log" || true)
swift_failed=$(grep -E -c '(Test [^ ].* failed after|Test Case .* failed \()' "$log" || true)
swift_passed=$((swift_passed - $(grep -E -c 'Test run with .* passed after' "$log" || true)))
swift_failed=$((swift_failed - $(grep -E -c 'Test run with .* failed after' "$log" || true)))
if [ "$swift_status" -ne 0 ] && [ "$swift_failed" -eq 0 ]; then swift_failed=1; fi
swift_skipped=$(grep -E -c '(Test [^ ].* skipped|Test Case .* skipped \()' "$log" || true)

echo
echo "Lua regression scripts:"
bin="$(swift build --show-bin-path)/sceneflow"
"$bin" test Scripts 2>&1 | tee "$log"
lua_status=${PIPESTATUS[0]}
lua_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
lua_passed=$(echo "${lua_line:-0 passed, 1 failed}" | sed -E 's/^([0-9]+) passed.*/\1/')
lua_failed=$(echo "${lua_line:-0 passed, 1 failed}" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
if [ "$lua_status" -ne 0 ] && [ "$lua_failed" -eq 0 ]; then lua_failed=1; fi
lua_skipped=$(echo "${lua_line:-}" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p')
lua_skipped=${lua_skipped:-0}

echo
echo "luacheck (Scripts, Prototypes, Sources/SceneflowLua/Lua):"
if luacheck --no-color Scripts Prototypes Sources/SceneflowLua/Lua; then lint_passed=1; lint_failed=0; else lint_passed=0; lint_failed=1; fi

echo
echo "swift-format lint --strict (Sources, Tests, Package.swift, Plugins; settings in .swift-format):"
if swift-format lint --strict -r Sources Tests Package.swift Plugins; then format_passed=1; format_failed=0; else format_passed=0; format_failed=1; fi

echo
with_skipped() { if [ "$1" -gt 0 ]; then echo ", $1 skipped"; fi; }
echo "swift test: $swift_passed passed, $swift_failed failed$(with_skipped "$swift_skipped"); Lua scripts: $lua_passed passed, $lua_failed failed$(with_skipped "$lua_skipped")"
echo "luacheck: $lint_passed passed, $lint_failed failed; swift-format: $format_passed passed, $format_failed failed"
passed=$((swift_passed + lua_passed + lint_passed + format_passed))
failed=$((swift_failed + lua_failed + lint_failed + format_failed))
echo "$passed passed, $failed failed$(with_skipped $((swift_skipped + lua_skipped)))"
[ "$failed" -eq 0 ] && [ "$swift_status" -eq 0 ] && [ "$lua_status" -eq 0 ]
