local G = _G
local type, setmetatable, getinfo, select, pairs, ipairs, load = type, setmetatable, debug.getinfo, select, pairs, ipairs, load
local BASE = { "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal",
  "rawget", "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber",
  "tostring", "type", "xpcall", "collectgarbage", "warn" }
local LIBS = { "string", "table", "math", "utf8" }

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

local H = {}

-- Strings share one metatable whose __index is the real string library (with dump):
-- point it at a copy without dump and hide it, so no sandbox can reach or change it.
local SAFE_STRING = copy(G.string)
SAFE_STRING.dump = nil
local string_mt = G.getmetatable("")
string_mt.__index = SAFE_STRING
string_mt.__metatable = "string"

local function no_dump()
  G.error("string.dump is not available: Sceneflow loads Lua source text only, never binary chunks", 2)
end

local pcall, error, rawget, pack, unpack = G.pcall, G.error, G.rawget, G.table.pack, G.table.unpack

-- xpcall with the message handler run after the error has unwound. Lua calls a handler where
-- the error happened, and when the instruction hook raised that error (a limit or a signal)
-- hooks are off until the handler returns: a handler that loops could never be stopped. Here
-- it runs as ordinary code, under every limit.
local function xpcall(f, handler, ...)
  if handler == nil then error("bad argument #2 to 'xpcall' (value expected)", 2) end
  local results = pack(pcall(f, ...))
  if results[1] then return unpack(results, 1, results.n) end
  return false, (select(2, pcall(handler, results[2])))
end

