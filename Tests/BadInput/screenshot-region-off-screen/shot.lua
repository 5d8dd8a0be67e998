prototype "proto"
test("right of the screen", function() expect.screenshot("home", { region = { 40, 0, 10, 10 } }) end)
test("above and left", function() expect.screenshot("home", { region = { -20, -20, 10, 10 } }) end)
test("below", function() expect.screenshot("home", { region = { 0, 80, 36, 5 } }) end)
