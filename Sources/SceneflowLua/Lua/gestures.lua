local api = ...
local sf, fail, show = api.sf, api.fail, api.show
local misuse = api.misuse
local type, format = type, string.format
local FRAME = 1 / 60
local TAP, DOUBLE_GAP, LONG_PRESS = 0.05, 0.1, 0.8
local SWIPE_TIME, SWIPE_DISTANCE = 0.2, 120
local DRAG_TIME = 0.5
-- The longest drag, seconds: one move is queued per frame, so a drag of 1e308 s never ended
-- (red-team finding F5); a minute is longer than any gesture.
local DRAG_MAX = 60

-- Where to press on element `e`: its centre, or the uncovered on-screen point nearest to
-- it; fails when the element is off screen or entirely covered by later elements.
local function hit_point(what, e)
  local x, y = sf.hit_point(e.index)
  if not x then fail(what .. ": " .. y) end
  return x, y
end
local DOUBLE_TAP = sf.double_tap_interval()

-- A tap right after another tap would make a double tap: wait the double-tap window out
-- so that two tap() calls are two taps.
local function after_last_tap()
  local t = (api.last_tap or -1) + DOUBLE_TAP + FRAME
  while sf.now() < t - 1e-9 do coroutine.yield() end  -- 1e-9: float sums of exact clock times
end

local function number_arg(what, name, v, default, min, max)
  if v == nil then return default end
  if type(v) ~= "number" or v ~= v or v < (min or 0) or v >= (max or math.huge) + 1e-9 and v ~= max then
    if max then
      misuse(format("%s: %s must be a number from %g to %g, got %s", what, name, min or 0, max, show(v)))
    end
    misuse(format("%s: %s must be a number >= %g, got %s", what, name, min or 0, show(v)))
  end
  return v
end

-- Moves from (x1, y1) to (x2, y2) over `duration` seconds, one move per frame.
local function path(t, x1, y1, x2, y2, duration)
  local steps = math.max(1, math.ceil(duration / FRAME - 1e-9))
  for i = 1, steps do
    local f = i / steps
    sf.input("move", x1 + (x2 - x1) * f, y1 + (y2 - y1) * f, t + duration * f)
  end
end

-- Presses at (x1, y1) now, moves to (x2, y2) over `duration` seconds, releases there,
-- and waits until the input is delivered and the prototype settled (swipe, drag).
local function press_move_release(what, nothing, x1, y1, x2, y2, duration, timeout)
  api.deliver(what, nothing, timeout, function()
    local t = sf.now()
    sf.input("down", x1, y1, t)
    path(t, x1, y1, x2, y2, duration)
    sf.input("up", x2, y2, t + duration)
    return t + duration
  end)
end

local function tap_at(x, y, t)
  sf.input("down", x, y, t)
  sf.input("up", x, y, t + TAP)
  api.last_tap = t + TAP
  return t + TAP
end

local function target(what, loc, opts)
  local timeout = api.timeout(opts, what)
  local e = api.resolve(what, loc, timeout)
  return e, timeout
end

local function opts_of(what, opts, allowed)
  return api.check_options(what, opts, allowed or { "timeout" })
end

api.define{ name = "tap", group = "Gestures", step = true,
  signature = "tap(locator [, {timeout = seconds}])",
  summary = "Taps the centre of the one element the locator matches: press, release 0.05 s later.",
  args = { { "locator", "an accessibility label (exact) or {contains=}, {pattern=}, {kind=}, {index=}", "Locator" },
    { "timeout", "clock seconds to wait for the element and for the prototype to settle (default 5)", "number" } },
  waits = "until settled and the element is present; then until the input is delivered and settled",
  errors = "no such element (with did-you-mean and the labels on screen); several matches; not settled in time",
  example = 'tap "Sign in"\ntap({contains = "Continue"}, {timeout = 2})',
  fn = function(loc, opts)
    local what = "tap(" .. show(loc) .. ")"
    opts = opts_of(what, opts)
    after_last_tap()  -- first: the element is found and pressed on the same frame
    local e, timeout = target(what, loc, opts)
    local x, y = hit_point(what, e)
    api.deliver(what, "nothing was tapped", timeout, function() return tap_at(x, y, sf.now()) end)
  end }

