prototype "../../../proto"
test("t", function() error("three") end)
