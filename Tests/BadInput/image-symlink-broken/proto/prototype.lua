return {
  name = "Tiny",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "loop.png" },
    detail = { image = "dang.png" },
  },
}
