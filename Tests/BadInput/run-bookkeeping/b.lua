prototype "proto"
test("b", function() tap "Open" end)
