-- A small prototype for `sceneflow hotspot` refusals: "home" and "detail" are written as
-- tables; "made" is built by a function, so it cannot be edited safely.
local function scene(image)
  return { image = image, elements = { { label = "Made", frame = { 0, 0, 36, 20 }, on_tap = back() } } }
end

return {
  name = "Hotspots",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = {
      image = "home.png",
      elements = {
        { label = "Open", frame = { 0, 0, 36, 20 }, on_tap = go("detail") },
        { label = "Café", frame = { 0, 20, 36, 20 }, on_tap = go("made") },
      },
    },
    detail = { image = "detail.png", elements = { { label = "Back", frame = { 0, 0, 36, 20 }, on_tap = back() } } },
    made = scene("detail.png"),
  },
}
