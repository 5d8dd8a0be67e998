return {
  name = "image-cgbi-png",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "AppIcon.png" },
  },
}
