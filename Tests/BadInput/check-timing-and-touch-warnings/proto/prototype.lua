return { device = { width = 36, height = 80, scale = 1 }, start = "home",
  scenes = { home = { image = "home.png", after = 1e-300, on_after = go("detail", "push_left", 1e-300),
                      elements = { { label = "Sub", control = "text_field", frame = {0, 40, 36, 10} },
                                   { label = "Stars", control = "star_rating", frame = {0, 50, 36, 10} },
                                   { label = "Dot", frame = {0, 0, 1e-300, 1e-300}, on_tap = go("detail") } } },
             detail = { image = "detail.png", after = 4.9e-324, on_after = go("home", "crossfade", 0) } } }
