return {
  name = "Tiny",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = "Open\nnow", frame = { 2, 10, 30, 20 }, on_tap = go("detail") },
      { label = "Caf\xe9", frame = { 2, 40, 30, 20 }, on_tap = go("detail") },
      { label = "Tab\there", frame = { 2, 60, 30, 10 }, on_tap = go("detail") } } },
    detail = { image = "detail.png", elements = {
      { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
