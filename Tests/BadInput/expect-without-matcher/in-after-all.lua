prototype "proto"
after_all(function() expect(1 + 1) end)
test("opens", function() tap "Open" end)
