-- Shared steps for the Catima suites (loaded with require "lib.forms").
local M = {}

-- Opens the Add Card form from home and checks it is the Card tab.
function M.open_add_card()
  tap "Add card"
  expect.scene "add_card"
  expect.visible "Options"
end

return M
