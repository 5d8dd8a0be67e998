prototype "proto"
for _, name in ipairs({ "error handler loops", "backtracking pattern", "finalizer loops" }) do
  test(name, function() tap(name) end)
end
test("the runner carries on", function() tap "Open"; expect.scene "detail" end)
