prototype "proto"
test("home is recorded", function() expect.screenshot "fresh" end)
