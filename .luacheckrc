-- luacheck configuration for Sceneflow scripts and prototypes (Debian: lua-check).
-- The script globals below must match `sceneflow help api`; a test checks that they do.
std = "lua54"
max_line_length = 120

-- Scripts (Scripts/**/*.lua): the Sceneflow script API.
read_globals = {
  -- sceneflow script api begin
  "after_all", "after_each", "back", "before_all", "before_each", "capture", "decrement", "double_tap", "drag", "element", "elements", "expect",
  "history", "increment", "last_transition", "log", "long_press", "now", "only", "param", "prototype", "rate", "rotate",
  "scene", "scroll", "scroll_to", "set_value", "choose", "skip", "state", "step", "swipe", "tap", "tap_at", "test", "wait", "wait_for",
  "with_timeout", "within",
  -- sceneflow script api end
}

-- Prototypes: prototype.lua files run with the action constructors instead.
files["**/prototype.lua"] = {
  read_globals = { "go", "replace", "back", "present", "dismiss" },
  max_line_length = false, -- element tables with frames and actions read best on one line
}

-- The script API itself (Sources/SceneflowLua/Lua/*.lua, compiled into the binary): chunks that
-- run with the full standard library and get their tables as `...` (see ScriptPrelude.swift),
-- so no script globals; long lines are `api.define{...}` reference entries.
files["Sources/SceneflowLua/Lua"] = {
  new_read_globals = {},
  new_globals = {},
  max_line_length = false,
}
