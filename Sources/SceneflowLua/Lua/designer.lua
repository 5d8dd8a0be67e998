local api = ...
local sf, fail, show = api.sf, api.fail, api.show
local misuse = api.misuse
local type, format, min, max, abs = type, string.format, math.min, math.max, math.abs
local FRAME, STEP_TIME, DETOUR = 1 / 60, 0.4, 20  -- DETOUR: twice the gesture slop (10 points)
local MAX_DRAGS = 100
local function num(n) return (format("%.2f", n):gsub("%.?0+$", "")) end  -- 35.2, not 35.200000

-- Where to press for a drag of `step` points moving the finger by `sign` (-1 up, 1 down): the
-- middle of the band at its centre line, else another spot of the band where no control takes
-- the press (a finger starting on a star rating moves the rating, not the content).
local function drag_start(what, x, top, height, step, sign)
  local width = sf.device()
  local y1 = top + height / 2 - sign * step / 2
  local slack = (height - step) / 2
  local dys = { 0 }
  for k = 1, 4 do dys[#dys + 1] = slack * k / 4; dys[#dys + 1] = -slack * k / 4 end
  local xs = { x, width * 0.25, width * 0.75, width * 0.1, width * 0.9, width * 0.03, width * 0.97 }
  local taken
  for _, dy in ipairs(dys) do
    for _, px in ipairs(xs) do
      local control = sf.control_at(px, y1 + dy)
      if not control then return px, y1 + dy end
      taken = taken or control
    end
  end
  fail(format("%s: every place of the scrolling band of scene %q where a %s pt drag could start lies on a control (%q takes the press); scroll by less, or drag by hand with drag()",
    what, sf.scene(), num(step), taken))
end

-- Drags the content by `points` (positive: shows more below) in band-sized steps.
local function scroll_by(what, points, timeout)
  api.wait_settled(what, timeout)
  local x, top, height, offset, most = sf.scroll_band()
  if not x then fail(what .. ": " .. top) end
  -- Beyond the ends nothing moves: only the part the content can still go is dragged.
  local remaining = points >= 0 and min(points, max(most - offset, 0)) or min(-points, max(offset, 0))
  local drags = math.ceil(remaining / (height * 0.8) - 1e-9)
  if drags > MAX_DRAGS then
    fail(format("%s: moving the content %s pt takes %d drags in the scrolling band of scene %q, which is only %s pt tall (at most %d drags of %s pt each); scroll by less, or make the band taller (a smaller scroll header or footer)",
      what, num(remaining), drags, sf.scene(), num(height), MAX_DRAGS, num(height * 0.8)))
  end
  local sign = points >= 0 and -1 or 1          -- the finger moves against the content
  while remaining > 1e-9 do
    local step = min(remaining, height * 0.8)
    local _, _, _, before = sf.scroll_band()
    local y1
    x, y1 = drag_start(what, x, top, height, step, sign)
    local y2 = y1 + sign * step
    api.deliver(what, "the scroll was cut short", timeout, function()
      local t = sf.now()
      sf.input("down", x, y1, t)
      local steps = math.max(1, math.ceil(STEP_TIME / FRAME - 1e-9))
      -- A short step would be a tap on whatever lies under the finger: the finger first goes
      -- DETOUR points the other way (only where it ends decides the offset), so it is a drag.
      local via = step < DETOUR and y1 + sign * -DETOUR or nil
      for i = 1, steps do
        local f = i / steps
        local y = via and (f <= 0.5 and y1 + (via - y1) * 2 * f or via + (y2 - via) * (2 * f - 1))
          or y1 + (y2 - y1) * f
        sf.input("move", x, y, t + STEP_TIME * f)
      end
      sf.input("up", x, y2, t + STEP_TIME)
      return t + STEP_TIME
    end)
    -- A step that did nothing never passes: the content must have moved with the finger.
    local _, _, _, after = sf.scroll_band()
    if after == nil or abs((after - before) + sign * step) > 0.5 then
      fail(format("%s: the drag from (%s, %s) to (%s, %s) did not move the content of scene %q by %s pt (it moved %s pt)",
        what, num(x), num(y1), num(x), num(y2), sf.scene(), num(step), num(after and (after - before) or 0)))
    end
    remaining = remaining - step
  end
end

api.define{ name = "scroll", group = "Gestures", step = true,
  signature = "scroll(direction [, points [, {timeout = seconds}]])",
  summary = "Scrolls the scene's scroll region: \"down\" shows content further down (the finger drags up), \"up\" goes back; by `points` (default 300), clamped at the ends. Each drag starts where no control takes the press (as a person would), and must move the content with the finger.",
  args = { { "direction", '"down" or "up": where the content you want to see is', '"down"|"up"' },
    { "points", "how far (default 300)", "number" }, { "timeout", "as tap", "number" } },
  waits = "as tap, for each drag",
  errors = "the scene has no scroll region, is shown as an overlay, or its region cannot move (content no taller than the screen), at once; an unknown direction; points not a number >= 0; a move needing more than 100 drags of the band (names the band height), at once; a drag that did not move the content, or no place in the band free of controls; a scene's timer changing the scene during a drag",
  example = 'scroll "down"\nscroll("up", 120)',
  fn = function(direction, points, opts)
    local what = "scroll(" .. show(direction) .. (points ~= nil and (", " .. show(points)) or "") .. ")"
    if direction ~= "down" and direction ~= "up" then
      misuse(what .. ': the direction is "down" (show what is below) or "up"' .. sf.hint(api.text(direction), "down", "up"))
    end
    if points == nil then points = 300 end
    if type(points) ~= "number" or points ~= points or points < 0 or points == math.huge then
      misuse(what .. ": points must be a number >= 0, got " .. show(points))
    end
    scroll_by(what, direction == "down" and points or -points, api.timeout(opts, what))
  end }

api.define{ name = "rotate", group = "Gestures", step = true,
  signature = "rotate(orientation [, {timeout = seconds}])",
  summary = "Turns the device to \"landscape\" or \"portrait\" (the window's O key): scenes with a landscape variant show it, with its elements, a scene with a separate landscape scene (landscape = \"name\") is replaced by it (and back when turned upright); portrait-only scenes stay as they are.",
  args = { { "orientation", '"landscape" or "portrait"', '"landscape"|"portrait"' }, { "timeout", "as tap", "number" } },
  waits = "until settled; then until the turn (0.3 s) is over",
  errors = "an unknown orientation (with did-you-mean); not settled in time",
  example = 'rotate "landscape"\nexpect.scene "video"\nrotate "portrait"',
  fn = function(orientation, opts)
    local what = "rotate(" .. show(orientation) .. ")"
    if orientation ~= "landscape" and orientation ~= "portrait" then
      misuse(what .. ': the orientation is "landscape" or "portrait"' .. sf.hint(api.text(orientation), "landscape", "portrait"))
    end
    local timeout = api.timeout(opts, what)
    api.wait_settled(what, timeout)
    sf.rotate(orientation)
    api.wait_until(what, sf.now(), timeout)
  end }

api.define{ name = "scroll_to", group = "Gestures", step = true,
  signature = "scroll_to(label [, {timeout = seconds}])",
  summary = "Scrolls the scene's scroll region until the element with this label lies wholly in the scrolling band (nothing when it already does).",
  args = { { "label", "an accessibility label of the current scene (exact)", "string" }, { "timeout", "as tap", "number" } },
  waits = "as tap, for each drag",
  errors = "no such label (with did-you-mean); the scene has no scroll region; no offset brings the element into view (it lies outside the content), at once",
  example = 'scroll_to "Privacy policy"\ntap "Privacy policy"',
  fn = function(label, opts)
    local what = "scroll_to(" .. show(label) .. ")"
    local timeout = api.timeout(opts, what)
    api.wait_settled(what, timeout)
    local delta, problem = sf.scroll_delta(api.text(label))
    if not delta then fail(what .. ": " .. problem) end
    if abs(delta) > 1e-9 then scroll_by(what, delta, timeout) end
  end }
