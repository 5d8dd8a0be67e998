local M = {}
expect.soft(M)
return M
