prototype "proto"
local steps = require "steps"
test("opens the detail", function()
  steps.open()
  expect.scene "detail"
end)
