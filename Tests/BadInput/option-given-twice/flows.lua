test("login", function() end)
test("logout", function() end)
