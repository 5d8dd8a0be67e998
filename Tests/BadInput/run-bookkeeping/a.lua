prototype "proto"
test("a", function() tap "Open" end)
