local api = ...
local sf, env, fail, quote, show = api.sf, api.env, api.fail, api.quote, api.show
local misuse = api.misuse
local type, pairs, format, find, setmetatable, tostring = type, pairs, string.format, string.find, setmetatable, tostring

local expect = {}
env.expect = expect

local function opts_timeout(what, opts)
  return api.timeout(api.check_options(what, opts, { "timeout" }), what)
end

api.define{ name = "expect.scene", group = "Expectations", step = true,
  signature = "expect.scene(name [, {timeout = seconds}])",
  summary = "Expects the current scene to be `name` once the prototype is settled.",
  args = { { "name", "a scene name", "string" }, { "timeout", "clock seconds to keep retrying (default 5)", "number" } },
  waits = "until settled and the scene is `name`, up to the timeout",
  errors = "another scene is current (a misspelt name gets a did-you-mean)",
  example = 'expect.scene "settings"',
  fn = function(name, opts)
    local what = "expect.scene(" .. show(name) .. ")"
    if type(name) ~= "string" then misuse(what .. ": expected a scene name (a string), got " .. type(name)) end
    local timeout = opts_timeout(what, opts)
    if not sf.scene_exists(name) then
      misuse(what .. ": there is no scene " .. quote(name) .. sf.hint(name, table.unpack(sf.scene_names()))
        .. " (the current scene is " .. quote(sf.scene()) .. ")")
    end
    api.poll(what, timeout, function()
      if sf.scene() == name then return true end
      return false, format("expected scene %s but the current scene is %s", quote(name), quote(sf.scene()))
    end)
  end }

