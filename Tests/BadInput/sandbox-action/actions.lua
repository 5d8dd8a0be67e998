prototype "proto"
local names = { "os.execute", "io.popen", "io.open", "require", "binary load", "string.dump", "debug",
  "string.rep 1 GB", "infinite loop", "deep recursion", "coroutine", "huge table" }
for _, name in ipairs(names) do
  test(name, function() tap(name) end)
end
test("the runner carries on", function() tap "Open"; expect.scene "detail" end)
