-- A scene named with 1 024 characters (the most a name may have) and a start that misses it by one
-- (issue 15.3; longer names are refused at load since).
local name = string.rep("s", 1024)
return {
  name = "Long scene",
  device = { width = 36, height = 80, scale = 1 },
  start = string.rep("s", 1023) .. "t",
  scenes = {
    [name] = { image = "home.png" },
  },
}
