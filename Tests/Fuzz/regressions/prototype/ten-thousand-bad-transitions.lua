-- 10 000 elements in one scene, built in a loop.
local elements = {}
for i = 1, 10000 do
  elements[i] = { label = "Item " .. i, frame = { (i % 6) * 6, (i // 6) % 80, 5, 1 }, on_tap = go("detail", "noje") }
end
return {
  name = "Many",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = elements },
    detail = { image = "detail.png", elements = { { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
