-- Every element's action tries to leave the sandbox.
local attempts = {
  { "os.execute", function() os.execute("touch /tmp/sceneflow-pwned") end },
  { "io.popen", function() io.popen("id") end },
  { "io.open", function() io.open("/etc/passwd") end },
  { "require", function() require("secret") end },
  { "binary load", function() assert(load("\27Lua\84\0\25\147\r\n\26\n")) end },
  { "string.dump", function() string.dump(print) end },
  { "debug", function() debug.getinfo(1) end },
  { "string.rep 1 GB", function() local s = string.rep("x", 1 << 30) end },
  { "infinite loop", function() while true do end end },
  { "deep recursion", function() local function f(n) return 1 + f(n + 1) end f(1) end },
  { "coroutine", function() coroutine.create(print) end },
  { "huge table", function() local t = {} for i = 1, 1e9 do t[i] = i end end },
}
local elements = {}
for i, attempt in ipairs(attempts) do
  elements[i] = { label = attempt[1], frame = { 0, (i - 1) * 6, 36, 5 }, on_tap = attempt[2] }
end
elements[#elements + 1] = { label = "Open", frame = { 0, 74, 36, 5 }, on_tap = go("detail") }
return {
  name = "Escape",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = elements },
    detail = { image = "detail.png", elements = { { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
