return {
  name = "Labels",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = {
      image = "home.png",
      elements = {
        { label = "Cafe\u{301}", frame = { 2, 2, 30, 10 }, on_tap = go("detail") },
        { label = "Pay 42,00\u{A0}€", frame = { 2, 20, 30, 10 }, on_tap = go("detail") },
        { label = "Pay\u{200E} now", frame = { 2, 40, 30, 10 }, on_tap = go("detail") },
      },
    },
    detail = { image = "detail.png" },
  },
}
