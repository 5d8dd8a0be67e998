/// The Lua code run once in every state before any user file: it builds sandbox
/// environments and the action constructors of `prototype.lua`.
///
/// Registration table (all Lua, no native functions). The chunk runs with the full standard
/// libraries and returns a helper table `H` kept in the registry:
/// - `H.sandbox()` → a fresh environment with only the safe parts of base (no `dofile`,
///   `loadfile`, `require`; `load` accepts text chunks only and defaults to the sandbox),
///   copies of `string` (`dump` raises an error), `table`, `math` and `utf8`. The shared
///   string metatable is hidden (`getmetatable("")` is `"string"`) and indexes a copy of `string`
///   without `dump`. No `io`, `os`,
///   `package`, `debug` or `coroutine`.
/// - `H.copy_state(t)` → a deep copy of table `t` (or an empty table for nil): each test and
///   each play starts from a fresh copy of the prototype's `state`.
/// - `H.prototype_env()` → a sandbox plus `go(scene [, transition [, duration [, curve]]])`,
///   `replace(scene [, transition [, duration [, curve]]])`, `present(scene [, transition [, duration [, curve]]])`, `back()` and `dismiss()`. Each
///   returns a table tagged with the metatable `H.action_mt` holding `op`, the arguments as
///   given, `nargs` and the `line` of the call; the loader validates them with the path where
///   the action is used, so every problem is reported, not only the first.
enum SandboxPrelude {
    static let chunkName = "=[sceneflow]"

    static let source = #"""
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
          env.load = function(chunk, name, mode, e)
            if type(chunk) == "string" and chunk:byte(1) == 27 then
              return nil, "load: binary chunks are refused (Sceneflow loads Lua source text only)"
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
        """#
}
