-- Walks Aurora Store's bottom navigation: each tab its own navigation stack, the selected tab
-- read from the bar, back() acting on the shown tab, the selected tab popping to its root.
prototype "../../Prototypes/AuroraStore"

test("the bar shows which tab is selected", function()
  expect.value("Apps", "selected")
  assert(element("Games").value == nil, "Games is not selected at the start")
  tap "Games"
  expect.scene "games"
  expect.value("Games", "selected")
  assert(element("Apps").value == nil, "only one tab is selected")
  tap "Apps"
  expect.scene "apps"
  expect.value("Apps", "selected")
end)

test("back() acts on the shown tab's stack", function()
  tap "Games"
  tap "Stardew Valley"         -- stand-in: opens the Genshin Impact details (04)
  expect.scene "game_details"
  assert(element("Apps") == nil, "the details screen covers the bar")
  back()                       -- system back: pops the Games tab's stack
  expect.scene "games"
  expect.value("Games", "selected")
  tap "Apps"
  expect.scene "apps"          -- the Apps stack as it was left: its root
  tap "Wikipedia"
  expect.scene "details"
  back()
  expect.scene "apps"
  expect.value("Apps", "selected")
end)

test("each tab keeps its place while the other is shown", function()
  tap "Games"
  tap "Menu"                   -- the drawer covers the Games tab
  expect.scene "drawer"
  tap "Close drawer"
  expect.scene "games"
  tap "Apps"
  tap "Games"
  expect.scene "games"
  expect.value("Games", "selected")
  tap "Games"                  -- the selected tab at its root: nothing to pop
  expect.scene "games"
end)
