test("opens and comes back", function()
  tap "Open"
  expect.scene "detail"
  back()
  tap "Count"
  expect.state("n", 1)
  swipe("left", { duration = 0.2 })
  expect(#elements()).to_be(2)
end)
