-- A 1 KiB label (the most a label may have) and a 1 000-character one (issue 15.3: the did-you-mean
-- distance was a full matrix; longer labels are refused at load since).
local huge = string.rep("a", 1024)
local long = string.rep("b", 1000)
return {
  name = "Long labels",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = huge, frame = { 2, 10, 30, 20 }, on_tap = go("detail") },
      { label = long, frame = { 2, 40, 30, 20 }, on_tap = go("detail") } } },
    detail = { image = "detail.png", elements = {
      { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
