prototype "proto"
test("fails", function() tap "Nope" end)
