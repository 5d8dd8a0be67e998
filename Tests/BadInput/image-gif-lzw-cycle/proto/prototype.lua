return {
  name = "image-gif-lzw-cycle",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "loop.gif" },
  },
}
