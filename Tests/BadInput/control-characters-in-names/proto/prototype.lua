-- Control characters in names that are shown or name a file: a NUL in an image name (the file
-- system would read "home.png"), in a transition name and in a state's name, an escape in an
-- element kind, a tab in a scene name.
return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png\0.txt", elements = {
      { label = "Open", kind = "but\27[31mton", frame = { 0, 0, 10, 10 }, on_tap = go("detail", "cross\0fade") },
      { label = "Mode", control = "toggle", frame = { 0, 20, 36, 10 }, states = { off = "home.png", ["o\0n"] = "detail.png" } },
    } },
    detail = { image = "detail.png" },
    ["set\ttings"] = { image = "detail.png" },
  },
}
