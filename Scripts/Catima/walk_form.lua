-- Walks the Catima sample's Add Card form: its Card / Options tabs are a tab bar inside the
-- presented form (each tab keeps its page as left, system back closes the form from either tab),
-- the Options tab's group chips are toggles, and the Name and Note fields are text fields.
prototype "../../Prototypes/Catima"

test("the form's tabs switch in place and keep what was entered", function()
  tap "Add card"
  expect.scene "add_card"
  expect.value("Card", "selected")
  expect.value("Name", "Store Name")          -- the text the screenshot shows, drawn by the field
  clear_text "Name"
  type_text("Name", "Bookshop")
  expect.value("Name", "Bookshop")
  expect.state("name", "Bookshop")
  tap "Options"
  expect.scene "add_card_options"
  expect.value("Options", "selected")
  assert(element("Card").value == nil, "one tab is selected")
  expect(last_transition().kind).to_be("cover_up")  -- a tab switch is a cut: no new transition
  expect.value("Note", "")
  assert(element("Note").placeholder == "Note")
  type_text("Note", "Member since 2019")
  expect.value("Note", "Member since 2019")
  tap "Options"                                -- the selected tab at its root: nothing happens
  expect.scene "add_card_options"
  tap "Card"
  expect.scene "add_card"                      -- the Card tab where it was left
  expect.value("Name", "Bookshop")
  tap "Options"
  expect.value("Note", "Member since 2019")
end)

test("group chips are toggles", function()
  tap "Add card"
  tap "Options"
  expect.value("Food", "off")
  assert(element("Food").accessibility_value == "off")
  tap "Food"
  expect.value("Food", "on")
  expect.state("food", "on")
  assert(element("Food").accessibility_value == "on")
  choose("Health", "on")
  expect.value("Health", "on")
  tap "Food"
  expect.value("Food", "off")
  tap "Card"
  tap "Options"
  expect.value("Health", "on")                 -- kept while the form is open
  expect.value("Fashion", "off")
end)

test("saving or going back from either tab closes the form", function()
  tap "Add card"
  type_text("Name", " 2")
  tap "Options"
  tap "Save"
  expect.scene "home"
  expect.state("saved_cards", 1)
  expect.state("saved_name", "Store Name 2")
  expect.transition { kind = "reveal_down" }   -- the form's cover_up, undone
  tap "Add card"
  expect.value("Card", "selected")             -- a fresh form opens on its first tab
  tap "Options"
  back()                                       -- system back on a tab's page closes the form
  expect.scene "home"
  expect.state("saved_cards", 1)
end)
