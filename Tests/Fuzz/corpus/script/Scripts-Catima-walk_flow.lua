-- Walks the whole Catima sample flow: every scene and every wired element at least once.

test("open the Restaurant card and go back", function()
  expect.scene "home"
  tap "Restaurant"
  expect.scene "card"
  tap "Back"
  expect.scene "home"
  tap "Restaurant"
  expect.scene "card"
  back()                       -- system back does the same
  expect.scene "home"
end)

test("add a card: switch tabs and save", function()
  expect.scene "home"
  tap "Add card"
  expect.scene "add_card"
  tap "Options"
  expect.scene "add_card_options"
  tap "Card"
  expect.scene "add_card"
  tap "Save"
  expect.scene "home"
end)

test("add a card: save or leave from the Options tab", function()
  tap "Add card"
  expect.scene "add_card"
  tap "Options"
  expect.scene "add_card_options"
  tap "Save"
  expect.scene "home"
  tap "Add card"
  tap "Options"
  expect.scene "add_card_options"
  tap "Back"
  expect.scene "home"
  tap "Add card"
  expect.scene "add_card"
  tap "Back"
  expect.scene "home"
end)
