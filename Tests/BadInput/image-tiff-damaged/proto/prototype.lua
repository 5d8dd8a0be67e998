return {
  name = "image-tiff-damaged",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "screen.tif" },
  },
}
