prototype "proto"
test("max_diff_pixels 2^63", function() expect.screenshot("home", { max_diff_pixels = 2 ^ 63 }) end)
test("max_diff_pixels math.maxinteger", function() expect.screenshot("home", { max_diff_pixels = math.maxinteger }) end)
test("mask NaN", function() expect.screenshot("home", { mask = { { 0 / 0, 0, 5, 5 } } }) end)
test("mask 1e308 wide", function() expect.screenshot("home", { mask = { { 0, 0, 1e308, 5 } } }) end)
test("region -1e308", function() expect.screenshot("home", { region = { -1e308, 0, 5, 5 } }) end)
test("region 1e308 tall", function() expect.screenshot("home", { region = { 0, 0, 5, 1e308 } }) end)
test("region infinity", function() expect.screenshot("home", { region = { x = 0, y = 0, w = 1 / 0, h = 5 } }) end)
test("still runs", function() tap "Open" end)
