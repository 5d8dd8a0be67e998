local api = ...
local sf, fail, quote, show = api.sf, api.fail, api.quote, api.show
local misuse = api.misuse
local type, pairs, ipairs, format, yield = type, pairs, ipairs, string.format, coroutine.yield

local OPTION_KEYS = { "threshold", "max_diff_pixels", "max_diff_ratio", "ignore_antialiasing", "mask",
  "at", "region", "timeout" }
local known = {}
for _, k in ipairs(OPTION_KEYS) do known[k] = true end

local function number_in(what, name, v, lo, hi)
  if v == nil then return nil end
  if type(v) ~= "number" or v ~= v or v < lo or v > hi then
    misuse(format("%s: %s must be a number from %g to %g, got %s", what, name, lo, hi, show(v)))
  end
  return v
end

-- A rectangle {x, y, w, h} / {x =, y =, w =, h =} in points, or the part of a located
-- element that shows; nil and why not when the locator matches no element or several (on
-- this frame) or, for a region, the element shows nowhere; false for a mask over an element
-- that shows nowhere (it hides nothing).
local function area(what, name, v)
  if type(v) == "table" then
    local x, y, w, h = v.x or v[1], v.y or v[2], v.w or v[3], v.h or v[4]
    if type(x) == "number" and type(y) == "number" and type(w) == "number" and type(h) == "number" then
      for _, n in ipairs({ x, y, w, h }) do
        if n ~= n or n < -1e9 or n > 1e9 then
          misuse(what .. ": " .. name .. " needs finite numbers {x, y, w, h} in points (within ±1e9), got " .. show(v))
        end
      end
      if w <= 0 or h <= 0 then misuse(what .. ": " .. name .. " needs a positive width and height, got " .. show(v)) end
      return { x = x, y = y, w = w, h = h }
    end
    -- Numbers or x/y/w/h keys mean a rectangle, not a locator: say what it lacks (red-team 14
    -- F6: {x, y, w, hh = …} was read as a locator, "unknown locator key "y"").
    if type(v[1]) == "number" or v.x ~= nil or v.y ~= nil or v.w ~= nil or v.h ~= nil then
      local extra
      for k in pairs(v) do
        if not (k == "x" or k == "y" or k == "w" or k == "h" or (math.type(k) == "integer" and k >= 1 and k <= 4)) then
          extra = k
          break
        end
      end
      misuse(what .. ": " .. name .. " needs a rectangle {x, y, w, h} or {x =, y =, w =, h =} of numbers in points, got "
        .. show(v) .. (extra ~= nil and ("; unknown key " .. quote(extra) .. sf.hint(api.text(extra), "x", "y", "w", "h"))
        or ""))
    end
  end
  local found, elements, problem = api.matches(what, v)
  if problem then fail(what .. ": " .. name .. ": " .. problem) end
  -- Why, written only when asked (a retry frame does not need it: red-team finding Q6).
  if #found == 0 then return nil, function() return name .. ": " .. api.not_found(v, elements) end end
  if #found > 1 then return nil, name .. ": " .. api.ambiguous(found, show(v)) end
  -- The part that shows, the part a press hits (red-team 29 F4: an element under a fixed
  -- header compared the header's pixels); none showing is a failure, worded as for a tap.
  -- A mask over an element that does not show hides nothing (false).
  local x, y, w, h = sf.shown_frame(found[1].index)
  if not x and name == "mask" then return false end
  if not x then return nil, name .. " " .. show(v) .. " shows nowhere, so nothing would be compared: " .. y end
  return { x = x, y = y, w = w, h = h }
end

-- A message, or one given as a function that writes it, as text.
local function written(message)
  if type(message) == "function" then return message() end
  return message
end

-- Retries `attempt(final)` on every settled frame until it returns a status other than
-- "retry" or the timeout passes (issue 13.7); the attempt at or after the deadline is
-- final (recorded, with its files). Returns the status and message.
local function retry(what, timeout, attempt)
  api.inside_test(what)
  local deadline = sf.now() + timeout
  local last
  while true do
    local final = sf.now() >= deadline - 1e-9
    if sf.settled() then
      local status, message = attempt(final)
      if status ~= "retry" then
        -- Only a failure at the deadline waited; one given earlier (a baseline that could
        -- not be written) was final at once.
        if status == "failed" and final and timeout > 0 then message = message .. format(" (waited %g s)", timeout) end
        return status, message
      end
      last = message
    elseif final then
      return "failed", format("the prototype did not settle within %g s of clock time", timeout)
        .. (last and ("; the last settled frame: " .. written(last)) or "")
    end
    yield()
  end
end

-- The longest name, bytes: with ".png" (or "-2.png") it stays under a file name's 255 bytes.
local MAX_NAME_BYTES = 200

-- Names Windows keeps for devices, whatever the case and extension ("con", "LPT1.png",
-- "con .txt"), as Microsoft's "Naming Files" lists them: COM and LPT with 0-9 and ¹ ² ³.
local RESERVED = { con = true, prn = true, aux = true, nul = true, ["conin$"] = true, ["conout$"] = true }
for _, digit in ipairs({ "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "\u{B9}", "\u{B2}", "\u{B3}" }) do
  RESERVED["com" .. digit], RESERVED["lpt" .. digit] = true, true
end

-- Invisible characters that reorder, hide or break text (C1 controls, bidirectional controls,
-- the zero-width space, the byte order mark, line and paragraph separators): a name holding one
-- shows as another in every listing. The zero-width joiner and non-joiner (U+200D, U+200C)
-- are spelling (emoji sequences, Persian and Hindi words): taken (red-team 13 F5).
local function hidden_character(name)
  for p, c in utf8.codes(name) do
    if p == 1 and (c == 0x200C or c == 0x200D) then return c end  -- a joiner with nothing before it
    if (c >= 0x80 and c <= 0x9F) or c == 0x200B or c == 0x200E or c == 0x200F or (c >= 0x2028 and c <= 0x202E)
      or (c >= 0x2066 and c <= 0x2069) or c == 0xFEFF or c == 0x061C then
      return c
    end
  end
end

-- Baselines and captures are committed and shared: a name must make the same file on Linux,
-- macOS and Windows (the characters and names Windows refuses, as Git for Windows does).
local function name_arg(what, name)
  local rule = "expected a file name that works on Linux, macOS and Windows (no / \\ : * ? \" < > | or control"
    .. " characters, no right-to-left marks, zero-width spaces or line separators, no leading . or space, no"
    .. " trailing space or ., not a device name such as con, nul or com1; UTF-8, at most " .. MAX_NAME_BYTES .. " bytes), got "
  if type(name) ~= "string" or name == "" or name:find('[/\\%c:*?"<>|]') or name:find("^[. ]") or name:find("[. ]$")
    or RESERVED[name:lower():match("^[^.]*"):gsub(" +$", "")] then
    misuse(what .. ": " .. rule .. show(name))
  end
  -- Two names that differ only in invalid bytes would share one file once shown as U+FFFD.
  if not utf8.len(name) then misuse(what .. ": " .. rule .. show(name) .. " (not valid UTF-8)") end
  local hidden = hidden_character(name)
  if hidden then misuse(what .. ": " .. rule .. show(name) .. format(" (it holds U+%04X)", hidden)) end
  if #name > MAX_NAME_BYTES then misuse(what .. ": " .. rule .. #name .. " bytes") end
end

api.define{ name = "expect.screenshot", group = "Expectations", step = true,
  signature = "expect.screenshot(name [, {threshold =, max_diff_pixels =, max_diff_ratio =, ignore_antialiasing =, mask =, region =, at =, timeout =}])",
  summary = "Renders the settled frame headless at the prototype's pixel size and compares it with the baseline __screenshots__/<script>/<name>.png beside the script: exactly by default. Like the other expectations it retries on every settled frame until it matches or the timeout passes (a splash's after timer may fire first); only the last attempt is recorded. A missing baseline is recorded (the test is reported as recorded) from the first settled frame after the scene's timed action fired, unless CI is set. A failure writes expected.png, actual.png and diff.png into the report folder.",
  args = { { "name", "the baseline's file name without .png", "string" },
    { "threshold", "per-pixel colour distance 0-1, pixelmatch's YIQ metric (default 0 = exact)", "number" },
    { "max_diff_pixels", "differing pixels allowed (default 0)", "number" },
    { "max_diff_ratio", "share of differing pixels allowed, 0-1 (default 0)", "number" },
    { "ignore_antialiasing", "skip pixels pixelmatch classifies as anti-aliased (default false)", "boolean" },
    { "mask", "a list of locators and/or {x, y, w, h} rectangles in points, painted out in both images", "(Locator|Rect)[]" },
    { "region", "a locator (the part of its element that shows, as a press hits it; none showing fails) or {x, y, w, h} in points: compare only that part", "Locator|Rect" },
    { "at", "0-1: render the last transition at that progress instead of the settled frame (compared once; no timeout)", "number" },
    { "timeout", "clock seconds to retry (default: the with_timeout block's, else 5)", "number" } },
  waits = "until the settled frame matches, up to the timeout; with at, until settled, then compares once",
  errors = "the frame differs beyond the limits (the deciding metric, its limit and value are printed); a size change (both sizes); no baseline when CI is set; a region that compares nothing: entirely off screen, or too small for its place to cover a whole pixel; masks over the whole compared area",
  example = 'expect.screenshot "home"\nexpect.screenshot("feed", {mask = {"Clock"}, max_diff_ratio = 0.001})',
  fn = function(name, opts)
    local what = "expect.screenshot(" .. show(name) .. ")"
    name_arg(what, name)
    if opts ~= nil and type(opts) ~= "table" then misuse(what .. ": options must be a table, got " .. show(opts)) end
    opts = opts or {}
    for k in pairs(opts) do
      if not known[k] then misuse(what .. ": unknown option " .. quote(k) .. sf.hint(api.text(k), table.unpack(OPTION_KEYS))) end
    end
    local timeout = api.timeout(opts, what)
    if opts.at ~= nil and opts.timeout ~= nil then
      misuse(what .. ": timeout does not apply with at: one frame of the last transition is compared once")
    end
    local request = {
      threshold = number_in(what, "threshold", opts.threshold, 0, 1),
      max_diff_pixels = number_in(what, "max_diff_pixels", opts.max_diff_pixels, 0, 1e15),
      max_diff_ratio = number_in(what, "max_diff_ratio", opts.max_diff_ratio, 0, 1),
      at = number_in(what, "at", opts.at, 0, 1),
      ignore_antialiasing = opts.ignore_antialiasing == true,
      masks = {},
    }
    local masks = {}
    if opts.mask ~= nil then
      masks = (type(opts.mask) == "table" and (opts.mask[1] ~= nil or next(opts.mask) == nil)) and opts.mask or { opts.mask }
      if type(opts.mask) == "table" and type(opts.mask[1]) == "number" then masks = { opts.mask } end
    end
    -- Labels are located anew on each frame: the masked element may appear only later.
    local function attempt(final)
      request.masks = {}
      for _, m in ipairs(masks) do
        local rect, problem = area(what, "mask", m)
        if rect == nil then return final and "failed" or "retry", final and written(problem) or problem end
        if rect then request.masks[#request.masks + 1] = rect end
      end
      if opts.region ~= nil then
        local rect, problem = area(what, "region", opts.region)
        if not rect then return final and "failed" or "retry", final and written(problem) or problem end
        request.region = rect
      end
      return sf.screenshot(name, request, final)
    end
    local status, message
    if request.at then
      api.wait_settled(what, timeout)
      status, message = attempt(true)
    else
      status, message = retry(what, timeout, attempt)
    end
    if status == "failed" then fail(what .. ": " .. message) end
  end }

api.define{ name = "capture", group = "Expectations", step = true,
  signature = "capture(name)",
  summary = "Writes the current frame to the report folder (captures/<script>/<test>/<name>.png) without comparing; the HTML report shows it as a thumbnail.",
  args = { { "name", "file name without .png", "string" } },
  waits = "until settled",
  errors = "a bad name, or one this test already captured; the frame cannot be rendered or written",
  example = 'capture "checkout"',
  fn = function(name)
    local what = "capture(" .. show(name) .. ")"
    name_arg(what, name)
    -- One file per name and test: a second capture of a name replaced the first while both
    -- were reported (red-team finding F14).
    local captured = api.captured
    local line = api.line()
    if captured and captured[name] then
      fail(format("%s: this test already captured %s at line %s; give each capture its own name", what, show(name),
        tostring(captured[name])))
    end
    api.wait_settled(what, api.timeout(nil, what))
    if captured then captured[name] = line or "?" end
    local status, message = sf.capture(name)
    if status == "failed" then fail(what .. ": " .. message) end
  end }

api.define{ name = "expect.tree", group = "Expectations", step = true,
  signature = "expect.tree(text_or_name [, {timeout = seconds}])",
  summary = "Compares the element tree outline (scene, then per element: kind, label, value, disabled) line by line: with the text given (when it has a line break or starts with scene and a quote), or with the text baseline __screenshots__/<script>/<name>.tree.txt (recorded like screenshot baselines). Retries on every settled frame until it matches or the timeout passes; only the last attempt is recorded.",
  args = { { "text_or_name", "the expected outline, or a baseline name", "string" },
    { "timeout", "clock seconds to retry (default: the with_timeout block's, else 5)", "number" } },
  waits = "until the settled tree matches, up to the timeout",
  errors = "a line differs (the first differing line of each side is printed)",
  example = 'expect.tree [[\nscene "login"\n  button "Sign in"\n]]',
  fn = function(arg, opts)
    -- An outline always starts with its scene line: `scene "home"` alone (a scene without
    -- elements) is an outline, not a baseline name to record (red-team finding).
    local inline = type(arg) == "string" and (arg:find("\n", 1, true) or arg:find('^%s*scene "'))
    local what = (type(arg) ~= "string" or inline) and "expect.tree(...)" or ("expect.tree(" .. show(arg) .. ")")
    if type(arg) ~= "string" or arg == "" then misuse(what .. ": expected the outline text or a baseline name") end
    opts = api.check_options(what, opts, { "timeout" })
    if not inline then name_arg(what, arg) end
    local status, message = retry(what, api.timeout(opts, what), function(final)
      if inline then return sf.tree(nil, arg, final) end
      return sf.tree(arg, nil, final)
    end)
    if status == "failed" then fail(what .. ": " .. message) end
  end }
