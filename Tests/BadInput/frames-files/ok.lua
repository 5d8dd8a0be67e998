prototype "proto"
test("opens", function() tap "Open" expect.scene "detail" end)
