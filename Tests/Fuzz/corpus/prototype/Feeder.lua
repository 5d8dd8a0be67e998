-- Feeder RSS reader: sample prototype built from the app's own store screenshots.
-- Source: spacecowboy/Feeder (GPL-3.0), fastlane/metadata/android/en-US/images/phoneScreenshots/,
-- byte-identical copies; see LICENSE-NOTE.txt. The list and article show third-party news content
-- (Ars Technica) as the reader displays it: fine for tests, not for marketing.
--
-- Every screenshot is a phone FRAME on a TRANSPARENT background (1211x2474 px). `screen = "auto"`
-- lets Sceneflow find the screen inside the bezel (1080x2340 px at {60, 65}); it is shown as a
-- 360x780 pt device at scale 3. Frames below are in points inside that screen.
--
-- Flow: article list -> first card -> article -> Back; list -> "More options" -> Settings (the
-- overflow menu itself is not among the screenshots, so the tap goes straight to Settings) -> Back.
-- The "Theme" row switches between the light (odd files) and the dark (even files) screens.
return {
  name = "Feeder",
  device = { width = 360, height = 780, scale = 3 },
  screen = "auto",
  start = "list",
  scenes = {
    list = {
      image = "1_en-US_phone_portrait_light_list.png",
      elements = {
        { label = "OLED monitor selection is pathetic. 2023 can change that", frame = { 15, 200, 331, 267 },
          on_tap = go("article", "push_left", 0.35) },
        { label = "More options", frame = { 312, 52, 44, 44 }, on_tap = go("settings", "push_left", 0.35) },
      },
    },
    article = {
      image = "3_en-US_phone_portrait_light_article.png",
      elements = { { label = "Back", frame = { 4, 52, 44, 44 }, on_tap = back() } },
      on_swipe = { right = back() },
    },
    settings = {
      image = "5_en-US_phone_portrait_light_settings.png",
      elements = {
        { label = "Back", frame = { 4, 52, 44, 44 }, on_tap = back() },
        { label = "Theme", frame = { 0, 190, 360, 50 }, on_tap = go("settings_dark", "crossfade", 0.3, "linear") },
      },
    },
    list_dark = {
      image = "2_en-US_phone_portrait_dark_list.png",
      elements = {
        { label = "OLED monitor selection is pathetic. 2023 can change that", frame = { 15, 200, 331, 267 },
          on_tap = go("article_dark", "push_left", 0.35) },
        { label = "More options", frame = { 312, 52, 44, 44 }, on_tap = go("settings_dark", "push_left", 0.35) },
      },
    },
    article_dark = {
      image = "4_en-US_phone_portrait_dark_article.png",
      elements = { { label = "Back", frame = { 4, 52, 44, 44 }, on_tap = back() } },
      on_swipe = { right = back() },
    },
    settings_dark = {
      image = "6_en-US_phone_portrait_dark_settings.png",
      elements = {
        -- In the dark theme, leaving Settings shows the dark list: a push right to it.
        { label = "Back", frame = { 4, 52, 44, 44 }, on_tap = go("list_dark", "push_right", 0.35) },
        { label = "Theme", frame = { 0, 190, 360, 50 }, on_tap = go("settings", "crossfade", 0.3, "linear") },
      },
    },
  },
}
