-- Walks the whole Fossify Notes sample flow: every scene and every wired element/swipe at least once.

test("switching between the text note and the checklist note", function()
  expect.scene "note"
  swipe "right"                -- finger moves right: page back to the "Camping Trip" tab
  expect.scene "checklist"
  swipe "left"                 -- and forward again to "The Balance Within"
  expect.scene "note"
end)

test("settings scroll positions and back", function()
  expect.scene "note"
  tap "More options"
  expect.scene "settings"
  swipe "up"                   -- finger moves up: scroll to the lower half of Settings
  expect.scene "settings_more"
  swipe "down"
  expect.scene "settings"
  swipe "up"
  expect.scene "settings_more"
  tap "Back"                   -- back arrow pops one level: top of Settings
  expect.scene "settings"
  tap "Back"
  expect.scene "note"
end)

test("customize colors dialog from the checklist", function()
  swipe "right"
  expect.scene "checklist"
  tap "More options"
  expect.scene "settings"
  tap "Customize colors"
  expect.scene "colors"
  tap "OK"
  expect.scene "settings"
  tap "Customize colors"
  expect.scene "colors"
  tap "Cancel"
  expect.scene "settings"
  back()                       -- system back returns to the note Settings was opened from
  expect.scene "checklist"
end)
