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
-- Flow: Apps home (01) and Games (02) are the roots of the bottom navigation's tabs (`tabs` below),
-- each tab its own navigation stack: switching tabs is a cut that keeps each stack's place, tapping
-- the selected tab pops it to its root, back() acts on the shown tab. The set has no "Updates"
-- screen, so the bar's third item is left out (its place stays inert). The details screens and the
-- drawer's screens cover the bar (`hides_tab_bar`, as Android hides bottom navigation on detail
-- destinations and UIKit's hidesBottomBarWhenPushed), so they carry no tab hotspots over their own
-- buttons (UPDATE, the rating stars). The details screens show apps
-- that are NOT on the home screens: 03 is "Tor Browser", 04 is "Genshin Impact". As stand-ins,
-- "Wikipedia" on Apps opens 03 and "Stardew Valley" on Games opens 04 (Wikipedia rather than
-- "Learn Python", which appears twice on 01 and would be an ambiguous label); "Back" returns.
-- "Menu" (hamburger, on Apps and on Games) -> navigation drawer (05, presented with cover_right;
-- 05 was captured over the Games tab); tapping the dimmed area right of the drawer dismisses it;
-- drawer "Spoof manager" (06), "Blacklist manager" (07), "About" (08) each have a "Back" arrow that
-- returns to the screen the drawer was opened from (the app closes the drawer when an item is chosen).
-- Rating: on the Tor Browser page, "Your rating" (a live star rating over "Rating and reviews")
-- goes to "thanks" for 4-5 stars and to "feedback" for 1-3 stars; both go back to the page.
local W, H, SCALE = 360, 1441 * 360 / 647, 647 / 360

return {
  name = "AuroraStore",
  device = { width = W, height = H, scale = SCALE },
  start = "apps",
  -- Bottom navigation at y 710-782 pt; Updates (x 240-360) has no screenshot in the set.
  tabs = {
    { label = "Apps", scene = "apps", frame = { 0, 710, 120, 72 } },
    { label = "Games", scene = "games", frame = { 120, 710, 120, 72 } },
  },
  scenes = {
    -- 01: "Apps" home, For you tab: Educational apps, Suggested for you, Productivity; bottom nav
    -- Apps (selected) / Games / Updates at y 710-782 pt.
    apps = {
      image = "screenshot-01.png",
      screen = { 60, 30, 647, 1441 },
      elements = {
        { label = "Menu", frame = { 0, 49, 48, 48 }, on_tap = present("drawer", "cover_right", 0.3, "ease_out") },
        { label = "Wikipedia", frame = { 259, 186, 78, 114 }, on_tap = go("details", "push_left", 0.35) },
      },
    },
    -- 02: "Games" tab, same layout; bottom nav Games selected.
    games = {
      image = "screenshot-02.png",
      screen = { 63, 33, 647, 1441 },
      elements = {
        { label = "Menu", frame = { 0, 49, 48, 48 }, on_tap = present("drawer", "cover_right", 0.3, "ease_out") },
        { label = "Stardew Valley", frame = { 259, 186, 78, 114 }, on_tap = go("game_details", "push_left", 0.35) },
      },
    },
    -- 03: app details "Tor Browser" (rating 4.2, Changelog, More about app, Rating and reviews, UPDATE).
    -- "Your rating" is a live star rating drawn over the screenshot's five empty stars under
    -- "Rating and reviews". Measured in the screen crop: the stars are 46x44 px at x 193-464 px
    -- (pitch 56.5 px = 31.44 pt), y 1247-1290 px. Built-in stars fill about 93% of their box, so
    -- the glyphs are 27.5 pt squares 3.94 pt apart, centred on the drawn row (x 183.06 pt,
    -- y 706.1 pt). The 6 pt touch band stops short of the UPDATE button (y >= 725 pt).
    details = {
      image = "screenshot-03.png",
      screen = { 53, 30, 647, 1441 },
      hides_tab_bar = true,
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = back() },
        { label = "Your rating", control = "star_rating", frame = { 103.06, 692.35, 160, 33.5 },
          stars = 5, star_size = { 27.5, 27.5 }, spacing = 3.94, touch_band = 6,
          -- 4-5 stars: thanks; 1-3 stars: ask what could be better.
          on_change = function(app, value)
            if value >= 4 then
              app:go("thanks", "crossfade", 0.3)
            elseif value >= 1 then
              app:go("feedback", "push_left", 0.35)
            end
          end },
      },
    },
    -- Generated plain scenes (make-rating-scenes.sh; see LICENSE-NOTE.txt), 647x1441 px = the screen.
    thanks = {
      image = "thanks.png",
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = back() },
        { label = "Done", frame = { 0, 725, 360, 56 }, on_tap = back() },
      },
    },
    feedback = {
      image = "feedback.png",
      elements = {
        { label = "Back", frame = { 0, 48, 48, 48 }, on_tap = back() },
        { label = "Send feedback", frame = { 0, 725, 360, 56 }, on_tap = back() },
      },
    },
    -- 04: app details "Genshin Impact V4.0: Fontaine" (rating 4.6, INSTALL).
    game_details = {
      image = "screenshot-04.png",
      screen = { 53, 32, 647, 1441 },
      hides_tab_bar = true,
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
