-- Landscape sequences whose turn is declared wrongly: each error names its place and line.
return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", landscape = { "chart", "week", turn = "rotaion" } },
    stocks = { image = "stocks.png", landscape = { "week", turn = false } },
    chart = { image = "chart.png" },
    week = { image = "week.png" },
  },
}
