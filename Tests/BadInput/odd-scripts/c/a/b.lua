prototype "../../proto"
test("fails in c/a/b", function() tap "Nope" end)
