prototype "proto"
require("lib.checks")
test("never runs", function() end)
