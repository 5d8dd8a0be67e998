-- Landscape sequences that cannot say which portrait scene turning upright shows.
return {
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", landscape = { "chart", "week" } },
    stocks = { image = "stocks.png", landscape = { "week", "month" } },
    other = { image = "stocks.png", landscape = { "month", "home" } },
    chart = { image = "chart.png" },
    week = { image = "week.png" },
    month = { image = "month.png" },
  },
}
