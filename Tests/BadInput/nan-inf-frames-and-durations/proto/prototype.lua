return {
  name = "Tiny",
  device = { width = 36, height = 80, scale = 1 / 0 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = "A", frame = { 0 / 0, 10, 30, 20 }, on_tap = go("detail", "push_left", 1 / 0) },
      { label = "B", frame = { 2, 1 / 0, 30, 20 }, on_tap = go("detail", "crossfade", 0 / 0) },
      { label = "C", frame = { 2, 10, -1 / 0, 20 }, on_tap = present("detail", "cover_up", -1 / 0) } } },
    detail = { image = "detail.png", elements = {
      { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
