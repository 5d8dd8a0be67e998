-- 10 000 state controls and text fields in one scene, side by side (the hotspot case has 10 000
-- plain elements): every gesture and expectation reads each element's state once, not by
-- comparing it with every other element (that took over 10 s per call).
local els = {}
for i = 1, 10000 do
  local x, y = (i - 1) % 100, (i - 1) // 100
  if i % 3 == 0 then els[i] = { label = "F" .. i, control = "text_field", frame = { x * 4, y, 4, 1 } }
  elseif i % 3 == 1 then els[i] = { label = "T" .. i, control = "toggle", frame = { x * 4, y, 4, 1 }, states = { off = "home.png", on = "detail.png" } }
  else els[i] = { label = "S" .. i, control = "segmented", frame = { x * 4, y, 4, 1 }, states = { A = "home.png", B = "detail.png" },
                  segments = { A = { x * 4, y, 2, 1 }, B = { x * 4 + 2, y, 2, 1 } } } end
end
return { device = { width = 400, height = 100, scale = 1 }, start = "home", scenes = { home = { image = "home.png", elements = els } } }
