-- Scripts/Notes/first_script.lua: open Settings from the note and come back
prototype "../../Prototypes/Notes"

test("settings and back", function()
  tap "More options"            -- waits until settled, then presses and releases on the element
  expect.scene "settings"
  tap "Back"
  expect.scene "note"
end)
