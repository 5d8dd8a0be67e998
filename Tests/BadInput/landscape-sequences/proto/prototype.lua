-- Landscape sequences declared wrongly: each error names its place and line.
return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", landscape = { "chart", "weak", "chart", 7 } },
    stocks = { image = "stocks.png", landscape = {} },
    other = { image = "stocks.png", landscape = { "month", image = "chart.png" } },
    chart = { image = "chart.png" },
    week = { image = "week.png" },
    month = { image = "month.png" },
  },
}
