prototype "proto"
after_all(function() error("the hook failed") end)
test("(after_all)", function() end)
