-- 40 000 overlapping hotspots in one scene, built in a loop (red-team 15 A1: check listed about 7
-- million overlap warnings, 3.2 GB, and with 100 000 elements aborted).
local elements = {}
for i = 1, 40000 do
  elements[i] = { label = "Item " .. i, frame = { i % 30, i % 75, 5, 5 }, on_tap = go("detail", "none") }
end
return {
  name = "Overlapping",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = elements },
    detail = { image = "detail.png", elements = { { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
