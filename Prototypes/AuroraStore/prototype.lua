-- Aurora Store (Google Play client): sample prototype built from the app's own store screenshots.
-- Source: whyorean/AuroraStore (GitHub mirror of gitlab.com/AuroraOSS/AuroraStore), GPL-3.0-or-later,
-- fastlane/metadata/android/en-US/images/phoneScreenshots/screenshot-0{1..8}.png, byte-identical
-- copies; see LICENSE-NOTE.txt. They show third-party Play Store content (icons, names, promo art):
-- fine for internal tests, not for marketing.
--
-- The screenshots are a drawn phone FRAME (light rim, ~15 px dark bezel, punch-hole camera, rounded
-- corners) on a TRANSPARENT background, and the files differ in size (749-752 x 1501-1505 px). The
-- screen inside the bezel was measured per file (first pixel after the dark bezel band on each side)
-- and is 647x1441 px in every file, only its offset differs; each scene gives it as
-- `screen = { x, y, w, h }` in image pixels. The screen's own corners are rounded: the corner
-- pixels of these rectangles are dark bezel (the very corner pixel of each is slightly transparent).
-- Device: 360 pt wide, scale = 647/360 (~1.7972 px/pt), height = 1441/scale (~801.79 pt).
-- Frames below are in points from the top-left of the screen rectangle, not of the image.
--
-- Flow: Apps home (01) <-> Games (02) by the bottom tabs (crossfade). The details screens show apps
-- that are NOT on the home screens: 03 is "Tor Browser", 04 is "Genshin Impact". As stand-ins,
-- "Wikipedia" on Apps opens 03 and "Stardew Valley" on Games opens 04 (Wikipedia rather than
-- "Learn Python", which appears twice on 01 and would be an ambiguous label); "Back" returns.
-- "Menu" (hamburger, on Apps and on Games) -> navigation drawer (05, presented with cover_right;
-- 05 was captured over the Games tab); tapping the dimmed area right of the drawer dismisses it;
-- drawer "Spoof manager" (06), "Blacklist manager" (07), "About" (08) each have a "Back" arrow that
-- returns to the screen the drawer was opened from (the app closes the drawer when an item is chosen).
local W, H, SCALE = 360, 1441 * 360 / 647, 647 / 360

return {
  name = "AuroraStore",
  device = { width = W, height = H, scale = SCALE },
  start = "apps",
  scenes = {
    -- 01: "Apps" home, For you tab: Educational apps, Suggested for you, Productivity; bottom nav
    -- Apps (selected) / Games / Updates at y 710-782 pt.
    apps = {
      image = "screenshot-01.png",
      screen = { 60, 30, 647, 1441 },
      elements = {
        { label = "Menu", frame = { 0, 49, 48, 48 }, on_tap = present("drawer", "cover_right", 0.3, "ease_out") },
        { label = "Wikipedia", frame = { 259, 186, 78, 114 }, on_tap = go("details", "push_left", 0.35) },
        { label = "Games", frame = { 120, 710, 120, 72 }, on_tap = go("games", "crossfade", 0.25) },
      },
    },
    -- 02: "Games" tab, same layout; bottom nav Games selected.
    games = {
      image = "screenshot-02.png",
      screen = { 63, 33, 647, 1441 },
      elements = {
        { label = "Menu", frame = { 0, 49, 48, 48 }, on_tap = present("drawer", "cover_right", 0.3, "ease_out") },
        { label = "Stardew Valley", frame = { 259, 186, 78, 114 }, on_tap = go("game_details", "push_left", 0.35) },
        { label = "Apps", frame = { 0, 710, 120, 72 }, on_tap = go("apps", "crossfade", 0.25) },
      },
    },
    -- 03: app details "Tor Browser" (rating 4.2, Changelog, More about app, Rating and reviews, UPDATE).
    details = {
      image = "screenshot-03.png",
      screen = { 53, 30, 647, 1441 },
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = back() },
      },
    },
    -- 04: app details "Genshin Impact V4.0: Fontaine" (rating 4.6, INSTALL).
    game_details = {
      image = "screenshot-04.png",
      screen = { 53, 32, 647, 1441 },
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = back() },
      },
    },
    -- 05: navigation drawer (x 0-301 pt) over the dimmed Games screen.
    drawer = {
      image = "screenshot-05.png",
      screen = { 55, 31, 647, 1441 },
      elements = {
        { label = "Blacklist manager", frame = { 12, 272, 280, 42 }, on_tap = go("blacklist", "push_left", 0.35) },
        { label = "Spoof manager", frame = { 12, 315, 280, 42 }, on_tap = go("spoof", "push_left", 0.35) },
        { label = "About", frame = { 12, 512, 280, 42 }, on_tap = go("about", "push_left", 0.35) },
        { label = "Close drawer", frame = { 302, 24, 58, 760 }, on_tap = dismiss() },
      },
    },
    -- 06: "Spoof manager", Device tab: device profiles with checkboxes.
    spoof = {
      image = "screenshot-06.png",
      screen = { 53, 32, 647, 1441 },
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = dismiss() },
      },
    },
    -- 07: "Blacklist manager": installed apps with checkboxes.
    blacklist = {
      image = "screenshot-07.png",
      screen = { 54, 30, 647, 1441 },
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = dismiss() },
      },
    },
    -- 08: "About": logo, version, donation and link cards.
    about = {
      image = "screenshot-08.png",
      screen = { 53, 32, 647, 1441 },
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = dismiss() },
      },
    },
  },
}
