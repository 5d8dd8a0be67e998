-- Types into the Obtainium sample's "Search" field (a text field drawn over the screenshot's
-- empty search bar): type_text taps the field where it is drawn and types, on_change keeps the
-- query in the prototype's state, Return submits, and the text stays while the scene is on the
-- navigation stack.
prototype "../../Prototypes/Obtainium"

test("the search field takes typing and keeps it", function()
  expect.value("Search", "")
  assert(element("Search").placeholder == "Search")
  type_text("Search", "jerb")
  expect.value("Search", "jerb")
  expect.state("search", "jerb")
  type_text("Search", "oa\n")  -- Return submits
  expect.state("submitted", "jerboa")
  tap "Jerboa"
  expect.scene "app"
  back()
  expect.value("Search", "jerboa")  -- kept while the scene stays on the stack
  clear_text("Search")
  expect.value("Search", "")
  type_text("Search", "Tōkyō 東京 👩‍💻")
  expect.value("Search", "Tōkyō 東京 👩‍💻")
end)
