prototype "../proto"
test("tree", function() expect.tree "tr" end)
test("shot", function() expect.screenshot "home" end)
