prototype "proto"
skip("later", function() error("ran") end, "ticket \255 title")
test("t", function() end)
