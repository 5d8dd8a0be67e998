prototype "proto"
test("records then sticks", function()
  step("open", function() tap "Open" end)
  expect.soft(1).to_equal(41)
  log.message("before the stuck call")
  string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")
end)
test("runs after it", function() expect.scene "home" end)
