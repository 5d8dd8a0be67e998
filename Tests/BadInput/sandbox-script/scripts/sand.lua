prototype "../proto"
test("os.execute", function() os.execute("touch /tmp/sceneflow-pwned") end)
test("io.popen", function() io.popen("id") end)
test("io.open outside", function() io.open("/etc/passwd") end)
test("require with ..", function() require("../secret") end)
test("require of an absolute path", function() require("/etc/passwd") end)
test("require through a symbolic link", function() require("link") end)
test("require beside the script works", function() expect(require("lib.helper").ok).to_be(true) end)
test("load of a binary chunk", function() assert(load("\27Lua\84\0\25\147\r\n\26\n")) end)
test("string.dump", function() string.dump(print) end)
test("debug library", function() debug.sethook() end)
test("string metatable", function() expect(getmetatable("")).to_be("string") end)
test("string.rep of 1 GB", function() local s = string.rep("x", 1 << 30) end)
test("infinite loop", function() while true do end end)
test("deep recursion", function() local function f(n) return 1 + f(n + 1) end f(1) end)
test("coroutine bomb", function()
  local all = {}
  for i = 1, 1e8 do all[i] = coroutine.create(function() end) end
end)
test("nested coroutines", function()
  local function dive() coroutine.wrap(dive)() end
  dive()
end)
test("a finalizer through Sceneflow's metatable", function()
  getmetatable(element("Open")).__gc = function() while true do end end
end)
test("a finalizer rawset into Sceneflow's metatable", function()
  rawset(getmetatable(state), "__gc", function() while true do end end)
  for _ = 1, 5 do expect(1).to_be(1); element("Open"); collectgarbage() end
end)
test("the runner carries on", function() tap "Open"; expect.scene "detail" end)
