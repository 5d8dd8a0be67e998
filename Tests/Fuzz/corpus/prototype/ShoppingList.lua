-- Privacy Friendly Shopping List: sample prototype built from the app's own store screenshots.
-- Source: SecUSo/privacy-friendly-shopping-list (Apache-2.0), fastlane/metadata/android/en-US/images/
-- phoneScreenshots/{1,3,4,5,7,8}.png, byte-identical copies; see LICENSE-NOTE.txt.
-- Images are 526x935 px, opaque RGB, no frame (Android 7-era emulator): 263x467.5 pt at scale 2.
-- Frames below are in points.
--
-- Flow: home (1, "Birthday" expanded) -> "Birthday" card -> list (3) -> "Cake" row -> Edit Product
-- dialog (4, modal) -> "OKAY" / "CANCEL" -> list; list "Back" -> home.
-- Home "Expand Room Renovation" chevron -> home with both cards expanded (7) (crossfade);
-- there "Room Renovation" -> its list (8) -> "Back", "Birthday" -> (3), "Collapse Room Renovation" -> (1).
-- Note: screenshot 7 comes from another app version (chevrons on the left, not on the right as in 1).
--
-- Left out on purpose:
-- * 2.png (Edit Shopping List dialog): nothing visible on the home screen opens it (the app uses a
--   long press on a list card, which scripts cannot do yet), so no honest tap hotspot exists.
-- * 6.png (Settings) and the navigation drawer, which is not among the screenshots. As a stand-in,
--   the hamburger ("Open navigation drawer") on home crossfades straight to Statistics (5), and the
--   hamburger on Statistics crossfades back (as if the drawer's "Shopping List" item had been chosen).
-- * Product rows in 8: their edit dialog would show "Room Renovation" products, but 4 shows "Cake".
return {
  name = "ShoppingList",
  device = { width = 263, height = 467.5, scale = 2 },
  start = "home",
  scenes = {
    -- 1: "Shopping List" home. Toolbar y 13-50 pt; Birthday card y 55-194, Room Renovation card y 202-244.
    home = {
      image = "1.png",
      elements = {
        { label = "Open navigation drawer", frame = { 0, 14, 36, 36 }, on_tap = go("statistics", "crossfade", 0.3) },
        { label = "Birthday", frame = { 2, 55, 256, 139 }, on_tap = go("list", "push_left", 0.35) },
        { label = "Room Renovation", frame = { 2, 202, 222, 42 }, on_tap = go("list_renovation", "push_left", 0.35) },
        { label = "Expand Room Renovation", frame = { 224, 202, 34, 42 }, on_tap = go("home_expanded", "crossfade", 0.25) },
      },
    },
    -- 7: home with both cards expanded; collapse chevrons now at the left of each card.
    home_expanded = {
      image = "7.png",
      elements = {
        { label = "Open navigation drawer", frame = { 0, 14, 36, 36 }, on_tap = go("statistics", "crossfade", 0.3) },
        { label = "Birthday", frame = { 2, 55, 256, 139 }, on_tap = go("list", "push_left", 0.35) },
        { label = "Collapse Room Renovation", frame = { 2, 202, 36, 42 }, on_tap = back() },
        { label = "Room Renovation", frame = { 38, 202, 220, 117 }, on_tap = go("list_renovation", "push_left", 0.35) },
      },
    },
    -- 3: "Birthday" list: Cake, Cheese, then checked Bier / Juice / Water; footer totals.
    list = {
      image = "3.png",
      elements = {
        { label = "Back", frame = { 0, 14, 36, 36 }, on_tap = back() },
        -- the row left of its checkbox (x 211) and expand chevron
        { label = "Cake", frame = { 2, 56, 204, 40 }, on_tap = present("edit_product", "crossfade", 0.2) },
      },
    },
    -- 4: "Edit Product" dialog over the list (dialog x 18-245, y 93-324 pt).
    edit_product = {
      image = "4.png",
      elements = {
        { label = "CANCEL", frame = { 150, 292, 46, 30 }, on_tap = dismiss() },
        { label = "OKAY", frame = { 200, 292, 36, 30 }, on_tap = dismiss() },
      },
    },
    -- 8: "Room Renovation" list: Tiles, Blue paint / White paint checked and expanded.
    list_renovation = {
      image = "8.png",
      elements = {
        { label = "Back", frame = { 0, 14, 36, 36 }, on_tap = back() },
      },
    },
    -- 5: "Statistics" (bar chart Price vs. Product). Reached without the drawer, see above.
    statistics = {
      image = "5.png",
      elements = {
        { label = "Open navigation drawer", frame = { 0, 14, 36, 36 }, on_tap = back() },
      },
    },
  },
}
