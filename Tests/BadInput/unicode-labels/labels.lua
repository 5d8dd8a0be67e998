prototype "proto"
test("café", function() tap "Café"; expect.scene "detail" end)
test("no-break space", function() tap "Pay 42,00 €"; expect.scene "detail" end)
test("left-to-right mark", function() with_timeout(0.1, function() tap "Pay now" end) end)
