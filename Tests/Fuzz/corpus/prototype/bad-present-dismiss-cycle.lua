return {
  name = "Tiny",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = "Cycle", frame = { 2, 10, 30, 20 }, on_tap = function(app)
          while true do app:present("detail", "none"); app:dismiss() end
        end },
      { label = "Self", frame = { 2, 40, 30, 20 }, on_tap = present("home", "none") },
      { label = "Close", frame = { 2, 60, 30, 10 }, on_tap = dismiss() } } },
    detail = { image = "detail.png", elements = {
      { label = "Again", frame = { 2, 10, 30, 20 }, on_tap = present("home", "none") },
      { label = "Close", frame = { 2, 40, 30, 20 }, on_tap = dismiss() } } },
  },
}
