local api = ...
local sf, show = api.sf, api.show
local misuse = api.misuse
local type, pcall, error, yield = type, pcall, error, coroutine.yield

local function seconds_arg(what, v) return api.finite(what, nil, v, 0, "seconds") end

api.define{ name = "wait", group = "Waiting", step = true,
  signature = "wait(seconds)",
  summary = "Lets `seconds` of clock time pass (frame by frame on the virtual clock, so it costs no real time).",
  args = { { "seconds", "number >= 0", "number" } },
  waits = "exactly that long, to the next frame",
  errors = "seconds not a number >= 0",
  example = "wait(0.5)",
  fn = function(seconds)
    api.inside_test("wait")
    seconds = seconds_arg("wait", seconds)
    local t = sf.now() + seconds
    while sf.now() < t - 1e-9 do yield() end
  end }

api.define{ name = "wait_for", group = "Waiting", step = true,
  signature = "wait_for(locator_or_condition [, timeout])",
  summary = "Waits until an element matching the locator is present in the settled prototype, or until condition() returns a true value. Returns the element table, or the condition's value.",
  args = { { "locator_or_condition", "a locator, or a function checked once per settled frame", "Locator|fun(): any" },
    { "timeout", "clock seconds (default: the with_timeout block's, else 5)", "number" } },
  returns = "the element table {label, kind, frame, value, enabled, visible}, or the condition's value",
  returns_type = "Element|any",
  waits = "as described, up to the timeout",
  errors = "the timeout passes (naming what was awaited, with a did-you-mean for a label)",
  example = 'wait_for "Welcome back"\nwait_for(function() return state.loaded end, 2)',
  fn = function(what_for, timeout)
    local what = "wait_for(" .. show(what_for) .. ")"
    if timeout ~= nil then seconds_arg(what, timeout) end
    timeout = timeout or api.block_timeout or api.default_timeout
    if type(what_for) == "function" then
      return api.poll(what, timeout, function()
        local value = what_for()
        if value then return true, value end
        return false, "the condition stayed false"
      end)
    end
    return api.copy_element(api.resolve(what, what_for, timeout))  -- the script's own table
  end }

api.define{ name = "with_timeout", group = "Waiting",
  signature = "with_timeout(seconds, fn)",
  summary = "Runs fn with a different default timeout for every gesture, wait_for and expectation inside it.",
  args = { { "seconds", "clock seconds >= 0", "number" }, { "fn", "function", "function" } },
  errors = "seconds not a number >= 0; fn not a function; called outside the test's own thread (in a coroutine of the script's own)",
  example = 'with_timeout(10, function() tap "Slow button" end)',
  fn = function(seconds, fn)
    -- Only in the test's own thread, as within: fn yielding out of a coroutine of the
    -- script's own left the timeout set for the rest of the test (red-team 21 F3).
    api.inside_test("with_timeout")
    seconds = seconds_arg("with_timeout", seconds)
    if type(fn) ~= "function" then misuse("with_timeout: expected a function second, got " .. type(fn)) end
    local saved = api.block_timeout
    api.block_timeout = seconds
    local ok, err = pcall(fn)
    api.block_timeout = saved
    if not ok then error(err, 0) end
  end }
