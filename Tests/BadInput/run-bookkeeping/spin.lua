prototype "proto"
test("passes", function() tap "Open" end)
test("spins", function() while true do end end)
