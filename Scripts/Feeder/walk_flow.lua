-- Walks the Feeder sample (framed screenshots, screen found with screen = "auto").
prototype "../../Prototypes/Feeder"

test("read the first article and come back", function()
  expect.scene "list"
  tap "OLED monitor selection is pathetic. 2023 can change that"
  expect.scene "article"
  tap "Back"
  expect.scene "list"
  tap "OLED monitor selection is pathetic. 2023 can change that"
  expect.scene "article"
  swipe "right"                -- the finger moves right: back
  expect.scene "list"
end)

test("settings, switch to the dark theme and read in the dark", function()
  tap "More options"
  expect.scene "settings"
  tap "Theme"
  expect.scene "settings_dark"
  tap "Back"
  expect.scene "list_dark"
  tap "OLED monitor selection is pathetic. 2023 can change that"
  expect.scene "article_dark"
  back()
  expect.scene "list_dark"
  tap "More options"
  expect.scene "settings_dark"
  tap "Theme"
  expect.scene "settings"
  tap "Back"
  expect.scene "settings_dark"   -- back() pops one level: the dark settings it came from
end)
