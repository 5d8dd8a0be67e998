prototype "../proto"
test("fails in a/b", function() tap "Nope" end)
