prototype "proto"
test("home shot", function() expect.screenshot "shot\xff" end)
test("capture", function() capture "c\xfe" end)
test("tree", function() expect.tree "t\xc3" end)
test("long name", function() capture(string.rep("x", 300)) end)
test("twice same", function() capture "same"; tap "Open"; capture "same" end)
