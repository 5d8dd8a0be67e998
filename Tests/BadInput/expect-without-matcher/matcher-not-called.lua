prototype "proto"
test("the parentheses forgotten", function() assert(expect(false).to_be_truthy) end)
test("soft, kept and dropped", function() local check = expect.soft(1).to_equal; local _ = check end)
test("called after all", function() local is = expect("home").to_be; is("home") end)
