prototype "proto"
local nan = 0/0
test("transition duration 5 within nan", function() tap "Open"; expect.transition{to = "detail", duration = 5, within = nan} end)
test("transition duration nan", function() tap "Open"; expect.transition{to = "detail", duration = nan} end)
test("close_to nan tol", function() expect(1).not_to_be_close_to(1, nan) end)
test("close_to negative tol", function() expect(1).not_to_be_close_to(1, -1) end)
test("soft close_to nan", function() expect.soft(1).not_to_be_close_to(1, nan) end)
test("close_to tol string", function() expect(1).not_to_be_close_to(1, "x") end)
test("greater than nan", function() expect(1).not_to_be_greater_than(nan) end)
test("count 2^63", function() expect.count("Open", 2^63) end)
test("still runs", function() tap "Open"; expect.scene "detail" end)
