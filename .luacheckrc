-- luacheck configuration for Sceneflow scripts and prototypes (Debian: lua-check).
-- The script globals below must match `sceneflow help api`; a test checks that they do.
std = "lua54"
max_line_length = 120

-- Scripts (Scripts/**/*.lua): the Sceneflow script API.
read_globals = {
  -- sceneflow script api begin
  "after_each", "back", "before_each", "capture", "decrement", "double_tap", "drag", "element", "elements", "expect",
  "history", "increment", "last_transition", "log", "long_press", "now", "only", "prototype", "rate", "rotate",
  "scene", "scroll", "scroll_to", "set_value", "skip", "state", "swipe", "tap", "tap_at", "test", "wait", "wait_for",
  "with_timeout", "within",
  -- sceneflow script api end
}

-- Prototypes: prototype.lua files run with the action constructors instead.
files["**/prototype.lua"] = {
  read_globals = { "go", "replace", "back", "present", "dismiss" },
  max_line_length = false, -- element tables with frames and actions read best on one line
}
