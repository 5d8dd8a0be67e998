prototype "proto"
test("floods the log", function()
  local s = string.rep("x", 1024 * 1024)
  for i = 1, 2000 do log.message(s) end
end)
test("raises a 127 MiB error", function() error(string.rep("e", 127 * 1024 * 1024)) end)
