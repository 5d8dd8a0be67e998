prototype "proto"
test("a present/dismiss loop in one action is stopped", function() tap "Cycle" end)
test("presenting a scene over itself 50 times, then dismissing them all", function()
  for _ = 1, 50 do tap "Self" end
  for _ = 1, 50 do tap "Close" end
  expect.scene "home"
  expect.count("Close", 1)
end)
test("dismiss with no modal does nothing", function() tap "Close"; expect.scene "home" end)
