-- Fossify Notes: sample prototype built from the app's own store screenshots.
-- Source: FossifyOrg/Notes (GPL-3.0), fastlane/metadata/android/en-US/images/phoneScreenshots/
-- {1,2,4,5,6}_en-US.png, byte-identical copies; see LICENSE-NOTE.txt. The home-screen widget shot
-- 3_en-US.png is deliberately left out (it is not an in-app screen).
-- Images are 1080x2400 px, opaque, no frame: 360x800 pt at scale 3. Frames below are in points.
--
-- Flow: note "The Balance Within" (1) <-> checklist note "Camping Trip" (2) by swiping between note
-- tabs; overflow "More options" (either note) -> Settings (4); swipe up on Settings -> Settings scrolled
-- (5), swipe down -> back to (4); "Customize colors" -> colour-picker dialog (6), "OK" / "Cancel"
-- close it; "Back" arrow on Settings -> the note it came from.
--
-- Tabs: the "Camping Trip" tab is NOT visible in screenshot 1 (its tab strip shows only a clipped
-- "Recipe" tab left of the selected "The Balance Within"), and "The Balance Within" tab is not visible
-- in screenshot 2 (Bucket list / Camping Trip / Grocery list). The tabs are sorted by title, so
-- Camping Trip lies to the LEFT of The Balance Within: swiping the finger right on the note pages back
-- towards it, swiping left on the checklist pages forward again. No tab hotspot is wired, because a
-- hotspot labelled "Camping Trip" would sit on text that says something else.
return {
  name = "Notes",
  device = { width = 360, height = 800, scale = 3 },
  start = "note",
  scenes = {
    -- 1_en-US: text note; toolbar icons search / open note / new note / undo / overflow at y 41-89 pt.
    note = {
      image = "1_en-US.png",
      elements = {
        { label = "More options", frame = { 316, 41, 44, 48 }, on_tap = go("settings", "push_left", 0.35) },
      },
      on_swipe = { right = go("checklist", "push_right", 0.3, "ease_out") },
    },
    -- 2_en-US: checklist note "Camping Trip"; same overflow position (no search/undo icons here).
    checklist = {
      image = "2_en-US.png",
      elements = {
        { label = "More options", frame = { 316, 41, 44, 48 }, on_tap = go("settings", "push_left", 0.35) },
      },
      on_swipe = { left = go("note", "push_left", 0.3, "ease_out") },
    },
    -- 4_en-US: Settings, top of the list. Toolbar (with status bar) ends at y 93 pt.
    settings = {
      image = "4_en-US.png",
      elements = {
        { label = "Back", frame = { 2, 40, 48, 48 }, on_tap = back() },
        { label = "Customize colors", frame = { 0, 140, 360, 52 }, on_tap = present("colors", "cover_up", 0.25, "ease_out") },
      },
      -- finger moves up = content scrolls down to the lower half of the list
      on_swipe = { up = go("settings_more", "push_up", 0.3, "ease_out") },
    },
    -- 5_en-US: the same Settings screen scrolled down (Saving / Security / Migrating / Backups).
    settings_more = {
      image = "5_en-US.png",
      elements = {
        { label = "Back", frame = { 2, 40, 48, 48 }, on_tap = back() },
      },
      on_swipe = { down = back() },
    },
    -- 6_en-US: "Customize colors" with the colour-picker dialog open (dialog spans x 32-328, y 250-563 pt).
    colors = {
      image = "6_en-US.png",
      elements = {
        { label = "Cancel", frame = { 180, 508, 56, 40 }, on_tap = dismiss() },
        { label = "OK", frame = { 254, 508, 46, 40 }, on_tap = dismiss() },
      },
    },
  },
}
