-- Catima (loyalty-card wallet): sample prototype built from the app's own store screenshots.
-- Source: CatimaLoyalty/Android (GPL-3.0), fastlane/metadata/android/en-US/images/phoneScreenshots/
-- screenshot-0{1..4}.png (light theme), byte-identical copies; see LICENSE-NOTE.txt.
-- The dark-theme shots 05-08 (same layout, same hotspots) are left out: nothing on screen switches
-- theme, so they would be unreachable scenes.
-- Images are 1080x2160 px, opaque RGB, no frame: 360x720 pt at scale 3. Frames below are in points.
--
-- Flow: home card grid (01) -> "Restaurant" tile -> card view (04) -> "Back";
-- "+" ("Add card") -> Add Card form, Card tab (02) <-> Options tab (03) (crossfade tab switches);
-- "Save" (the check button) or "Back" closes the form and returns home. The form is presented as a
-- modal so that dismiss() closes it from either tab, whatever tab switches happened in between.
-- State: saving the form counts a saved card (scripts check it with expect.state).
local function save(app)
  app.state.saved_cards = app.state.saved_cards + 1
  app:dismiss()
end

return {
  name = "Catima",
  device = { width = 360, height = 720, scale = 3 },
  start = "home",
  state = { saved_cards = 0 },
  scenes = {
    -- 01: "Catima" home, group tabs All/Fashion/Food/Health, 2-column card grid, "+" FAB bottom-right.
    home = {
      image = "screenshot-01.png",
      elements = {
        { label = "Restaurant", frame = { 4, 477, 172, 108 }, on_tap = go("card", "push_left", 0.35) },
        { label = "Add card", frame = { 296, 635, 51, 50 }, on_tap = present("add_card", "cover_up", 0.35, "ease_out") },
      },
    },
    -- 04: card view "Restaurant" with its barcode; bottom bar < / i / edit / > not wired.
    card = {
      image = "screenshot-04.png",
      elements = {
        { label = "Back", frame = { 0, 29, 48, 48 }, on_tap = back() },
      },
    },
    -- 02: "Add Card", Card tab selected (tabs Card / Options / Photos, 120 pt each, y 82-122).
    add_card = {
      image = "screenshot-02.png",
      elements = {
        { label = "Back", frame = { 0, 29, 48, 48 }, on_tap = dismiss() },
        { label = "Options", frame = { 120, 82, 120, 40 }, on_tap = go("add_card_options", "crossfade", 0.2) },
        { label = "Save", frame = { 296, 635, 51, 50 }, on_tap = save, kind = "button" },
      },
    },
    -- 03: "Add Card", Options tab selected (note, groups, balance, currency, validity, expiry).
    add_card_options = {
      image = "screenshot-03.png",
      elements = {
        { label = "Back", frame = { 0, 29, 48, 48 }, on_tap = dismiss() },
        { label = "Card", frame = { 0, 82, 120, 40 }, on_tap = go("add_card", "crossfade", 0.2) },
        { label = "Save", frame = { 296, 635, 51, 50 }, on_tap = save, kind = "button" },
      },
    },
  },
}
