prototype "proto"
require "focus_mod"
test("other", function() end)
