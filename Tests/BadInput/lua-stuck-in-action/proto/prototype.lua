-- Each element's action runs Lua the instruction hook alone cannot stop.
local attempts = {
  { "error handler loops", function() xpcall(error, function(m) while true do end end, "x") end },
  { "backtracking pattern", function() string.find(string.rep("a", 40), string.rep("a-", 20) .. "b") end },
  { "finalizer loops", function() setmetatable({}, { __gc = function() while true do end end }) end },
}
local elements = {}
for i, attempt in ipairs(attempts) do
  elements[i] = { label = attempt[1], frame = { 0, (i - 1) * 6, 36, 5 }, on_tap = attempt[2] }
end
elements[#elements + 1] = { label = "Open", frame = { 0, 74, 36, 5 }, on_tap = go("detail") }
return {
  name = "Stuck",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = elements },
    detail = { image = "detail.png", elements = { { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
