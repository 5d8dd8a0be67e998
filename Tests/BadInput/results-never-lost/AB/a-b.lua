prototype "../proto"
test("t", function() error("two") end)
