prototype "../../proto"
test("fails in d/a/b", function() tap "Nope" end)
