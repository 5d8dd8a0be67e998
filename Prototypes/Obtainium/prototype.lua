-- Obtainium (app updater): sample prototype with switches drawn over the screenshots (issue 17).
-- Source: ImranR98/Obtainium (GPL-3.0), assets/screenshots/, byte-identical copies; the four
-- *_toggle_*.png images are crops of two of them (see LICENSE-NOTE.txt).
--
-- Plain 1080x2400 px screenshots: a 360x800 pt device at scale 3. Each switch is a
-- `control = "toggle"`: the image of its state is drawn over the screenshot at its frame, a tap
-- flips it, scripts read `value` ("on" / "off") and `on_change(app, state)` runs.
--
-- The "Search" bar on Apps is a `control = "text_field"`: typed text (or the placeholder) is drawn
-- over the bar's empty middle on the bar's own colour; scripts type with type_text.
--
-- Flow: Apps -> gear -> Settings (six switches) -> back; Apps -> Jerboa -> App page -> gear ->
-- Additional options (six switches) -> back.
local settings_switch = { off = "settings_toggle_off.png", on = "settings_toggle_on.png" }
local options_switch = { off = "options_toggle_off.png", on = "options_toggle_on.png" }

-- A switch at the right edge of a settings row whose top is `y` points.
local function switch(label, y, images, value, on_change)
  return { label = label, control = "toggle", frame = { 277, y, 50, 32 }, states = images, value = value,
           on_change = on_change }
end

-- Remembers a switch's state in the prototype's state (scripts read state.<key>).
local function remember(key)
  return function(app, state) app.state[key] = state end
end

return {
  name = "Obtainium",
  device = { width = 360, height = 800, scale = 3 },
  start = "apps",
  state = { background_updates = "on", track_only = "off", search = "", submitted = "" },
  scenes = {
    apps = {
      image = "1.apps.png",
      elements = {
        { label = "Settings", frame = { 316, 28, 44, 44 }, on_tap = go("settings", "push_left", 0.3) },
        { label = "Jerboa", frame = { 10, 278, 340, 62 }, on_tap = go("app", "push_left", 0.3) },
        { label = "Search", control = "text_field", frame = { 55, 78, 180, 40 }, placeholder = "Search",
          font_size = 16, color = "#1C1B1F", placeholder_color = "#49454F", background = "#ECE6EE",
          on_change = function(app, text) app.state.search = text end,
          on_submit = function(app, text) app.state.submitted = text end },
      },
    },
    settings = {
      image = "3.material_you.png",
      elements = {
        switch("Enable background updates", 461, settings_switch, "on", remember("background_updates")),
        switch("Disable background updates when not on Wi-Fi", 519, settings_switch, "on"),
        switch("Disable background updates when not charging", 578, settings_switch, "off"),
        switch("Check for updates on startup", 633, settings_switch, "off"),
        switch("Check for updates on opening an app detail page", 688, settings_switch, "off"),
        switch("Only check installed and track-only apps for updates", 747, settings_switch, "off"),
      },
      on_swipe = { right = back() },
    },
    app = {
      image = "4.app.png",
      elements = {
        { label = "App settings", frame = { 58, 728, 38, 38 }, on_tap = go("options", "push_left", 0.3) },
      },
      on_swipe = { right = back() },
    },
    options = {
      image = "5.app_opts.png",
      elements = {
        switch("Include prereleases", 170, options_switch, "off"),
        switch("Fallback to older releases", 228, options_switch, "on"),
        switch("Verify the 'latest' tag", 418, options_switch, "off"),
        switch("Use latest asset upload as release date", 542, options_switch, "off"),
        switch("Use release title as version string", 601, options_switch, "off"),
        switch("Track-only", 660, options_switch, "off", remember("track_only")),
      },
      on_swipe = { right = back() },
    },
  },
}
