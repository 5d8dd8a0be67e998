-- A scene named with 20 000 characters and a start that misses it by one (issue 15.3).
local name = string.rep("s", 20000)
return {
  name = "Long scene",
  device = { width = 36, height = 80, scale = 1 },
  start = string.rep("s", 19999) .. "t",
  scenes = {
    [name] = { image = "home.png" },
  },
}
