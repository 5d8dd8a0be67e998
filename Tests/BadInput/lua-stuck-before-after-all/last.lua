prototype "proto"
after_all(function() error("after_all broke") end)
test("first", function() end)
test("stuck", function() string.find(string.rep("a", 40), string.rep("a-", 20) .. "b") end)
