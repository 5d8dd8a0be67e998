prototype "proto"
test("escapes \27[2J in a name", function()
  log.message("\27[31mred\27[0m and a bell \7")
  error("\27]0;new title\7 and \226\128\168 a line separator")
end)
