prototype "proto"
test("home looks right", function() expect.screenshot "home" end)
