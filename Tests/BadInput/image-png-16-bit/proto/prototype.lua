return {
  name = "image-png-16-bit",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "deep.png" },
  },
}
