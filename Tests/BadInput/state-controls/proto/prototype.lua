-- State controls declared wrongly: each error names its place and line.
return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = "Wi-Fi", control = "toggle", frame = { 20, 2, 10, 4 },
        states = { off = "off.png", on = "onn.png" } },
      { label = "Sound", control = "checkbox", frame = { 20, 8, 10, 4 },
        states = { off = "off.png", on = "on.png", mixed = "on.png" }, value = "onn" },
      { label = "Units", control = "segmented", frame = { 2, 20, 30, 4 },
        states = { Metric = "off.png", Imperial = "on.png" },
        segments = {
          Metric = { 2, 20, 16, 4 },
          Imperial = { 16, 20, 20, 4 },
        } },
      { label = "Size", control = "radio", frame = { 2, 30, 30, 20 }, value = 3,
        states = { S = "off.png" } },
      { label = "Mode", control = "switch", frame = { 2, 60, 30, 4 } },
    } },
  },
}
