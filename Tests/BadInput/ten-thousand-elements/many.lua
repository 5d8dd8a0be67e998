prototype "proto"
test("tap the last of 10 000 elements", function()
  tap "Item 10000"
  expect.scene "detail"
  back()
  expect.count({ contains = "Item " }, 10000)
  expect.visible "Item 1"
end)
