return {
  name = "Look-alike",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = { { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") } } },
    ["detail\u{A0}"] = { image = "detail.png" },
  },
}
