-- "Open" counts its calls in an upvalue and in a global; "Break" removes app.go.
local calls = 0
return {
  name = "Leaky",
  device = { width = 36, height = 80, scale = 1 },
  start = "home",
  scenes = {
    home = { image = "home.png", elements = {
      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = function(app)
        calls = calls + 1
        taps = (taps or 0) + 1
        if calls > 1 then error("upvalue carried over: " .. calls) end
        if taps > 1 then error("global carried over: " .. taps) end
        app:go("detail")
      end },
      { label = "Break", frame = { 2, 40, 30, 20 }, on_tap = function(app) rawset(app, "go", nil) end },
    } },
    detail = { image = "detail.png", elements = {
      { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
  },
}
