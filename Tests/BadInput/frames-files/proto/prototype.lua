return {
  name = "Tiny",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail", "push_left", 0.3) } } },
    detail = { image = "detail.png", elements = {
      { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
