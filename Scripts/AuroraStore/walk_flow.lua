-- Walks the whole Aurora Store sample flow: every scene and every wired element at least once.
prototype "../../Prototypes/AuroraStore"

test("bottom tabs and app details", function()
  expect.scene "apps"
  tap "Wikipedia"              -- stand-in: opens the Tor Browser details (03)
  expect.scene "details"
  tap "Back"
  expect.scene "apps"
  tap "Games"
  expect.scene "games"
  tap "Stardew Valley"         -- stand-in: opens the Genshin Impact details (04)
  expect.scene "game_details"
  tap "Back"
  expect.scene "games"
  tap "Apps"
  expect.scene "apps"
end)

test("drawer opens and closes from both tabs", function()
  tap "Menu"
  expect.scene "drawer"
  tap "Close drawer"           -- the dimmed area right of the drawer
  expect.scene "apps"
  tap "Games"
  expect.scene "games"
  tap "Menu"
  expect.scene "drawer"
  tap "Close drawer"
  expect.scene "games"
end)

test("drawer items and back", function()
  tap "Menu"
  expect.scene "drawer"
  tap "Spoof manager"
  expect.scene "spoof"
  tap "Back"
  expect.scene "apps"
  tap "Menu"
  tap "Blacklist manager"
  expect.scene "blacklist"
  tap "Back"
  expect.scene "apps"
  tap "Menu"
  tap "About"
  expect.scene "about"
  back()                       -- system back pops to the drawer
  expect.scene "drawer"
  tap "About"
  expect.scene "about"
  tap "Back"
  expect.scene "apps"
end)
