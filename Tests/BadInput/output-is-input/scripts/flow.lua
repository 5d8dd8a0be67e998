prototype "../proto"
local forms = require "lib.forms"
test("opens", function() forms.open() end)
