test("capture only", function() tap "Open" capture "detail" end)
test("fails", function() tap "Open" expect.scene "home" end)
