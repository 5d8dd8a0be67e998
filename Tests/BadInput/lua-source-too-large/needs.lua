prototype "proto"
test("needs a module", function() local m = require "lib.big" end)
test("after", function() tap "Open" end)
