return {
  name = 5,
  device = { width = "wide", height = true, scale = {} },
  start = 7,
  screen = 12,
  scenes = {
    home = { image = 3, screen = "corner", elements = {
      { label = 4, frame = "x", on_tap = 9, kind = 1, on_swipe = "left" },
      "str",
      { label = "Ok", frame = { 1, 2, 3 } },
      { label = "Star", frame = { 1, 2, 30, 10 }, control = "star_rating", stars = "five", step = 0.3 },
    }, on_swipe = { sideways = back() } },
    detail = "nope",
    other = { image = "home.png", elements = 5 },
  },
  state = "x",
}
