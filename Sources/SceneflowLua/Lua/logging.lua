local api = ...
local sf, env = api.sf, api.env
local select, concat, tostring, rawget = select, table.concat, tostring, rawget
local getmetatable_raw = debug.getmetatable

-- The arguments as print() would join them, except that NaN and the infinities read
-- NaN, infinity and -infinity (as in every other message) rather than C's -nan and inf,
-- and a table, function or other value without __tostring is written as api.show does
-- ({x = 1}, <function>), never with an address that differs on every run.
-- A value with a __tostring of its own goes through tostring, as print does: an error there
-- fails the call, never read as `{}` (red-team 31: a typo in a script's __tostring passed).
local function text(...)
  local parts = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    local mt = type(v) ~= "string" and getmetatable_raw(v)
    if type(v) == "number" then
      parts[i] = api.show(v)
    elseif mt and rawget(mt, "__tostring") ~= nil then
      parts[i] = tostring(v)
    else
      parts[i] = api.text(v)
    end
  end
  return concat(parts, " ")
end

env.log = {}
api.define{ name = "log.message", group = "Logging",
  signature = "log.message(...)",
  summary = "Logs a message (the values joined by spaces; a table or function as Lua would write it, {x = 1} or <function>, never with an address, so reports are the same on every run) with the clock time and line; shown in the JSON, JUnit system-out and HTML reports. print(...) does the same.",
  args = { { "...", "any values", "any" } },
  example = 'log.message("cart has", state.cart_count, "items")',
  fn = function(...) sf.log("message", text(...), (api.line())) end }
api.define{ name = "log.debug", group = "Logging",
  signature = "log.debug(...)",
  summary = "Logs a debug message: kept in the JSON report only.",
  args = { { "...", "any values", "any" } },
  example = 'log.debug("elements", #elements())',
  fn = function(...) sf.log("debug", text(...), (api.line())) end }
api.define{ name = "log.warn", group = "Logging",
  signature = "log.warn(...)",
  summary = "Logs a warning. The test still passes but is reported as \"passed with warnings\" in the console, JUnit (a property and system-out), TAP and JSON. In a hook it warns the tests the hook ran for: in before_all every test of the file (before_all runs before each), in before_each or after_each that test, and in after_all, which runs once after them all, its own (after_all) entry, passed with warnings.",
  args = { { "...", "any values", "any" } },
  example = 'if #history() > 5 then log.warn("long way to checkout") end',
  fn = function(...) sf.log("warning", text(...), (api.line())) end }
env.print = function(...) sf.log("message", text(...), (api.line())) end
