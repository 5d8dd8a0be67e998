local M = {}
function M.open() tap "Open" end
return M
