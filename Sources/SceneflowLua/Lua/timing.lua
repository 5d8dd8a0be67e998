local api = ...
local sf, quote, show = api.sf, api.quote, api.show
local misuse = api.misuse
local type, pairs, format, abs, concat = type, pairs, string.format, math.abs, table.concat
local FRAME = 1 / 60

api.define_class{ name = "Transition", summary = "A completed transition as the timeline recorded it.",
  fields = { { "from", "the outgoing scene", "string" }, { "to", "the incoming scene", "string" },
    { "kind", "the transition kind", "string" }, { "curve", "the timing curve", "string" },
    { "requested", "the requested duration, seconds", "number" },
    { "duration", "the measured duration (completion - start), seconds", "number" },
    { "start", "clock seconds", "number" }, { "first_frame", "clock seconds", "number?" },
    { "last_frame", "clock seconds", "number?" }, { "completion", "clock seconds", "number?" },
    { "frames", "frames drawn", "integer" }, { "intervals", "frame intervals, seconds", "FrameIntervals" },
    { "hitches", "frame intervals over 1.5 frames", "integer" }, { "hitch_time", "seconds", "number" },
    { "hitch_ratio", "ms of hitches per s of transition", "number" },
    { "on_time", "the completion fired on the first frame at or after start + duration", "boolean" },
    { "slow_motion", "the slow-animation factor, when on", "number?" } } }
api.define_class{ name = "FrameIntervals", summary = "Frame interval figures of a transition, seconds.",
  fields = { { "min", "the shortest", "number?" }, { "median", "the median", "number?" },
    { "p95", "the 95th percentile", "number?" }, { "max", "the longest", "number?" } } }

api.define{ name = "last_transition", group = "Timing",
  signature = "last_transition()",
  summary = "The most recently completed transition of this test, as the timeline recorded it, or nil when none completed yet. Does not wait.",
  returns = "{from, to, kind, curve, requested (s), duration (measured s), start, first_frame, last_frame, completion (clock s, from the test's clock start, as now()), frames, intervals = {min, median, p95, max} (s), hitches, hitch_time (s), hitch_ratio (ms/s), on_time, slow_motion} or nil",
  returns_type = "Transition|nil",
  example = 'tap "More options"\nexpect.scene "settings"\nexpect(last_transition().frames).to_be(22)',
  fn = function()
    local t = sf.last_transition()
    if not t then return nil end
    -- Its times count from the test's clock start, as now() does (red-team 52 A T1).
    local origin = sf.test_clock_start()
    for _, key in ipairs({ "start", "first_frame", "last_frame", "completion" }) do
      if t[key] then t[key] = t[key] - origin end
    end
    return api.record(t, "Transition")  -- a misspelt field fails (red-team 12 S2)
  end }

local KEYS = { from = "string", to = "string", kind = "string", duration = "number", within = "number",
  timeout = "number" }
local KEY_NAMES = { "from", "to", "kind", "duration", "within", "timeout" }

local function describe(t)
  return format("%s -> %s %s, requested %g s, measured %g s (%d frames)", t.from, t.to, t.kind, t.requested,
    t.duration, t.frames)
end

api.define{ name = "expect.transition", group = "Expectations", step = true,
  signature = "expect.transition{from =, to =, kind =, duration =, within =}",
  summary = "Expects the last completed transition of this test to match: `from`, `to` and `kind` as given, and its measured duration within `within` seconds (default one frame, 1/60 s) of `duration`. Every field is optional.",
  args = { { "from", "the outgoing scene", "string" }, { "to", "the incoming scene", "string" },
    { "kind", "a transition kind, e.g. \"crossfade\"", "string" },
    { "duration", "seconds the transition should have lasted (measured: completion − start)", "number" },
    { "within", "tolerance in seconds (default 1/60)", "number" },
    { "timeout", "clock seconds to wait for a matching transition (default 5)", "number" } },
  waits = "until settled and the last transition matches, up to the timeout",
  errors = "no transition yet; another transition (both described); an unknown field or transition kind (with did-you-mean; kinds listed)",
  example = 'tap "Rate"\nexpect.transition{to = "thanks", kind = "crossfade", duration = 0.3}',
  fn = function(want)
    if type(want) ~= "table" then
      misuse("expect.transition: expected a table such as {to = \"details\", duration = 0.35}, got " .. show(want))
    end
    local what = "expect.transition" .. show(want)
    for k, v in pairs(want) do
      local kind = KEYS[k]
      if not kind then
        misuse(what .. ": unknown field " .. quote(k) .. sf.hint(api.text(k), table.unpack(KEY_NAMES)))
      end
      if type(v) ~= kind then misuse(what .. ": " .. k .. " must be a " .. kind .. ", got " .. show(v)) end
    end
    for _, key in ipairs({ "duration", "within" }) do
      if want[key] ~= nil then api.finite(what, key, want[key], 0, "seconds") end
    end
    local problem = want.kind and sf.transition_problem(want.kind)
    if problem then misuse(what .. ": kind: " .. problem) end
    if want.from and not sf.scene_exists(want.from) then
      misuse(what .. ": there is no scene " .. quote(want.from) .. sf.hint(want.from, table.unpack(sf.scene_names())))
    end
    if want.to and not sf.scene_exists(want.to) then
      misuse(what .. ": there is no scene " .. quote(want.to) .. sf.hint(want.to, table.unpack(sf.scene_names())))
    end
    local within = want.within or FRAME
    api.poll(what, api.timeout(want, what), function()
      local t = sf.last_transition()
      if not t then return false, "no transition has completed in this test" end
      local wrong = {}
      if want.from and t.from ~= want.from then wrong[#wrong + 1] = "from " .. quote(t.from) end
      if want.to and t.to ~= want.to then wrong[#wrong + 1] = "to " .. quote(t.to) end
      if want.kind and t.kind ~= want.kind then wrong[#wrong + 1] = "kind " .. quote(t.kind) end
      if want.duration and abs(t.duration - want.duration) > within + 1e-9 then
        wrong[#wrong + 1] = format("measured %g s, more than %g s from %g s", t.duration, within, want.duration)
      end
      if #wrong == 0 then return true, t end
      return false, "the last transition was " .. describe(t) .. ": " .. concat(wrong, ", ")
    end)
  end }
