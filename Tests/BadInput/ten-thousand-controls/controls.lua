prototype "proto"
test("type, tap and read among 10 000 controls", function()
  type_text("F9999", "hi")
  tap "T1"
  expect.value("T1", "on")
  expect.value("F9999", "hi")
  choose("S2", "B")
  expect.value("S2", "B")
end)
