prototype "proto"
test("badÿ name", function() end)
test("fails", function() error("boom") end)
