-- Walks the Obtainium sample's switches (state-image controls, issue 17): tap flips a switch
-- where it is drawn, expect.value reads its state, on_change keeps it in the prototype's state,
-- and each scene keeps its switches while it stays on the navigation stack.
prototype "../../Prototypes/Obtainium"

test("settings switches flip and report their state", function()
  tap "Settings"
  expect.scene "settings"
  expect.value("Enable background updates", "on")
  expect.value("Disable background updates when not charging", "off")
  tap "Enable background updates"
  expect.value("Enable background updates", "off")
  expect.state("background_updates", "off")
  assert(element("Enable background updates").accessibility_value == "off")
  choose("Disable background updates when not charging", "on")
  expect.value("Disable background updates when not charging", "on")
  choose("Disable background updates when not charging", "on")  -- already on: no tap
  expect.value("Disable background updates when not charging", "on")
  back()
  expect.scene "apps"
  tap "Settings"
  expect.value("Enable background updates", "off")  -- kept: the app's setting, not the screen's
end)

test("an app's options keep their switches while the page is open", function()
  tap "Jerboa"
  tap "App settings"
  expect.scene "options"
  expect.value("Fallback to older releases", "on")
  tap "Track-only"
  expect.value("Track-only", "on")
  expect.state("track_only", "on")
  tap "Fallback to older releases"
  expect.value("Fallback to older releases", "off")
  back()
  expect.scene "app"
end)
