-- 2 000 tabs: a tab bar holds at most 20, so check refuses it at once (it used to take 37 s
-- and 1.97 GB laying every tab out on every scene of every tab's stack).
local N = 2000
local scenes, tabs = {}, {}
for i = 1, N do
  scenes["s" .. i] = { image = "home.png" }
  tabs[i] = { label = "T" .. i, scene = "s" .. i, frame = { (i - 1) * 5, 700, 5, 100 } }
end
return { device = { width = 100000, height = 800, scale = 0.1 }, start = "s1", scenes = scenes, tabs = tabs }
