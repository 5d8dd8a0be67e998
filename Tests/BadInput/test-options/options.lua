prototype "proto"
test("fine", {clock_limit = 600}, function() tap "Open" end)
test("misspelt option", {clock_limt = 5}, function() end)
