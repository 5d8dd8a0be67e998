prototype "proto"
test("opens", function() local m = require("helper") tap "Open" end)