local function presence(name, want)
  api.define{ name = "expect." .. name, group = "Expectations", step = true,
    signature = "expect." .. name .. "(locator [, {timeout = seconds}])",
    summary = want and "Expects exactly one element matching the locator in the current scene, inside the screen."
      or "Expects no element matching the locator to be visible in the current scene.",
    args = { { "locator", "as tap", "Locator" }, { "timeout", "clock seconds to keep retrying (default 5)", "number" } },
    waits = "until settled and the expectation holds, up to the timeout",
    errors = want and "no match (with did-you-mean and the labels on screen); several matches"
      or "a visible match remains; a locator no scene of the prototype matches (with did-you-mean)",
    example = "expect." .. name .. ' "Welcome"',
    fn = function(loc, opts)
      local what = "expect." .. name .. "(" .. show(loc) .. ")"
      local timeout = opts_timeout(what, opts)
      local _, desc = api.matcher(what, loc)
      local index = type(loc) == "table" and loc.index or nil
      -- A locator no scene of the prototype matches is a typo: it is never on screen, so
      -- "hidden" would always pass (red-team findings R11, M11).
      if not want then api.require_known(what, loc) end
      api.poll(what, timeout, function()
        local found, elements, problem = api.matches(what, loc)
        -- a scope that cannot hold (another scene, no single container) fails both ways
        -- (red-team 14 F7: expect.hidden passed inside within() of a scene not shown)
        if problem then return false, problem end
        if index then found = { found[index] } end  -- the n-th match only (none past the last)
        local visible = {}
        for _, e in ipairs(found) do if e.visible then visible[#visible + 1] = e end end
        if want then
          if #visible == 1 then return true end
          -- Written only if the wait fails (api.poll), not on every retry frame.
          if #found == 0 then return false, function() return api.not_found(loc, elements) end end
          if #visible == 0 then
            -- why, as a tap says it (one geometry: red-team 30 F3 read "outside the screen"
            -- for an element outside its overlay card)
            if #found == 1 then
              local x, why = sf.shown_frame(found[1].index)
              if not x then return false, why end
            end
            return false, "the element lies outside the screen"
              .. (sf.scroll_band() and " or is scrolled under the fixed header or footer" or "")
          end
          return false, function() return api.ambiguous(visible, desc) end
        end
        if #visible == 0 then return true end
        return false, format("%s is visible in scene %s", quote(visible[1].label), quote(sf.scene()))
      end)
    end }
end
presence("visible", true)
presence("hidden", false)

-- The one element `loc` matches now (the `index`-th when given), or nil and why not (a
-- function writing it when the scene has no match: api.poll calls it only if the wait fails).
local function single(what, loc, desc)
  local found, elements, problem = api.matches(what, loc)
  if problem then return nil, problem end
  if #found == 0 then return nil, function() return api.not_found(loc, elements) end end
  local index = type(loc) == "table" and loc.index or nil
  if index then
    if not found[index] then
      return nil, format("%d elements match, so there is no match number %d", #found, index)
    end
    found = { found[index] }
  end
  if #found > 1 then return nil, api.ambiguous(found, desc) end
  return found[1]
end

-- |x - y| of two numbers as mathematics has it: Lua's integer subtraction wraps around
-- (math.mininteger - 0 is math.mininteger, whose absolute value is itself, below any
-- tolerance: red-team 11 R1), and a float beside a large integer would round it (2^53 + 1
-- and 2^53.0 are 1 apart). Two integers, or an integer and a whole float in its range, are
-- subtracted exactly (a difference past math.maxinteger is given as a float); others as floats.
local TWO_TO_64 = 18446744073709551616.0
local TWO_TO_32 = 4294967296
local function distance(x, y)
  local xi, yi = math.tointeger(x), math.tointeger(y)
  if xi and yi and (math.type(x) == "integer" or math.type(y) == "integer") then
    local d = xi >= yi and xi - yi or yi - xi  -- right modulo 2^64
    if d < 0 then return d + TWO_TO_64 end  -- 2^63 or more
    return d
  end
  if math.type(x) == "integer" then x, y = y, x end
  if math.type(y) == "integer" then
    -- An integer beside a float that is none (a fraction, or past the integer range: 2^63
    -- became math.maxinteger when converted, red-team 12 S3): the integer as hi + lo, each
    -- exact as a float, so a float near it is subtracted without rounding the difference away.
    local lo = y % TWO_TO_32
    local hi = (y - lo) + 0.0
    return math.abs((x - hi) - lo)
  end
  return math.abs(x - y)
end

-- Whether element `e` has `value`: its value (numbers compare with a tolerance for binary
-- floating point: 0.1 * 29 is a star rating's 2.9) or its spoken accessibility value.
local function same_value(e, value)
  local actual = e.value
  return actual == value
    or (type(value) == "number" and tonumber(actual) and distance(tonumber(actual), value) <= 1e-9)
    or (type(value) == "string" and tostring(actual) == value)
    or (e.accessibility_value ~= nil and e.accessibility_value == value)
end

-- Whether a state control `e` (it has `states`) can ever have the text `value`: one of its
-- states, or how it is read out (toggle "on"/"off", check box "checked"/"not checked",
-- segments "2 of 3": StateControl.accessibilityValue).
local function a_state_of(e, value)
  for _, s in ipairs(e.states) do if s == value then return true end end
  if value == "on" or value == "off" or value == "checked" or value == "not checked" then return true end
  local n, of = value:match("^(%d+) of (%d+)$")
  return n ~= nil and tonumber(of) == #e.states and tonumber(n) >= 1 and tonumber(n) <= #e.states
end

-- expect.value (`wanted` true) and expect.not_value (false): polls until the element is present
-- and its value is (or is not) `value`, compared by same_value.
local function expect_value(loc, value, opts, wanted)
  local what = (wanted and "expect.value(" or "expect.not_value(") .. show(loc) .. ", " .. show(value) .. ")"
  if type(value) ~= "string" and type(value) ~= "number" then
    misuse(what .. ": expected a string or a number to compare with, got " .. type(value))
  end
  local timeout = opts_timeout(what, opts)
  local _, desc = api.matcher(what, loc)
  api.poll(what, timeout, function()
    local e, problem = single(what, loc, desc)
    if not e then return false, problem end
    -- a state a control never has is a typo: expect.not_value would always pass (red-team 14 F5)
    if rawget(e, "states") and type(value) == "string" and not a_state_of(e, value) then
      fail(what .. ": " .. quote(e.label) .. " has no state " .. quote(value)
        .. sf.hint(value, table.unpack(e.states)) .. " (states: " .. table.concat(e.states, ", ") .. ")")
    end
    if (not same_value(e, value)) == (not wanted) then return true end
    if not wanted then
      return false, format("expected %s not to have value %s, but it has", quote(e.label), show(value))
    end
    return false, format("expected value %s but %s has %s", show(value), quote(e.label),
      e.value == nil and "no value" or show(e.value))
  end)
end

api.define{ name = "expect.value", group = "Expectations", step = true,
  signature = "expect.value(locator, value [, {timeout = seconds}])",
  summary = "Expects the element's value to equal `value`: its value (numbers compare as numbers, within 1e-9) or its spoken accessibility value (\"4 of 5 stars\").",
  args = { { "locator", "as tap", "Locator" }, { "value", "string or number", "string|number" }, { "timeout", "as expect.scene", "number" } },
  waits = "until settled, the element is present and the value matches, up to the timeout",
  errors = "no such element; another value (both printed); a state a state control never has (with did-you-mean)",
  example = 'expect.value("Quantity", 2)',
  fn = function(loc, value, opts) expect_value(loc, value, opts, true) end }

api.define{ name = "expect.count", group = "Expectations", step = true,
  signature = "expect.count(locator, n [, {timeout = seconds}])",
  summary = "Expects exactly n elements of the current scene to match the locator (no strictness error here).",
  args = { { "locator", "as tap", "Locator" }, { "n", "a whole number >= 0", "integer" }, { "timeout", "as expect.scene", "number" } },
  waits = "until settled and the count is n, up to the timeout",
  errors = "another count (the matches are listed); n = 0 with a locator no scene of the prototype matches (with did-you-mean)",
  example = 'expect.count({pattern = "^Item "}, 3)',
  fn = function(loc, n, opts)
    local what = "expect.count(" .. show(loc) .. ", " .. show(n) .. ")"
    if type(n) ~= "number" or not (n >= 0 and n <= 1e9) or n % 1 ~= 0 then
      misuse(what .. ": n must be a whole number from 0 to 1e9, got " .. show(n))
    end
    local timeout = opts_timeout(what, opts)
    local plain = type(loc) == "table" and {} or loc
    if type(loc) == "table" then for k, v in pairs(loc) do if k ~= "index" then plain[k] = v end end end
    api.matcher(what, plain)
    if n == 0 then api.require_known(what, plain) end  -- a typo would always count 0
    api.poll(what, timeout, function()
      local found, _, problem = api.matches(what, plain)
      if problem then return false, problem end
      if #found == n then return true end
      local labels = {}
      for i, e in ipairs(found) do labels[i] = quote(e.label) end
      return false, format("expected %d matching element%s in scene %s, found %d%s", n, n == 1 and "" or "s",
        quote(sf.scene()), #found, #found > 0 and (": " .. table.concat(labels, ", ")) or "")
    end)
  end }

-- The deepest nesting compared: deeper tables fail at once with a clear message (a 200 000
-- deep pair took 19 s to overflow the stack: red-team finding F3).
local MAX_DEPTH = 200

-- Tables are equal when their own keys and values are, in both directions: metatables are
-- ignored (no __index defaults, __pairs views or __eq verdicts), as Jest's toEqual compares own
-- properties only (red-team finding M1: an __index parent made {} equal {x = 1}).
-- Why two values that print alike differ (defined below, with the matchers).
local alike_why
-- " (they print alike: why)" when `actual` and `expected` print the same, else "": a failure
-- never reads "expected NaN to be NaN" without its reason (red-team 58 A W1).
local function alike_note(actual, expected)
  if show(actual) ~= show(expected) then return "" end
  return " (they print alike: " .. alike_why(actual, expected) .. ")"
end
local function deep_equal(a, b, seen, depth)
  a, b = api.state_table(a), api.state_table(b)
  if rawequal(a, b) then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  -- Every pair already being compared is taken as equal (their unfolding is compared), so
  -- loops of different lengths end: one partner per table looped, a against b, then c, then b
  -- again, until the depth limit (red-team 63 A E1). A pair that then differs fails the whole
  -- comparison, so the assumption never turns a difference into a pass.
  seen = seen or {}
  local partners = seen[a]
  if partners == nil then partners = {} seen[a] = partners end
  if partners[b] then return true end
  partners[b] = true
  depth = (depth or 0) + 1
  if depth > MAX_DEPTH then
    fail(format("cannot compare tables nested deeper than %d levels (compare a part of them)", MAX_DEPTH))
  end
  local entry = api.entry
  for k, v in next, a do if not deep_equal(v, entry(b, k), seen, depth) then return false end end
  for k in next, b do if entry(a, k) == nil then return false end end
  return true
end
api.deep_equal = deep_equal

-- A failing to_equal of tables too big to write whole names its first differences by path
-- (`a.b[3]: 1 ≠ 2`, `(none)` for a missing key), how many there are in all, and counts the
-- rest, so the message says what differs without writing millions of entries (red-team n9).
local DIFFERENCES_LISTED = 5
local rawget, rawlen, concat = rawget, rawlen, table.concat

local function is_index(k, n) return type(k) == "number" and k >= 1 and k <= n and k % 1 == 0 end

local function path_to(path, k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return path == "" and k or (path .. "." .. k) end
  return path .. "[" .. show(k) .. "]"
end

local function shown(v) if v == nil then return "(none)" end return show(v) end

-- How many values differ between tables a and b (a key one side lacks is one difference),
-- adding to `out` (when given, up to out.limit) the first differences in order: a list's
-- indices ascending, then the other keys by their text. One pass over the tables; the few
-- keys listed are walked again (with their own `seen`), never a sort of all the keys.
local function walk(a, b, path, out, seen, depth)
  a, b = api.state_table(a), api.state_table(b)
  local entry = api.entry
  if seen[a] == b or depth > MAX_DEPTH then return 0 end
  seen[a] = b
  local n, total = math.max(rawlen(a), rawlen(b)), 0
  for i = 1, n do
    local x, y = rawget(a, i), rawget(b, i)
    if not rawequal(x, y) then
      if type(x) == "table" and type(y) == "table" then
        total = total + walk(x, y, out and #out < out.limit and (path .. "[" .. i .. "]"), out, seen, depth + 1)
      elseif x ~= y then
        total = total + 1
        if out and #out < out.limit then out[#out + 1] = path .. "[" .. i .. "]: " .. shown(x) .. " ≠ " .. shown(y) end
      end
    end
  end
  local room = out and (out.limit - #out) or 0
  local first = {}  -- the differing keys with the lowest texts, at most `room`
  local function differs(k, count)
    if count == 0 then return end
    total = total + count
    if room == 0 then return end
    local text = path_to("", k)
    local at = #first + 1
    while at > 1 and text < first[at - 1].text do at = at - 1 end
    if at <= room then
      table.insert(first, at, { key = k, text = text })
      if #first > room then first[#first] = nil end
    end
  end
  for k, x in next, a do
    if not is_index(k, n) then
      local y = entry(b, k)
      if rawequal(x, y) then
        differs(k, 0)
      elseif type(x) == "table" and type(y) == "table" then
        differs(k, walk(x, y, nil, nil, seen, depth + 1))
      else
        differs(k, x ~= y and 1 or 0)
      end
    end
  end
  for k in next, b do
    if not is_index(k, n) and entry(a, k) == nil then differs(k, 1) end
  end
  for _, f in ipairs(first) do
    local x, y = entry(a, f.key), entry(b, f.key)
    if type(x) == "table" and type(y) == "table" then
      walk(x, y, path_to(path, f.key), out, {}, depth + 1)
    elseif #out < out.limit then
      out[#out + 1] = path_to(path, f.key) .. ": " .. shown(x) .. " ≠ " .. shown(y)
    end
  end
  return total
end

-- "; 2 differences: k777: 777 ≠ -1, extra: (none) ≠ true" for two tables that differ.
function api.differences(a, b)
  local out = { limit = DIFFERENCES_LISTED }
  local total = walk(a, b, "", out, {}, 0)
  local text = format("; %d difference%s: %s", total, total == 1 and "" or "s", concat(out, ", "))
  if total > #out then text = text .. format(", …and %d more", total - #out) end
  return text
end

-- Whether the prototype's state `s` has, or had, `key`: in its initial table or after any of
-- its actions (an action may clear a key: it is nil then, and expect.state(key, nil) holds).
function api.state_had(s, key)
  if rawget(s, key) ~= nil then return true end
  -- a key prototype.lua names may be set by an action later: nil until then (red-team 13 F1, F3)
  if type(key) == "string" and sf.state_named(key) then return true end
  local had = sf.state_keys()
  return had ~= nil and rawget(had, key) == true
end

-- "the state has no key "selectd"; did you mean "selected"?" (among the keys it has or had).
function api.no_state_key(s, key)
  local keys, listed = {}, {}
  for _, t in ipairs({ s, sf.state_keys() or {} }) do
    for k in next, t do
      if #keys >= 10000 then break end  -- the hint looks at so many (unpack has a limit)
      if type(k) == "string" and not listed[k] then listed[k], keys[#keys + 1] = true, k end
    end
  end
  table.sort(keys)
  return "the state has no key " .. quote(key) .. sf.hint(api.text(key), table.unpack(keys))
end

api.define{ name = "expect.state", group = "Expectations", step = true,
  signature = "expect.state(key, value [, {timeout = seconds}])",
  summary = "Expects the prototype's state[key] to equal value (tables compare deeply).",
  args = { { "key", "a key of the prototype's state table", "string|number" }, { "value", "any value", "any" },
    { "timeout", "as expect.scene", "number" } },
  waits = "until settled and the value matches, up to the timeout",
  errors = "another value (both printed); a key the state never had, in its initial table or after any action, and prototype.lua never names (a key an action sets later reads nil until then) (with did-you-mean; a key an action cleared is nil)",
  example = 'expect.state("cart_count", 2)',
  fn = function(key, value, opts)
    local what = "expect.state(" .. show(key) .. ", " .. show(value) .. ")"
    if type(key) ~= "string" and type(key) ~= "number" then
      misuse(what .. ": expected a key of the prototype's state (a string or a number), got " .. type(key))
    end
    local timeout = opts_timeout(what, opts)
    -- The message of an unchanged plain value is written once, not on every retry frame
    -- (red-team 16 B-F2: a 1 MiB state value shown twice a frame cost 8 s).
    local last_actual, message
    api.poll(what, timeout, function()
      local s = api.state_root(what)
      local actual = s[key]
      if actual == nil and not api.state_had(s, key) then return false, api.no_state_key(s, key) end
      if deep_equal(actual, value) then return true end
      if message == nil or type(actual) == "table" or actual ~= last_actual then
        last_actual = actual
        message = format("expected state.%s to be %s, got %s", api.text(key), show(value), show(actual))
          .. alike_note(actual, value)
      end
      return false, message
    end)
  end }

-- The negations (as Playwright's `expect(...).not`): each retries, like its positive form,
-- on every settled frame until the negation holds or the timeout passes.
api.define{ name = "expect.not_scene", group = "Expectations", step = true,
  signature = "expect.not_scene(name [, {timeout = seconds}])",
  summary = "Expects the current scene not to be `name` once the prototype is settled (it may be any other scene).",
  args = { { "name", "a scene name (a misspelt one fails, never passes)", "string" }, { "timeout", "as expect.scene", "number" } },
  waits = "until settled and another scene is current, up to the timeout",
  errors = "`name` stays current; no scene is called `name` (with did-you-mean)",
  example = 'tap "Sign out"\nexpect.not_scene "account"',
  fn = function(name, opts)
    local what = "expect.not_scene(" .. show(name) .. ")"
    if type(name) ~= "string" then misuse(what .. ": expected a scene name (a string), got " .. type(name)) end
    local timeout = opts_timeout(what, opts)
    if not sf.scene_exists(name) then
      misuse(what .. ": there is no scene " .. quote(name) .. sf.hint(name, table.unpack(sf.scene_names()))
        .. " (the current scene is " .. quote(sf.scene()) .. ")")
    end
    api.poll(what, timeout, function()
      if sf.scene() ~= name then return true end
      return false, format("expected another scene than %s, but it is still current", quote(name))
    end)
  end }

api.define{ name = "expect.not_value", group = "Expectations", step = true,
  signature = "expect.not_value(locator, value [, {timeout = seconds}])",
  summary = "Expects the element to be present with a value other than `value` (compared as expect.value).",
  args = { { "locator", "as tap", "Locator" }, { "value", "string or number", "string|number" }, { "timeout", "as expect.scene", "number" } },
  waits = "until settled, the element is present and its value differs, up to the timeout",
  errors = "no such element; the element keeps `value`; a state a state control never has (with did-you-mean)",
  example = 'tap "Add"\nexpect.not_value("Quantity", 0)',
  fn = function(loc, value, opts) expect_value(loc, value, opts, false) end }

api.define{ name = "expect.not_state", group = "Expectations", step = true,
  signature = "expect.not_state(key, value [, {timeout = seconds}])",
  summary = "Expects the prototype's state[key] not to equal value (tables compare deeply; a key the state never had fails, with did-you-mean).",
  args = { { "key", "a key of the prototype's state table", "string|number" }, { "value", "any value", "any" },
    { "timeout", "as expect.scene", "number" } },
  waits = "until settled and the value differs, up to the timeout",
  errors = "state[key] keeps `value`; a key the state never had, in its initial table or after any action, and prototype.lua never names (a key an action sets later reads nil until then) (with did-you-mean)",
  example = 'tap "Sign in"\nexpect.not_state("signed_in", false)',
  fn = function(key, value, opts)
    local what = "expect.not_state(" .. show(key) .. ", " .. show(value) .. ")"
    if type(key) ~= "string" and type(key) ~= "number" then
      misuse(what .. ": expected a key of the prototype's state (a string or a number), got " .. type(key))
    end
    local timeout = opts_timeout(what, opts)
    api.poll(what, timeout, function()
      local s = api.state_root(what)
      -- A misspelt key would always differ: it fails, as expect.state's does (red-team finding).
      if s[key] == nil and not api.state_had(s, key) then return false, api.no_state_key(s, key) end
      if not deep_equal(s[key], value) then return true end
      return false, format("expected state.%s not to be %s, but it is", api.text(key), show(value))
    end)
  end }

-- expect(x).to_be(y) and friends: checked once, no waiting. Each matcher is
-- `check(x, ...) -> holds` and `phrase(...)`, what x was expected "to" do ("equal {1}"), so
-- every `to_*` matcher gets its `not_to_*` form from the same check: "expected {1} not to
-- equal {1}". `message(x, ...)`, when given, replaces the positive form's message.
-- `subject`, when given, is `{what x must be, test}`: any other x fails both forms, so a nil
-- from a misspelt key never passes a `not_` form (red-team finding M10; Jest's
-- toBeGreaterThan and toMatch throw for a received value of the wrong type, negated or not).
local matchers = {}
local function matcher(name, signature, summary, example, args, check, phrase, message, subject)
  local function doc(n, sig, sum, ex)
    api.docs[#api.docs + 1] = { name = "expect(x)." .. n, group = "Expectations",
      signature = "expect(x)." .. sig, summary = sum, args = args,
      errors = "the check fails: both values are printed", example = ex }
  end
  -- Every number argument is checked (finite; a tolerance >= 0) before the comparison, whose
  -- `<` and `<=` are false for NaN and would turn the negated matcher green.
  local function check_args(n, x, ...)
    local count = select("#", ...)
    if count > #args then api.check_count("expect(x)." .. n, "expect(x)." .. signature, #args, count, ...) end
    if subject and not subject[2](x) then
      misuse(format("expect(x).%s: x must be %s, got %s", n, subject[1], show(x)))
    end
    for i, arg in ipairs(args) do
      local v = select(i, ...)
      if arg[3] == "number" and (v ~= nil or i == 1) then
        api.finite("expect(x)." .. n, arg[1], v, arg[1] == "tolerance" and 0 or nil)
      end
    end
  end
  matchers[name] = function(x, ...)
    check_args(name, x, ...)
    if check(x, ...) then return true end
    if message then return false, message(x, ...) end
    local text = format("expected %s to %s", show(x), phrase(...))
    if select("#", ...) >= 1 then text = text .. alike_note(x, (...)) end
    return false, text
  end
  matchers["not_" .. name] = function(x, ...)
    check_args("not_" .. name, x, ...)
    if not check(x, ...) then return true end
    return false, format("expected %s not to %s", show(x), phrase(...))
  end
  doc(name, signature, summary, example)
  doc("not_" .. name, "not_" .. signature, "The negation of " .. name .. ": " .. summary:gsub("%.$", "")
    .. " does not hold.", (example:gsub("%)%." .. name .. "%(", ").not_" .. name .. "(")))
end
-- The subject of expect() is the table a state view shows (api.state_table): the expected
-- side is compared the same way, so a view is itself (red-team 30 F1).
local function rawsame(x, y) return rawequal(api.state_table(x), api.state_table(y)) end
-- Why two tables that print alike differ, from what they hold (red-team 30 F7: NaN and
-- functions were blamed on a table key): tables as keys, NaN, values shown only by their type.
local ALIKE_REASONS = {
  key = "a table used as a key matches only the same table",
  nan = "NaN equals no value, itself included",
  ref = "a function, coroutine or userdata equals only itself",
}
function alike_why(x, y)
  local found, seen = {}, {}
  local function scan(t, depth)
    t = api.state_table(t)
    if type(t) ~= "table" then
      if t ~= t then found.nan = true end
      return
    end
    if seen[t] or depth > MAX_DEPTH then return end
    seen[t] = true
    for k, v in next, t do
      k, v = api.state_table(k), api.state_table(v)
      if type(k) == "table" then found.key = true; scan(k, depth + 1) end
      local kind = type(v)
      if kind == "table" then scan(v, depth + 1)
      elseif v ~= v then found.nan = true
      elseif kind == "function" or kind == "thread" or kind == "userdata" then found.ref = true end
    end
  end
  scan(x, 0)
  scan(y, 0)
  local why = {}
  for _, reason in ipairs({ "key", "nan", "ref" }) do
    if found[reason] then why[#why + 1] = ALIKE_REASONS[reason] end
  end
  return #why > 0 and table.concat(why, "; ") or "the values differ where their text does not show it"
end
local FINITE = { "a finite number", function(x) return type(x) == "number" and x == x and x ~= math.huge
  and x ~= -math.huge end }
local STRING = { "a string", function(x) return type(x) == "string" end }
-- A list: a table whose own keys are all whole numbers from 1 up, holes allowed (`t[2] = nil`),
-- and table.pack's count `n`; {apple = true} is not one (red-team 64 A C1: any table passed
-- as a list, and not_to_contain("apple") on it passed).
local function is_list(t)
  t = api.state_table(t)
  if type(t) ~= "table" then return false end
  for k, v in next, t do
    if not (math.type(k) == "integer" and k >= 1) and not (k == "n" and math.type(v) == "integer" and v >= 0) then
      return false
    end
  end
  return true
end
-- The elements of list `t` (values at whole-number keys, past any hole: ipairs stopped at the
-- first nil, so table.pack(1, nil, 3) did not contain 3), each given to `visit` until it
-- returns true; true when one did.
local function any_element(t, visit)
  for k, v in next, api.state_table(t) do
    if math.type(k) == "integer" and visit(v) then return true end
  end
  return false
end
local STRING_OR_LIST = { "a string or a list", function(x) return type(x) == "string" or is_list(x) end }
local ANY_Y, NUMBER_Y = { "y", "the expected value", "any" }, { "y", "a number", "number" }
matcher("to_be", "to_be(y)", "x and y are the same value (rawequal; use to_equal for tables).",
  'expect(scene()).to_be("home")', { ANY_Y }, rawsame, function(y) return "be " .. show(y) end,
  function(x, y)
    local text = format("expected %s to be %s", show(x), show(y))
    if type(api.state_table(x)) == "table" and type(api.state_table(y)) == "table" and show(x) == show(y) then
      return text .. " (they print alike: to_be compares tables by identity; use to_equal to compare their contents)"
    end
    return text .. alike_note(x, y)
  end)
matcher("to_equal", "to_equal(y)",
  "x and y are equal, tables compared deeply by their own keys and values (metatables ignored; tables that loop back compare as what they unfold to).",
  'expect(history()).to_equal({"home", "cart"})', { ANY_Y }, deep_equal, function(y) return "equal " .. show(y) end,
  function(x, y)
    -- Tables too big to write whole are written in part, with their first differences.
    local bx, by = {}, {}
    local text = format("expected %s to equal %s", show(x, nil, bx), show(y, nil, by))
    if type(x) ~= "table" or type(y) ~= "table" then return text .. alike_note(x, y) end
    if bx.cut or by.cut then return text .. api.differences(x, y) end
    if show(x) == show(y) then text = text .. api.differences(x, y) .. " (they print alike: " .. alike_why(x, y) .. ")" end
    return text
  end)
matcher("to_be_truthy", "to_be_truthy()", "x is neither nil nor false.", 'expect(element("Save")).to_be_truthy()', {},
  function(x) return not not x end, function() return "be truthy" end,
  function(x) return format("expected a true value, got %s", show(x)) end)
matcher("to_be_falsy", "to_be_falsy()", "x is nil or false.", 'expect(element("Error")).to_be_falsy()', {},
  function(x) return not x end, function() return "be falsy" end,
  function(x) return format("expected nil or false, got %s", show(x)) end)
matcher("to_be_nil", "to_be_nil()", "x is nil.", "expect(state.error).to_be_nil()", {},
  function(x) return x == nil end, function() return "be nil" end,
  function(x) return format("expected nil, got %s", show(x)) end)
matcher("to_contain", "to_contain(y)", "x is a string containing y, or a list (whole-number keys from 1, holes and table.pack's n allowed) with an element equal to y (any other x fails, negated too).",
  'expect(history()).to_contain("settings")', { ANY_Y },
  function(x, y)
    if type(x) == "string" then return find(x, tostring(y), 1, true) ~= nil end
    return any_element(x, function(v) return deep_equal(v, y) end)
  end, function(y) return "contain " .. show(y) end,
  function(x, y)
    local shown_y = show(y)
    local text = format("expected %s to contain %s", show(x), shown_y)
    if type(x) ~= "table" then return text end
    -- An element that prints as y but differs says why (red-team 59 A W2); the first 1000
    -- only, and y written once (a list of two million, its own element, stays quick).
    local seen, alike = 0, nil
    any_element(x, function(v)
      seen = seen + 1
      if type(v) == type(y) and show(v) == shown_y then alike = v return true end
      return seen >= 1000
    end)
    if alike ~= nil then return text .. " (an element prints alike: " .. alike_why(alike, y) .. ")" end
    return text
  end, STRING_OR_LIST)
matcher("to_match", "to_match(pattern)", "x is a string matching the Lua pattern (any other x fails, negated too).",
  'expect(element("Total").value).to_match("^%d+ items$")', { { "pattern", "a Lua pattern", "string" } },
  function(x, p) return api.match_pattern("expect(x).to_match", x, p) ~= nil end,
  function(p) return "match the pattern " .. show(p) end, nil, STRING)
matcher("to_be_close_to", "to_be_close_to(y [, tolerance])", "|x - y| <= tolerance (default 1e-9), the exact difference (integers never wrap around); x must be a finite number.",
  "expect(now()).to_be_close_to(0.35, 1/60)",
  { NUMBER_Y, { "tolerance", "the largest difference allowed (default 1e-9)", "number" } },
  function(x, y, tol) return distance(x, y) <= (tol or 1e-9) end,
  function(y, tol) return format("be within %s of %s", show(tol or 1e-9), show(y)) end, nil, FINITE)
matcher("to_be_greater_than", "to_be_greater_than(y)", "x > y; x must be a finite number.", "expect(#elements()).to_be_greater_than(0)", { NUMBER_Y },
  function(x, y) return x > y end, function(y) return "be greater than " .. show(y) end, nil, FINITE)
matcher("to_be_less_than", "to_be_less_than(y)", "x < y; x must be a finite number.", "expect(#history()).to_be_less_than(5)", { NUMBER_Y },
  function(x, y) return x < y end, function(y) return "be less than " .. show(y) end, nil, FINITE)

local names = {}
for name in pairs(matchers) do names[#names + 1] = name end
api.docs[#api.docs + 1] = { name = "expect", group = "Expectations", signature = "expect(x)",
  summary = "Wraps a plain value for a matcher: expect(x).to_be(y). Matchers check once and do not wait.",
  args = { { "x", "any value", "any" } }, returns = "an object with the matchers below", returns_type = "Matchers",
  errors = "an unknown matcher (with did-you-mean); an expect(x) never given a matcher, or whose matcher was looked up and never called (expect(x).to_be_truthy without parentheses), fails at its line (it checked nothing): the test at its end, in after_all the (after_all) entry, at the top level of the script or a helper it requires the load",
  example = "expect(#history()).to_be(3)" }

-- Names other tools use for an expectation that exists here under another name: the hint
-- names the one of the same effect (a plain did-you-mean never crosses a negation, so
-- `not_visible` would get none).
local SAME_EFFECT = { not_visible = "hidden", not_hidden = "visible", to_be_visible = "visible",
  to_be_hidden = "hidden", to_have_value = "value", to_have_count = "count", not_to_be_visible = "hidden",
  not_to_be_hidden = "visible" }

-- Matcher names other tools use for a check written here another way: the hint names the
-- check of the same meaning (a did-you-mean would offer to_be_truthy for to_be_true, a looser
-- check that "no" and 0 pass).
local SAME_CHECK = { to_be_true = "to_be(true)", to_be_false = "to_be(false)", not_to_be_true = "not_to_be(true)",
  not_to_be_false = "not_to_be(false)", to_be_null = "to_be_nil()", to_be_undefined = "to_be_nil()",
  to_be_defined = "not_to_be_nil()", not_to_be_null = "not_to_be_nil()", not_to_be_undefined = "not_to_be_nil()" }

-- The expect(x) objects of the running test not yet given a matcher (object -> {line =, helper =,
-- soft_function =}; helper is "file:line" when the expect stands in a required helper):
-- one left at the test's end fails it (api.unmatched_failure), as eslint-plugin-jest's valid-expect
-- flags an expect() with no matcher, which checks nothing (red-team 10 m2).
api.unmatched = {}

-- The failure for the first expect(x) of the running test left without a matcher, or nil; forgets them.
function api.unmatched_failure()
  local first
  for _, entry in pairs(api.unmatched) do
    if not first or (entry.line or 0) < (first.line or 0) then first = entry end
  end
  api.unmatched = {}
  if not first then return nil end
  local what = first.soft_function
    and "expect.soft(x) was given a function and no matcher: expect.soft does not run a block; "
      .. "write each check soft inside it (expect.soft(x).to_be(y), expect.soft.scene(...))"
    or first.looked_up and format("expect(x).%s was never called (write expect(x).%s(...)), so it checked nothing",
      api.text(first.looked_up), api.text(first.looked_up))
    or "expect(x) was given no matcher (such as expect(x).to_be(y)), so it checked nothing"
  local place = first.line and (api.source_label .. ":" .. first.line) or nil
  if first.helper then
    -- In a required helper: its line first, then the script's, as api.fail names them.
    return first.helper .. ": " .. what .. (place and ("\n    at " .. place) or "")
  end
  return (place and (place .. ": ") or "") .. what
end

setmetatable(expect, {
  __call = function(_, x)  -- more values are a multiple return, as in expect(label:find("Sign"))
    -- a read-only state view is an empty table: compare what it shows (red-team 14 F1)
    x = api.state_table(x)
    local object
    object = setmetatable({}, { __index = function(_, name)
      -- Given a matcher once the matcher runs: one looked up and never called
      -- (expect(x).to_be_truthy, the parentheses forgotten) checked nothing (red-team 15 A2).
      local entry = api.unmatched[object]
      if entry and not entry.looked_up then entry.looked_up = name end
      local check = matchers[name]
      if not check then
        -- to_not_equal (another tool's word order) is not_to_equal, never to_equal.
        local reordered = type(name) == "string" and name:gsub("^to_not_", "not_to_") or nil
        local same = SAME_CHECK[reordered]
        local hint = (matchers[reordered] and ('; did you mean "' .. reordered .. '"?'))
          or (same and ('; did you mean "' .. same .. '"?'))
          or sf.hint(api.text(name), table.unpack(names))
        -- Refused here, with its own message: not also "never called" at the test's end when
        -- the script's pcall caught this (red-team 54 A A4).
        api.unmatched[object] = nil
        misuse("expect(x)." .. api.text(name) .. " is not a matcher" .. hint)
      end
      -- An entry point named after the matcher: stuck in it through pcall, the watchdog
      -- names it (red-team 25 F2 named no call).
      return api.entry_point("expect(x)." .. name, function(...)
        api.unmatched[object] = nil
        local ok, message = check(x, ...)
        if not ok then fail(message) end
      end)
    end })
    local line, source = api.place(2)
    local helper = line and api.modules[source]
    api.unmatched[object] = { line = api.line(), helper = helper and (helper .. ":" .. line) or nil }
    return object
  end,
  __index = function(_, key)
    local known = {}
    for k in pairs(expect) do known[#known + 1] = k end
    local same = SAME_EFFECT[key]
    misuse("expect." .. api.text(key) .. " is not available"
      .. (same and ('; did you mean "' .. same .. '"?') or sf.hint(api.text(key), table.unpack(known))))
  end,
})
