prototype "proto"
test("spins", function() while true do end end)
test("waits for ever", {clock_limit = 30}, function() while true do wait(1) end end)
test("yields for ever", function() while true do coroutine.yield() end end)
test("runs after them", function() tap "Open"; expect.scene "detail" end)
