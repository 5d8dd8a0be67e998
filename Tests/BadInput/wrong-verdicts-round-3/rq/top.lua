prototype "../proto"
local a = require "moda"
test("x", function() end)
