prototype "../p\0x"
test("t", function() end)
