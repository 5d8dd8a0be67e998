prototype "long-label"
test("a 1 KiB label missing one character", function() tap(string.rep("a", 1023)) end)
test("a 1000-character label missing one, waited for", function() tap(string.rep("b", 999), { timeout = 2 }) end)
test("a 1 MiB locator against short labels", function() tap(string.rep("c", 1024 * 1024)) end)
