local api = ...
local sf, fail, quote, show = api.sf, api.fail, api.quote, api.show
local misuse = api.misuse
local type, format, abs, floor, max = type, string.format, math.abs, math.floor, math.max
local RATE_TIME, RATE_STEPS = 0.3, 12

-- Waits for the one element the locator matches and returns its star-rating fields.
local function star_rating(what, loc, opts)
  if opts ~= nil and type(opts) ~= "table" then
    misuse(what .. ": options must be a table such as {timeout = 2}, got " .. show(opts))
  end
  local timeout = api.timeout(opts, what)
  local e = api.resolve(what, loc, timeout)
  local value, min, maximum, step, read_only, spoken = sf.control(e.label)
  if value == nil then fail(what .. ": " .. min) end
  return { label = e.label, value = value, min = min, max = maximum, step = step, read_only = read_only,
           accessibility_value = spoken }, timeout
end

local function stars_argument(what, value)
  if type(value) ~= "number" then misuse(what .. ": expected a number of stars, got " .. show(value)) end
  if value ~= value then misuse(what .. ": the value is not a number (NaN)") end
end

api.define{ name = "rate", group = "Controls", step = true,
  signature = "rate(locator, value [, {timeout = seconds}])",
  summary = "Rates with a real drag across a star rating, through the same input path as the mouse: press at the current value's position where the stars are drawn (at least the first step's, as a press must start on the stars), 12 moves over 0.3 s to the position of `value`, release. The prototype's on_changing / on_change run as for a person; a read-only control ignores the drag. Does nothing when the value is already `value`. Fails when no finger could press there: the control is disabled, covered by an element declared after it, or scrolled out of view (scroll_to it first).",
  args = { { "locator", "as tap; the element must be a star rating", "Locator" },
    { "value", "stars: one of the control's values (from min to max in steps of step)", "number" },
    { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "no such star rating; a value the control cannot take; a control a finger cannot reach (disabled, covered, scrolled out of view)",
  example = 'rate("Your rating", 4)\nexpect.scene "thanks"',
  fn = function(loc, value, opts)
    local what = "rate(" .. show(loc) .. ", " .. show(value) .. ")"
    stars_argument(what, value)
    local c, timeout = star_rating(what, loc, opts)
    local n = value / c.step
    if value < c.min - 1e-9 or value > c.max + 1e-9 or abs(n - floor(n + 0.5)) > 1e-6 then
      fail(format("%s: %s takes values from %g to %g in steps of %g", what, quote(c.label), c.min, c.max,
        c.step))
    end
    if abs(value - c.value) < 1e-9 then return end
    -- The press goes where a finger would, through the same hit path: a control no
    -- finger can reach there (disabled, covered, scrolled away) fails here.
    local sx, sy = sf.control_press(c.label, max(c.value, c.step))
    if sx == nil then fail(what .. ": " .. sy) end
    local tx = sf.control_point(c.label, value)
    api.deliver(what, "the rating was not changed", timeout, function()
      local t = sf.now()
      sf.input("down", sx, sy, t)
      for i = 1, RATE_STEPS do
        local f = i / RATE_STEPS
        sf.input("move", sx + (tx - sx) * f, sy, t + RATE_TIME * f)
      end
      sf.input("up", tx, sy, t + RATE_TIME)
      return t + RATE_TIME
    end)
  end }

api.define{ name = "set_value", group = "Controls", step = true,
  signature = "set_value(locator, value [, {timeout = seconds}])",
  summary = "Sets a star rating's value as the prototype does: snapped half-up to the step, clamped to min and max, firing no on_changing / on_change (also on read-only controls). With a state name, sets a toggle, check box, segmented control or radio group to that state, firing no on_change.",
  args = { { "locator", "as tap; a star rating or a state control", "Locator" }, { "value", "stars, or a state name", "number|string" }, { "timeout", "as tap", "number" } },
  returns = "the stored value", returns_type = "number|string",
  waits = "until settled and the element is present",
  errors = "no such star rating or state control; NaN; a state the control does not have (with did-you-mean)",
  example = 'set_value("Your rating", 3)\nexpect.value("Your rating", 3)',
  fn = function(loc, value, opts)
    local what = "set_value(" .. show(loc) .. ", " .. show(value) .. ")"
    if type(value) == "string" then  -- a toggle, check box, segmented control or radio group
      local timeout = api.timeout(opts, what)
      local e = api.resolve(what, loc, timeout)
      local stored, problem = sf.set_state(e.label, value)
      if stored == nil then fail(what .. ": " .. problem) end
      return stored
    end
    stars_argument(what, value)
    local c = star_rating(what, loc, opts)
    local stored, problem = sf.set_value(c.label, value)
    if stored == nil then fail(what .. ": " .. problem) end
    return stored
  end }

local function stepper(name, steps, summary)
  api.define{ name = name, group = "Controls", step = true,
    signature = name .. "(locator [, {timeout = seconds}])",
    summary = summary,
    args = { { "locator", "as tap; a star rating", "Locator" }, { "timeout", "as tap", "number" } },
    returns = "the stored value", returns_type = "number",
    waits = "until settled and the element is present",
    errors = "no such star rating",
    example = name .. '("Your rating")',
    fn = function(loc, opts)
      local what = name .. "(" .. show(loc) .. ")"
      local c = star_rating(what, loc, opts)
      local stored, problem = sf.adjust(c.label, steps)
      if stored == nil then fail(what .. ": " .. problem) end
      return stored
    end }
end
stepper("increment", 1, "The accessibility increment of a star rating: one step up, stopping at max; fires nothing; read-only controls ignore it.")
stepper("decrement", -1, "The accessibility decrement of a star rating: one step down, stopping at min; fires nothing; read-only controls ignore it.")

local TAP = 0.05
local DOUBLE_TAP, FRAME = sf.double_tap_interval(), 1 / 60

api.define{ name = "choose", group = "Controls", step = true,
  signature = "choose(locator, state [, {timeout = seconds}])",
  summary = "Gives a toggle, check box, segmented control or radio group the state `state` with a real tap where the control is drawn: on the state's segment (segmented, radio), or on the control when a toggle or check box shows the other state. The prototype's on_change runs as for a person. Does nothing when the control already shows `state`. Fails when no finger could tap there: the control is disabled, covered by an element declared after it, or scrolled out of view (scroll_to it first).",
  args = { { "locator", "as tap; a toggle, check box, segmented control or radio group", "Locator" },
    { "state", "one of the control's state names (its `states` keys)", "string" }, { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "no such state control; a state it does not have (with did-you-mean); a control a finger cannot reach",
  example = 'choose("Units", "Metric")\nexpect.value("Units", "Metric")',
  fn = function(loc, state, opts)
    local what = "choose(" .. show(loc) .. ", " .. show(state) .. ")"
    if type(state) ~= "string" then misuse(what .. ": expected a state name (a string), got " .. show(state)) end
    if opts ~= nil and type(opts) ~= "table" then
      misuse(what .. ": options must be a table such as {timeout = 2}, got " .. show(opts))
    end
    local t0 = (api.last_tap or -1) + DOUBLE_TAP + FRAME  -- two taps in a row stay two taps
    while sf.now() < t0 - 1e-9 do coroutine.yield() end
    local timeout = api.timeout(opts, what)
    local e = api.resolve(what, loc, timeout)
    local current, problem = sf.state_control(e.label)
    if current == nil then fail(what .. ": " .. problem) end
    local x, y = sf.state_press(e.label, state)
    if x == nil then fail(what .. ": " .. y) end
    if current == state then return end
    api.deliver(what, "the state was not changed", timeout, function()
      local t = sf.now()
      sf.input("down", x, y, t)
      sf.input("up", x, y, t + TAP)
      api.last_tap = t + TAP
      return t + TAP
    end)
  end }

-- Gives the text field the locator matches the keyboard with a real tap where it is drawn
-- (unless it has it already) and returns its label.
local function focus_field(what, loc, opts)
  if opts ~= nil and type(opts) ~= "table" then
    misuse(what .. ": options must be a table such as {timeout = 2}, got " .. show(opts))
  end
  local timeout = api.timeout(opts, what)
  local e = api.resolve(what, loc, timeout)
  local value, focused = sf.text_field(e.label)
  if value == nil then fail(what .. ": " .. focused) end
  if focused then return e.label end
  local t0 = (api.last_tap or -1) + DOUBLE_TAP + FRAME  -- two taps in a row stay two taps
  while sf.now() < t0 - 1e-9 do coroutine.yield() end
  local x, y = sf.text_press(e.label)
  if x == nil then fail(what .. ": " .. y) end
  api.deliver(what, "the field did not get the keyboard", timeout, function()
    local t = sf.now()
    sf.input("down", x, y, t)
    sf.input("up", x, y, t + TAP)
    api.last_tap = t + TAP
    return t + TAP
  end)
  local _, now_focused = sf.text_field(e.label)
  if not now_focused then fail(what .. ": the tap on " .. quote(e.label) .. " did not give it the keyboard") end
  return e.label
end

api.define{ name = "type_text", group = "Controls", step = true,
  signature = "type_text(locator, text [, {timeout = seconds}])",
  summary = "Types `text` into a text field as a person would: a real tap where the field is drawn gives it the keyboard (unless it has it), then each character is typed at the caret (the end after the tap), running the field's on_change after each one. A line break (\"\\n\") presses Return: on_submit runs and the field gives up the keyboard, as with XCUITest's typeText; text after it, with no field holding the keyboard, fails the step (a gesture lands whole or fails). Characters past max_length (10 000 when the field declares none, the largest max_length) are dropped, as on a phone. Fails when no finger could tap the field: disabled, covered by an element declared after it, or scrolled out of view (scroll_to it first).",
  args = { { "locator", "as tap; a text field", "Locator" },
    { "text", "the characters to type, any script; \"\\n\" for Return", "string" }, { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "no such text field; a field a finger cannot reach (disabled, covered, scrolled out of view); text left after the field gave up the keyboard; a text of more than 10 000 characters (more than any field holds), before any is typed",
  example = 'type_text("Email", "a@b.example")\nexpect.value("Email", "a@b.example")',
  fn = function(loc, text, opts)
    local what = "type_text(" .. show(loc) .. ", " .. show(text) .. ")"
    if type(text) ~= "string" then misuse(what .. ": expected the text to type (a string), got " .. show(text)) end
    local label = focus_field(what, loc, opts)
    local ok, problem = sf.type_text(label, text)
    if not ok then fail(what .. ": " .. problem) end
    -- returns once on_change (and on_submit) ran, as tap returns once its action ran
    -- (red-team 13 F4: the state read the text before)
    api.wait_settled(what, api.timeout(opts, what))
  end }

api.define{ name = "clear_text", group = "Controls", step = true,
  signature = "clear_text(locator [, {timeout = seconds}])",
  summary = "Empties a text field as a person would (tap it, select all, delete): the tap gives it the keyboard unless it has it; on_change runs once when it held text.",
  args = { { "locator", "as tap; a text field", "Locator" }, { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "as type_text",
  example = 'clear_text("Search")\nexpect.value("Search", "")',
  fn = function(loc, opts)
    local what = "clear_text(" .. show(loc) .. ")"
    local label = focus_field(what, loc, opts)
    local ok, problem = sf.clear_text(label)
    if not ok then fail(what .. ": " .. problem) end
    api.wait_settled(what, api.timeout(opts, what))  -- once on_change ran, as type_text
  end }
