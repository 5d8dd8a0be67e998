-- Walks the whole Privacy Friendly Shopping List sample flow: every scene and every wired element.
prototype "../../Prototypes/ShoppingList"

test("edit a product of the Birthday list", function()
  expect.scene "home"
  tap "Birthday"
  expect.scene "list"
  tap "Cake"
  expect.scene "edit_product"
  tap "OKAY"
  expect.scene "list"
  tap "Cake"
  expect.scene "edit_product"
  tap "CANCEL"
  expect.scene "list"
  tap "Back"
  expect.scene "home"
end)

test("Room Renovation from the collapsed and the expanded home", function()
  expect.scene "home"
  tap "Room Renovation"
  expect.scene "list_renovation"
  tap "Back"
  expect.scene "home"
  tap "Expand Room Renovation"
  expect.scene "home_expanded"
  tap "Room Renovation"
  expect.scene "list_renovation"
  back()
  expect.scene "home_expanded"
  tap "Birthday"
  expect.scene "list"
  back()
  expect.scene "home_expanded"
  tap "Collapse Room Renovation"
  expect.scene "home"
end)

test("statistics through the hamburger stand-in", function()
  tap "Open navigation drawer"
  expect.scene "statistics"
  tap "Open navigation drawer"
  expect.scene "home"
  tap "Expand Room Renovation"
  expect.scene "home_expanded"
  tap "Open navigation drawer"
  expect.scene "statistics"
  back()
  expect.scene "home_expanded"
end)
