prototype "proto"
test("t", function() if param("fail") then error("now fails") end end)
