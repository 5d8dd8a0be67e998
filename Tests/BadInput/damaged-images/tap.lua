test("tap", function() tap "Open" expect.scene "detail" end)
