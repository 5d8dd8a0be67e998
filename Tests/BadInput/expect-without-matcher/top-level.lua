prototype "proto"
expect(#"abc")
test("never runs", function() end)
