-- Issue 13's example: a star rating inside a centred 270x230 pt overlay card (at {25, 185} on the
-- 320x600 pt screen). Its stars are 46 pt squares at the top of {20, 70, 230, 66} on the card, so
-- star k is centred at x 25 + 20 + 46k - 23, y 185 + 70 + 23 on the screen.
prototype "../../Prototypes/RatingLab"

test("a star rating in an overlay reads, draws and rates where it is shown", function()
  tap "Rate in a dialog"
  expect.scene "dialog"
  local e = element("Dialog rating")
  expect(e.frame.x).to_be(45)
  expect(e.frame.y).to_be(255)
  expect(e.value).to_be(0)
  expect(e.accessibility_value).to_be("No rating")
  rate("Dialog rating", 4)
  expect.value("Dialog rating", 4)
  expect.state("dialog_changes", { 4 })
end)

test("a finger on the drawn stars rates; one at card-relative places does not", function()
  tap "Rate in a dialog"
  tap_at(20 + 46 * 1 + 23, 70 + 23)     -- star 2 in card coordinates: the dimmed screen above the card
  expect.scene "dialog"
  expect.value("Dialog rating", 0)
  tap_at(25 + 20 + 46 * 1 + 23, 185 + 70 + 23)  -- star 2 where it is drawn
  expect.value("Dialog rating", 2)
  tap "Close"
  expect.scene "lab"
end)