-- setmetatable without finalizers: Lua runs __gc with hooks off, where no limit can stop a loop.
-- Its argument errors are Lua's own, named: the stock function is not in _G under its name
-- (Sceneflow's chunks get a sealing one, below), so Lua would name it '?'.
local function safe_setmetatable(...)
  local t, mt = ...
  if type(t) ~= "table" then
    error("bad argument #1 to 'setmetatable' (table expected, got " .. (select("#", ...) < 1 and "no value" or type(t)) .. ")", 2)
  elseif type(mt) ~= "table" and (mt ~= nil or select("#", ...) < 2) then
    error("bad argument #2 to 'setmetatable' (nil or table expected, got " .. (mt == nil and "no value" or type(mt)) .. ")", 2)
  end
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc is not available in Sceneflow's sandbox (a finalizer runs where no limit can stop it)", 2)
  end
  local ok, result = pcall(setmetatable, t, mt)
  if not ok then error(result, 2) end
  return result
end

-- pairs in one fixed order: Lua 5.4 seeds its string hashes from the clock and from addresses
-- in every new state, and each test runs in a new state, so `next` walks a table's string keys
-- in another order from one run (or test) to the next, and a prototype or script that loops
-- with pairs got another verdict (red-team 22 F2: overlapping hotspots built in a pairs loop
-- passed 3 runs in 12). Numbers come first (ascending), then strings (byte order), then
-- booleans (false first), then other keys in Lua's order. The keys are read when the loop
-- starts: one removed during it is not given, one added is not (Lua's next leaves the latter
-- undefined). A table with a __pairs metamethod is walked by it, as stock pairs does; `next`
-- keeps Lua's own order.
local sort, raw_pairs, raw_getmetatable = G.table.sort, G.pairs, G.debug.getmetatable
local RANK = { number = 1, string = 2, boolean = 3 }
local function before(a, b)
  local ra, rb = RANK[type(a)] or 4, RANK[type(b)] or 4
  if ra ~= rb then return ra < rb end
  if ra == 1 or ra == 2 then return a < b end
  if ra == 3 then return b and not a end
  return false
end

local function ordered_pairs(t)
  local mt = raw_getmetatable(t)
  -- A tail call: an error names the script's line, not this chunk.
  if type(t) ~= "table" or (mt and rawget(mt, "__pairs") ~= nil) then return raw_pairs(t) end
  local keys, n, kinds = {}, 0, nil
  for k in next, t do
    n = n + 1
    keys[n] = k
    local kind = type(k)
    if kinds == nil then kinds = kind elseif kinds ~= kind then kinds = "mixed" end
  end
  -- One kind of number or string: the library's own comparison, the fast path.
  if n > 1 then
    if kinds == "string" or kinds == "number" then sort(keys) else sort(keys, before) end
  end
  local i = 0
  return function()
    while i < n do
      i = i + 1
      local k = keys[i]
      local v = rawget(t, k)
      if v ~= nil then return k, v end
    end
    return nil
  end, t, nil
end

function H.sandbox()
  local env = {}
  for _, name in ipairs(BASE) do env[name] = G[name] end
  env.pairs = ordered_pairs
  env.xpcall = xpcall
  env.setmetatable = safe_setmetatable
  for _, name in ipairs(LIBS) do env[name] = copy(G[name]) end
  env.string.dump = no_dump
  env._VERSION = G._VERSION
  env._G = env
  -- The mode is honoured as stock Lua does (a mode without "t" refuses text), and binary
  -- chunks are refused whatever the mode: Sceneflow loads Lua source text only.
  env.load = function(chunk, name, mode, e)
    if mode ~= nil and type(mode) ~= "string" then
      return nil, "load: the mode must be a string such as \"t\", got a " .. type(mode)
    end
    if type(chunk) == "string" and chunk:byte(1) == 27 then
      return nil, "load: binary chunks are refused (Sceneflow loads Lua source text only)"
    end
    if mode ~= nil and not mode:find("t", 1, true) then
      return nil, "attempt to load a text chunk (mode is '" .. mode .. "')"
    end
    return load(chunk, name, "t", e or env)
  end
  return env
end

local ACTION = { __metatable = "sceneflow action" }
H.action_mt = ACTION

-- The line of prototype.lua that made the action: the nearest Lua line outside Sceneflow's
-- own chunks ("=[sceneflow ...]"), also through pcall or a C function; nil when there is
-- none (never -1).
local function caller_line()
  local level = 3
  while true do
    local info = getinfo(level, "Sl")
    if not info then return nil end
    if info.currentline > 0 and info.source:sub(1, 1) ~= "=" then return info.currentline end
    level = level + 1
  end
end

local function navigation(op)
  return function(...)
    local scene, kind, duration, curve = ...
    return setmetatable({ op = op, scene = scene, kind = kind, duration = duration,
      curve = curve, nargs = select("#", ...), line = caller_line() }, ACTION)
  end
end

local function plain(op)
  return function(...)
    return setmetatable({ op = op, nargs = select("#", ...), line = caller_line() }, ACTION)
  end
end

-- A deep copy of a prototype's state table (tables copied, cycles kept, metatables dropped and never
-- run: a __pairs that errors or loops left app.state nil, red-team finding M7).
-- Breadth first with a queue, not recursion: a state nested 100 000 tables deep overflowed
-- Lua's stack and the copy was lost (red-team finding).
function H.copy_state(t)
  local root = t or {}
  local copies, queue, i = { [root] = {} }, { root }, 1
  local function copy_of(v)
    if type(v) ~= "table" then return v end
    local c = copies[v]
    if not c then
      c = {}
      copies[v] = c
      queue[#queue + 1] = v
    end
    return c
  end
  while queue[i] do
    local source = queue[i]
    local duplicate = copies[source]
    i = i + 1
    for k, x in next, source do duplicate[copy_of(k)] = copy_of(x) end  -- raw: no __pairs runs
  end
  return copies[root]
end

-- Adds the keys of `state` (app.state, read raw) to `seen` (key -> true): the keys the state
-- has had, looked at after each action, so expect.state(key, nil) tells a key an action cleared
-- from one the state never had (red-team 11 R2). At most 10 000 keys per look.
function H.note_state_keys(seen, state)
  if type(state) ~= "table" then return end
  local n = 0
  for k in next, state do
    seen[k] = true
    n = n + 1
    if n >= 10000 then return end
  end
end

function H.prototype_env()
  local env = H.sandbox()
  env.go = navigation("go")
  env.replace = navigation("replace")
  env.present = navigation("present")
  env.back = plain("back")
  env.dismiss = plain("dismiss")
  return env
end

-- Sceneflow's own metatables (of elements, expect, expect(x), state, …) are read-only to
-- scripts: getmetatable gives a view whose fields read through and whose writes are refused, so
-- no script can add a __gc to one and have the next object Sceneflow makes with it finalized
-- where no limit runs (red-team 23 F2: a looping finalizer ran when the test's Lua state was
-- closed, after the test had passed, past the watchdog and every limit). Every chunk loaded after
-- this one (the prelude, the API sections) makes its metatables through this setmetatable;
-- scripts keep their own (safe_setmetatable, which refuses __gc).
local raw_setmetatable, rawset, tostring = G.debug.setmetatable, G.rawset, G.tostring
local function read_only(_, key)
  error("Sceneflow's metatables are read-only (assigning " .. tostring(key) .. ")", 2)
end
G.setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__metatable") == nil then
    rawset(mt, "__metatable", setmetatable({}, { __index = mt, __newindex = read_only, __metatable = "sceneflow" }))
  end
  raw_setmetatable(t, mt)
  return t
end

return H
