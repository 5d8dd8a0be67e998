prototype "proto"
after_all(function() while true do end end)
test("d1", function() end)
test("d2", function() expect.soft(1).to_equal(2) end)
