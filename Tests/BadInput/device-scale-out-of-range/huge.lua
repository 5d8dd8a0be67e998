prototype "huge"
test("taps", function() tap "Open" end)
