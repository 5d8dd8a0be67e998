local api = ...
local sf, env = api.sf, api.env
local misuse = api.misuse
local type, pcall, error, tostring, setmetatable, rawget, pairs, concat, format =
  type, pcall, error, tostring, setmetatable, rawget, pairs, table.concat, string.format

local expect = env.expect
-- Wrappers hand back soft_call's results without a tail call, so their frame, named as the
-- script called it (expect.soft.visible), stays on the stack for the watchdog's message.
local pass = api.pass

-- Calls expectation `fn` softly: when it fails through api.fail (an expectation, gesture or
-- wait that did not hold), the failure is kept in api.soft with its line and the test goes
-- on; any other error (a call made wrongly, api.misuse; a limit, a Lua error) still stops it.
local function soft_call(what, fn, ...)
  api.inside_test(what, false)  -- fn itself says so if it waits
  local depth = sf.step_depth()
  api.failed = nil
  local escaped = api.escaped
  local escaped_before = escaped and #escaped
  local results = table.pack(pcall(fn, ...))
  if results[1] then return table.unpack(results, 2, results.n) end
  local failed = api.failed
  if not failed or failed.raised ~= results[2] then error(results[2], 0) end
  -- Kept here: not also as a failure a coroutine of the script's own swallowed (api.escaped).
  if escaped then
    for i = #escaped, escaped_before + 1, -1 do escaped[i] = nil end
  end
  sf.step_unwind(depth)  -- the failed expectation's step ends failed; later ones are not inside it
  api.soft[#api.soft + 1] = failed
  -- Swift keeps the line too: a limit that ends the test later lists it (no Lua runs then).
  sf.soft_failed(api.soft_line(failed))
  api.failed = nil
end

-- One soft failure as a line of the failure message.
function api.soft_line(f)
  return "  " .. (f.place and (f.place .. ": ") or "") .. tostring(f.text)
end

-- The most lines a failure message keeps (MessageClip.maxLines): the list keeps its header and
-- the first MAX_LINES - 1 soft failures, then `… (N more lines)` counts the lines left out.
local MAX_LINES = 100

-- The lines of `text`: one, and one more for each line break in it.
local function line_count(text)
  local _, breaks = text:gsub("\n", "")
  return breaks + 1
end

-- The soft failures of the running test as the lines of its failure message, or nil, in at
-- most `room` lines (MAX_LINES when not given) and a note. It is cut here, as MessageClip cuts
-- a message (red-team 29 F5): past 64 KiB, the whole list made the message cut in bytes,
-- inside a line, keeping only its first 28 lines.
function api.soft_report(room)
  room = room or MAX_LINES
  local n = #api.soft
  if n == 0 then return nil end
  local lines = { format("%d soft expectation%s failed:", n, n == 1 and "" or "s") }
  local kept = n < room and n or room - 1
  for i = 1, kept do lines[#lines + 1] = api.soft_line(api.soft[i]) end
  if kept < n then
    local left = 0
    for i = kept + 1, n do left = left + line_count(api.soft_line(api.soft[i])) end
    lines[#lines + 1] = format("… (%d more lines)", left)
  end
  return concat(lines, "\n"), api.soft[1].line
end

-- The messages api.joined made, each with the parts and separators it was made of, so a
-- message joined again (a test's error and soft list, then a failing after_each) shares the
-- lines out among all of its parts, not only the last join's two.
local joined_parts = {}

-- part, separator, part, …: one failure message in which each part keeps its share of the
-- lines and bytes (sf.joined: MessageClip.joined). A part that is itself such a message
-- counts as its own parts.
function api.joined(...)
  local flat, args = {}, table.pack(...)
  for i = 1, args.n do
    local made = i % 2 == 1 and joined_parts[args[i]]
    if made then
      for _, piece in ipairs(made) do flat[#flat + 1] = piece end
    else
      flat[#flat + 1] = args[i]
    end
  end
  local text = sf.joined(table.unpack(flat))
  joined_parts[text] = flat
  return text
end

-- A hard failure `hard` followed by the list of `count` soft failures (`list(room)` makes it,
-- in `room` lines): each keeps its own share of the lines and bytes of a message
-- (MessageClip.joined), so a long hard failure never pushes the list out (red-team 30 F6: an
-- error of 200 lines; 32 A1: 90 lines of 900 characters, past 64 KiB). The list gets the lines
-- it needs up to half of them, or more when the hard failure needs fewer.
function api.hard_then_soft(hard, count, list)
  local wanted = math.min(count + 1, MAX_LINES)
  local hard_lines = 1  -- counted up to MAX_LINES: the text may be megabytes
  local at = 0
  while hard_lines < MAX_LINES do
    at = hard:find("\n", at + 1, true)
    if not at then break end
    hard_lines = hard_lines + 1
  end
  local room = math.max(MAX_LINES - hard_lines, math.min(wanted, MAX_LINES // 2))
  local listed = list(math.max(1, math.min(wanted, room)))  -- its first value only
  return api.joined(hard, "\nand ", listed)
end

local soft = setmetatable({}, {
  __index = function(_, key)
    local fn = rawget(expect, key)
    if type(fn) ~= "function" or key == "soft" then
      local known = {}
      for k, v in pairs(expect) do if type(v) == "function" then known[#known + 1] = k end end
      misuse("expect.soft." .. api.text(key) .. " is not available" .. sf.hint(api.text(key), table.unpack(known)))
    end
    -- An entry point named after it, as the matchers below, so the watchdog names it even
    -- when the script called it in a return statement (red-team 30 F8).
    local label = "expect.soft." .. key
    return api.entry_point(label, function(...) return pass(soft_call(label, fn, ...)) end)
  end,
  __call = function(_, x)  -- as expect(x): more values are a multiple return
    local plain = expect(x)
    api.unmatched[plain].soft_function = type(x) == "function"
    return setmetatable({}, { __index = function(_, name)
      local check = plain[name]  -- an unknown matcher fails at once, as in expect(x)
      -- An entry point named after the matcher, for the watchdog's message (red-team 25 F2).
      local label = "expect.soft(x)." .. api.text(name)
      return api.entry_point(label, function(...) return pass(soft_call(label, check, ...)) end)
    end })
  end,
})
rawset(expect, "soft", soft)
api.docs[#api.docs + 1] = { name = "expect.soft", group = "Expectations", mirrors = "expect",
  signature = "expect.soft(x)",
  summary = "Soft expectations (as Playwright's expect.soft): expect.soft(x).<matcher>(...) and expect.soft.<expectation>(...) (expect.soft.scene, expect.soft.visible, ... every expect.* function) check as usual, but when one does not hold the failure is recorded with its line and the test goes on; the test fails at its end listing every soft failure (after a hard failure, the list follows it), and a step() around it fails too. Other errors still stop the test.",
  args = { { "x", "any value, for a matcher", "any" } },
  returns = "an object with the matchers of expect(x), soft", returns_type = "Matchers",
  errors = "the test fails at its end when any soft expectation failed, or when an expect.soft(x) was given no matcher (a function given is not run as a block); an unknown expectation or matcher fails at once",
  example = 'expect.soft.scene "home"\nexpect.soft(#history()).to_be(2)\ntap "Next" -- runs even if those failed' }
