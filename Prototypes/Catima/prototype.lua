-- Catima (loyalty-card wallet): sample prototype built from the app's own store screenshots.
-- Source: CatimaLoyalty/Android (GPL-3.0), fastlane/metadata/android/en-US/images/phoneScreenshots/
-- screenshot-0{1..4}.png (light theme), byte-identical copies; the chip_*.png state images are
-- crops of screenshot-03.png (make-chip-images.sh); see LICENSE-NOTE.txt.
-- The dark-theme shots 05-08 (same layout, same hotspots) are left out: nothing on screen switches
-- theme, so they would be unreachable scenes.
-- Images are 1080x2160 px, opaque RGB, no frame: 360x720 pt at scale 3. Frames below are in points.
--
-- Flow: home card grid (01) -> "Restaurant" tile -> card view (04) -> "Back";
-- "+" ("Add card") -> Add Card form, presented as a modal, whose Card (02) and Options (03) tabs
-- are a tab bar (`tabs` below): switching is a cut that keeps each tab's page as it was left, and
-- "Save" (the check button), "Back" or system back close the form from either tab. The form's
-- Photos tab has no screenshot, so it is left out (its place stays inert).
-- Controls drawn over the screenshots: the Card tab's "Name" field and the Options tab's "Note"
-- field are text fields (typed text drawn over the field's own background, in the field's size
-- and colours); the Options tab's group chips Fashion / Food / Health are toggles.
-- State: saving the form counts a saved card and keeps its name and groups (scripts check them
-- with expect.state).
local function save(app)
  app.state.saved_cards = app.state.saved_cards + 1
  app.state.saved_name = app.state.name
  app:dismiss()
end

-- A group chip on the Options tab: a toggle whose state images are the chip as drawn (off) and
-- tinted (on); `x`, `w` in points on the chip row (y 209-238 pt). Its state goes to
-- state.<fashion/food/health> ("on" / "off").
local function chip(label, x, w)
  local name = label:lower()
  return { label = label, control = "toggle", frame = { x, 209, w, 29 },
           states = { off = "chip_" .. name .. "_off.png", on = "chip_" .. name .. "_on.png" },
           on_change = function(app, state) app.state[name] = state end }
end

-- An outlined field's text: Roboto 16 sp on the 2.625 px/dp phone is 14 pt here (drawn with the
-- window's face, so a little wider than Roboto); the frame is the field's inside below its
-- floating label, centred on the screenshot's text line (its cap height lands on the
-- screenshot's within 1 px), filled with the form's background to hide the text the screenshot
-- shows; the padding puts the first letter where the screenshot's starts.
local FIELD = { font_size = 14, color = "#1D1B20", placeholder_color = "#787575", background = "#FCFCFC" }
local function field(label, frame, extra)
  local element = { label = label, control = "text_field", frame = frame }
  for key, value in pairs(FIELD) do element[key] = value end
  for key, value in pairs(extra) do element[key] = value end
  return element
end

return {
  name = "Catima",
  device = { width = 360, height = 720, scale = 3 },
  start = "home",
  state = { saved_cards = 0, saved_name = "", name = "Store Name", note = "", fashion = "off", food = "off", health = "off" },
  -- The form's tabs (Card x 0-120, Options x 120-240, Photos x 240-360 pt; y 82-122 pt).
  tabs = {
    { label = "Card", scene = "add_card", frame = { 0, 82, 120, 40 } },
    { label = "Options", scene = "add_card_options", frame = { 120, 82, 120, 40 } },
  },
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
    -- 02: "Add Card", Card tab selected. The Name field's outline is x 63-351, y 136-185 pt; its
    -- text "Store Name" starts at x 77.67 pt, caps y 156-165.67 pt.
    add_card = {
      image = "screenshot-02.png",
      elements = {
        { label = "Back", frame = { 0, 29, 48, 48 }, on_tap = dismiss() },
        field("Name", { 64, 141.67, 286, 39.67 }, { value = "Store Name", padding = 12.67,
          on_change = function(app, text) app.state.name = text end }),
        { label = "Save", frame = { 296, 635, 51, 50 }, on_tap = save, kind = "button" },
      },
    },
    -- 03: "Add Card", Options tab selected (note, groups, balance, currency, validity, expiry). The
    -- Note field's outline is x 9-351, y 136-185 pt; its placeholder "Note" starts at x 24 pt,
    -- caps y 155.33-165 pt.
    add_card_options = {
      image = "screenshot-03.png",
      elements = {
        { label = "Back", frame = { 0, 29, 48, 48 }, on_tap = dismiss() },
        field("Note", { 10, 141, 340, 39.67 }, { placeholder = "Note", padding = 12.67,
          on_change = function(app, text) app.state.note = text end }),
        chip("Fashion", 17, 65),
        chip("Food", 88, 49),
        chip("Health", 143, 58),
        { label = "Save", frame = { 296, 635, 51, 50 }, on_tap = save, kind = "button" },
      },
    },
  },
}
