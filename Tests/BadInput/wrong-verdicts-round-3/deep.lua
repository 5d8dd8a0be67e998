prototype "proto"
test("deep to_equal", function()
  local a, b = {}, {}
  local c, d = a, b
  for _ = 1, 200000 do c[1] = {}; c = c[1]; d[1] = {}; d = d[1] end
  expect(a).to_equal(b)
end)
test("drag 3000 s", function() drag("Open", {0, 0}, 3000) end)
test("drag 1e308 s", function() drag("Open", {0, 0}, 1e308) end)
