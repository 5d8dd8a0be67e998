-- Rating lab: the star-rating test vectors of DLStarRating (2011) and its successors, on a plain
-- generated background (see LICENSE-NOTE.txt). Scale 1, so points are pixels.
-- "Rating" has the original's geometry: a 320x153 pt control, 5 stars of 50x48 pt, no spacing, a
-- 20 pt touch band: star i (0-based) covers x in [35 + 50i, 85 + 50i), the glyphs y in [42.5, 90.5)
-- and the touch band y in [90.5, 110.5).
-- Every control logs its events into the state: <key>_changing (on_changing values, in order) and
-- <key>_changes (on_change values), so scripts can count them.
-- "Rate in a dialog" presents "dialog" as a centred 270x230 pt overlay card (at {25, 185} on the
-- screen) holding "Dialog rating": its stars are drawn, hit and read on the card, where
-- element() reports them (issue 13's example).
local function recorder(key)
  return function(app, value)
    local list = app.state[key]
    list[#list + 1] = value
  end
end

local function rating(label, key, frame, extra)
  local element = { label = label, control = "star_rating", frame = frame,
    on_changing = recorder(key .. "_changing"), on_change = recorder(key .. "_changes") }
  for k, v in pairs(extra) do element[k] = v end
  return element
end

return {
  name = "RatingLab",
  device = { width = 320, height = 600, scale = 1 },
  start = "lab",
  state = {
    rating_changing = {}, rating_changes = {}, half_changing = {}, half_changes = {},
    min_changing = {}, min_changes = {}, gapped_changing = {}, gapped_changes = {},
    locked_changing = {}, locked_changes = {}, dialog_changing = {}, dialog_changes = {},
  },
  scenes = {
    lab = {
      image = "background.png",
      elements = {
        rating("Rating", "rating", { 0, 0, 320, 153 }, { star_size = { 50, 48 }, touch_band = 20 }),
        rating("Half", "half", { 0, 160, 320, 100 }, { step = 0.5, star_size = { 40, 40 } }),
        rating("Min one", "min", { 100, 270, 220, 60 }, { min = 1, star_size = { 40, 40 }, value = 3 }),
        rating("Gapped", "gapped", { 0, 340, 320, 60 }, { star_size = { 36, 36 }, spacing = 30 }),
        rating("Locked", "locked", { 0, 410, 320, 60 }, { read_only = true, value = 1, star_size = { 40, 40 } }),
        { label = "Rate in a dialog", frame = { 20, 490, 280, 50 },
          on_tap = present("dialog", { overlay = true, position = "center", size = { 270, 230 } }) },
      },
    },
    dialog = {
      image = "dialog.png",
      elements = {
        rating("Dialog rating", "dialog", { 20, 70, 230, 66 }, { touch_band = 20 }),
        { label = "Close", frame = { 0, 180, 270, 50 }, on_tap = dismiss() },
      },
    },
  },
}
