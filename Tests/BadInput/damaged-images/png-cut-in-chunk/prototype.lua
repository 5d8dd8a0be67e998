return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = { { label = "Open", frame = { 0, 0, 10, 10 }, on_tap = go("detail") } } },
    detail = { image = "detail.png" },
  },
}
