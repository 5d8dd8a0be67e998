prototype "tiny"
test("taps", function() tap "Open" end)
