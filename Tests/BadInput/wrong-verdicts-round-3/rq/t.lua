prototype "../proto"
test("cycle", function() require "moda" end)
test("self", function() require "selfmod" end)
