prototype "proto"
test("error handler loops", function() xpcall(error, function(m) while true do end end, "x") end)
test("backtracking pattern", function() string.find(string.rep("a", 40), string.rep("a-", 20) .. "b") end)
test("huge allocations in a loop", function() while true do pcall(string.rep, "m", 300 * 1024 * 1024) end end)
test("handler allocates in a loop", function()
  xpcall(error, function(m) while true do pcall(string.rep, "m", 300 * 1024 * 1024) end end, "x")
end)
test("finalizer loops", function() setmetatable({}, { __gc = function() while true do end end }) end)
test("runs after them", function() tap "Open"; expect.scene "detail" end)
