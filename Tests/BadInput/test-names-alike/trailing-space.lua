prototype "proto"
test("sign in", function() end)
test("sign in ", function() error("boom") end)
