prototype "proto"
test("bad\xC0\x80 name", function() end)
test("fails", function() error("boom") end)
