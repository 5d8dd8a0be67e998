prototype "../proto"
test("f", function() tap "Open"; expect.scene "home" end)
