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

function H.sandbox()
  local env = {}
  for _, name in ipairs(BASE) do env[name] = G[name] end
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

local function caller_line()
  local info = getinfo(3, "l")
  return info and info.currentline or -1
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

-- A deep copy of a prototype's state table (tables copied, cycles kept, metatables dropped).
function H.copy_state(t)
  local seen = {}
  local function walk(v)
    if type(v) ~= "table" then return v end
    if seen[v] then return seen[v] end
    local c = {}
    seen[v] = c
    for k, x in pairs(v) do c[walk(k)] = walk(x) end
    return c
  end
  return walk(t or {})
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

return H
