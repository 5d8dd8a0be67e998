before_each(function()
  local settings = nil
  settings.theme = "dark"
end)
test("first", function() tap "Open" end)
test("second", function() tap "Open" end)
