-- Rates Tor Browser on its details page with the live star rating over "Rating and reviews":
-- 4-5 stars lead to the thanks scene, 1-3 stars to the feedback scene (Prototypes/AuroraStore).
prototype "../../Prototypes/AuroraStore"

local function open_details()
  tap "Wikipedia"                -- stand-in that opens the Tor Browser details
  expect.scene "details"
  expect.value("Your rating", 0)
  assert(element("Your rating").accessibility_value == "No rating")
end

test("four stars say thanks", function()
  open_details()
  rate("Your rating", 4)         -- a real press, drag and release across the stars
  expect.scene "thanks"
  back()
  expect.scene "details"
  expect.value("Your rating", 4)  -- the value stays while the session runs
  assert(element("Your rating").accessibility_value == "4 of 5 stars")
end)

test("two stars ask for feedback", function()
  open_details()
  rate("Your rating", 5)
  expect.scene "thanks"
  back()
  rate("Your rating", 2)         -- drags left from 5 to 2
  expect.scene "feedback"
  tap "Send feedback"
  expect.scene "details"
  expect.value("Your rating", 2)
end)

test("values set by the script fire nothing", function()
  open_details()
  set_value("Your rating", 5)
  increment("Your rating")        -- stops at the maximum
  expect.value("Your rating", 5)
  decrement("Your rating")
  decrement("Your rating")
  expect.value("Your rating", 3)
  assert(element("Your rating").value == 3)
  expect.scene "details"          -- no on_change ran
  set_value("Your rating", 3.6)   -- snapped to the whole-star step
  expect.value("Your rating", 4)
  expect.scene "details"
end)

test("dragging back to the value at press reports no change", function()
  open_details()
  set_value("Your rating", 3)
  rate("Your rating", 3)          -- already 3: nothing to drag, nothing fires
  expect.scene "details"
  rate("Your rating", 1)          -- 1 star: the feedback scene
  expect.scene "feedback"
end)