api.define{ name = "double_tap", group = "Gestures", step = true,
  signature = "double_tap(locator [, {timeout = seconds}])",
  summary = "Two taps 0.1 s apart at the element's centre: the element's on_double_tap, or on_tap twice.",
  args = { { "locator", "as tap", "Locator" }, { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "as tap",
  example = 'double_tap "Photo"',
  fn = function(loc, opts)
    local what = "double_tap(" .. show(loc) .. ")"
    opts = opts_of(what, opts)
    after_last_tap()
    local e, timeout = target(what, loc, opts)
    local x, y = hit_point(what, e)
    api.deliver(what, "no double tap was made", timeout, function()
      return tap_at(x, y, tap_at(x, y, sf.now()) + DOUBLE_GAP)
    end)
    api.last_tap = sf.now()
  end }

api.define{ name = "long_press", group = "Gestures", step = true,
  signature = "long_press(locator [, seconds [, {timeout = seconds}]])",
  summary = "Presses the element's centre and holds it (default 0.8 s; a long press needs 0.5 s or more).",
  args = { { "locator", "as tap", "Locator" }, { "seconds", "how long to hold (default 0.8)", "number" }, { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "as tap; seconds not a number >= 0",
  example = 'long_press("Message", 1.0)',
  fn = function(loc, seconds, opts)
    local what = "long_press(" .. show(loc) .. ")"
    opts = opts_of(what, opts)
    seconds = number_arg(what, "seconds", seconds, LONG_PRESS)
    local e, timeout = target(what, loc, opts)
    local x, y = hit_point(what, e)
    api.deliver(what, "nothing was long-pressed", timeout, function()
      local t = sf.now()
      sf.input("down", x, y, t)
      sf.input("up", x, y, t + seconds)
      return t + seconds
    end)
  end }

local DIRECTIONS = { left = { -1, 0 }, right = { 1, 0 }, up = { 0, -1 }, down = { 0, 1 } }

api.define{ name = "swipe", group = "Gestures", step = true,
  signature = "swipe(direction [, {on = locator, distance = points, duration = seconds, timeout = seconds}])",
  summary = "Swipes the finger in `direction` (\"left\" means the finger moves left): from the element's centre (or the screen's), 120 points over 0.2 s by default, one move per frame.",
  args = { { "direction", '"left", "right", "up" or "down": the finger\'s motion', '"left"|"right"|"up"|"down"' },
    { "on", "a locator; default: the centre of the screen", "Locator" },
    { "distance", "points (default 120; a swipe needs 40 or more)", "number" },
    { "duration", "seconds (default 0.2; a swipe takes at most 1 s)", "number" },
    { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "an unknown direction (with did-you-mean); as tap",
  example = 'swipe "left"\nswipe("up", {on = "List", distance = 300})',
  fn = function(direction, opts)
    local what = "swipe(" .. show(direction) .. (opts ~= nil and (", " .. show(opts)) or "") .. ")"
    local d = DIRECTIONS[direction]
    if not d then
      misuse(what .. ': the direction is the finger\'s: "left", "right", "up" or "down"'
        .. sf.hint(api.text(direction), "left", "right", "up", "down"))
    end
    if type(opts) == "string" then opts = { on = opts } end
    opts = opts_of(what, opts, { "on", "distance", "duration", "timeout" })
    -- Limits of the gesture recogniser: shorter or slower movements are not swipes.
    local distance = number_arg(what, "distance", opts.distance, SWIPE_DISTANCE, sf.swipe_min_distance(), 10000)
    local duration = number_arg(what, "duration", opts.duration, SWIPE_TIME, FRAME, sf.swipe_max_duration())
    local timeout = api.timeout(opts, what)
    local x, y
    if opts.on ~= nil then
      x, y = hit_point(what, api.resolve(what, opts.on, timeout))
    else
      api.wait_settled(what, timeout)
      x, y = sf.screen_center()
    end
    press_move_release(what, "no swipe was made", x, y, x + d[1] * distance, y + d[2] * distance, duration,
      timeout)
  end }

-- A label/locator or a point {x, y} / {x = , y = } in points.
local function place(what, name, v, timeout)
  if type(v) == "table" and (v.x ~= nil or type(v[1]) == "number") then
    local x, y = v.x or v[1], v.y or v[2]
    local w, h = sf.device()
    if type(x) ~= "number" or type(y) ~= "number" or x ~= x or y ~= y or x < 0 or y < 0 or x >= w or y >= h then
      misuse(format("%s: %s must be a point {x, y} on the %gx%g pt screen, got %s", what, name, w, h, show(v)))
    end
    return x, y
  end
  return hit_point(what .. " " .. name, api.resolve(what .. " " .. name, v, timeout))
end

api.define{ name = "drag", group = "Gestures", step = true,
  signature = "drag(from, to [, seconds [, {timeout = seconds}]])",
  summary = "Presses at `from`, moves to `to` over `seconds` (default 0.5, one move per frame) and releases.",
  args = { { "from", "a locator, or a point {x, y} in points", "Locator|Point" }, { "to", "a locator or a point", "Locator|Point" },
    { "seconds", "duration of the movement (default 0.5, at most 60)", "number" }, { "timeout", "as tap", "number" } },
  waits = "as tap",
  errors = "as tap, for each locator",
  example = 'drag("Card", {180, 700})',
  fn = function(from, to, seconds, opts)
    local what = "drag(" .. show(from) .. ", " .. show(to) .. ")"
    opts = opts_of(what, opts)
    seconds = number_arg(what, "seconds", seconds, DRAG_TIME, FRAME, DRAG_MAX)
    local timeout = api.timeout(opts, what)
    local x1, y1 = place(what, "from", from, timeout)
    local x2, y2 = place(what, "to", to, timeout)
    api.wait_settled(what, timeout)
    press_move_release(what, "the drag was cut short", x1, y1, x2, y2, seconds, timeout)
  end }

api.define{ name = "tap_at", group = "Gestures", step = true,
  signature = "tap_at(x, y [, {timeout = seconds}])",
  summary = "Taps a point given in points from the top-left of the screen. Prefer tap(label): it survives layout changes.",
  args = { { "x", "points", "number" }, { "y", "points", "number" }, { "timeout", "as tap", "number" } },
  waits = "until settled; then until the input is delivered and settled",
  errors = "x or y not a number, or outside the device screen",
  example = "tap_at(180, 400)",
  fn = function(x, y, opts)
    local what = "tap_at(" .. show(x) .. ", " .. show(y) .. ")"
    opts = opts_of(what, opts)
    local w, h = sf.device()
    if type(x) ~= "number" or type(y) ~= "number" or x ~= x or y ~= y then
      misuse(what .. ": x and y must be numbers (points)")
    end
    if x < 0 or y < 0 or x >= w or y >= h then
      misuse(format("%s: expected a point on the %gx%g pt screen", what, w, h))
    end
    local timeout = api.timeout(opts, what)
    after_last_tap()
    api.wait_settled(what, timeout)
    api.deliver(what, "nothing was tapped", timeout, function() return tap_at(x, y, sf.now()) end)
  end }

api.define{ name = "back", group = "Gestures", step = true,
  signature = "back([{timeout = seconds}])",
  summary = "Goes back as the system back button or Escape does: pops the top scene with its arrival transition reversed.",
  args = { { "timeout", "as tap", "number" } },
  waits = "until settled, before and after",
  errors = "nothing to go back to (the start scene alone on the stack)",
  example = "back()",
  fn = function(opts)
    opts = opts_of("back()", opts)
    local timeout = api.timeout(opts, "back()")
    api.wait_settled("back()", timeout)
    local problem = sf.back()
    if problem then fail("back(): " .. problem) end
    api.wait_until("back()", sf.now(), timeout)
  end }
