-- The star-rating test vectors of issue 4 (DLStarRating's geometry and its successors' fixes),
-- driven through the same press -> move -> release path as the mouse.
prototype "../../Prototypes/RatingLab"

test("a tap on star k gives k, and the cell edges are exact", function()
  tap_at(60, 60)                        -- inside star 1
  expect.value("Rating", 1)
  tap_at(85, 60)                        -- x = 85 is the left edge of star 2: star 2
  expect.value("Rating", 2)
  tap_at(84.9, 60)                      -- just left of it: star 1
  expect.value("Rating", 1)
  tap_at(200, 100)                      -- the touch band below the glyphs counts
  expect.value("Rating", 4)
  expect.state("rating_changes", { 1, 2, 1, 4 })
end)

test("dragging lights stars as the finger moves and fires one on_change at release", function()
  set_value("Rating", 2)                -- programmatic: fires nothing
  expect.state("rating_changes", {})
  drag({ 60, 60 }, { 200, 100 }, 0.3)   -- press on star 1, move to star 4 (in the touch band)
  expect.value("Rating", 4)
  local changing = state.rating_changing
  expect(changing[1]).to_be(1)          -- the press itself sets 1
  expect(changing[#changing]).to_be(4)
  expect.state("rating_changes", { 4 })
  drag({ 200, 100 }, { 20, 140 }, 0.3)  -- below the band, left of the first star: 0
  expect.value("Rating", 0)
  expect(element("Rating").accessibility_value).to_be("No rating")
  expect.state("rating_changes", { 4, 0 })
end)

test("a fast drag never freezes at the last in-range sample", function()
  drag({ 60, 60 }, { 400 - 90, 60 }, 0.05)  -- three samples; the last is right of the row
  expect.value("Rating", 5)
end)

test("min = 1: a drag far to the left gives 1 and one lit star", function()
  expect.value("Min one", 3)
  drag({ 230, 300 }, { 20, 300 }, 0.3)  -- from star 3 to left of the row
  expect.value("Min one", 1)
  expect(element("Min one").accessibility_value).to_be("1 of 5 stars")
end)

test("half steps snap half-up and clamp", function()
  set_value("Half", 2.1)
  expect.value("Half", 2)
  set_value("Half", 2.25)
  expect.value("Half", 2.5)
  set_value("Half", 3.75)
  expect.value("Half", 4)
  expect(element("Half").accessibility_value).to_be("4 of 5 stars")
  set_value("Half", 7)
  expect.value("Half", 5)
  expect.state("half_changes", {})      -- values set from a script fire nothing
end)

test("one drag to 4 after a scripted 3 fires exactly one on_change(4)", function()
  set_value("Rating", 3)
  rate("Rating", 4)
  expect.state("rating_changes", { 4 })
end)

test("spacing: the gap belongs to the star on its left", function()
  tap_at(10 + 216, 370)                 -- the centre of the 4th star, 216 pt from the row's edge
  expect.value("Gapped", 4)
  tap_at(127, 370)                      -- in the 30 pt gap after star 2
  expect.value("Gapped", 2)
end)

test("increment stops at the maximum, decrement at the minimum", function()
  set_value("Rating", 5)
  increment("Rating")
  expect.value("Rating", 5)
  set_value("Min one", 1)
  decrement("Min one")
  expect.value("Min one", 1)
end)

test("read-only ignores a drag and fires nothing", function()
  drag({ 20, 440 }, { 300, 440 }, 0.3)  -- from star 1 to past star 5
  expect.value("Locked", 1)
  expect.state("locked_changing", {})
  expect.state("locked_changes", {})
end)
