test("fails", function() tap "Open" expect.scene "home" end)
