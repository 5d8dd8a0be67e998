/// The script API, written in Lua over the native table of `ScriptModule` (called `sf` here),
/// because waiting must yield the test's coroutine and a C function cannot.
///
/// The chunk is called with `(sandbox, sf, source, settle_timeout)` and returns the script's
/// environment and a declarations table `{ prototype = path?, tests = { {name, fn, line}... } }`.
///
/// Globals offered to a script (besides the sandbox):
/// - `prototype(path)`: the prototype folder, relative to the script file (at most once).
/// - `test(name, fn)`: declares a test; `fn` runs as a coroutine resumed once per frame.
/// - `tap(label)`: waits until settled (at most `settle_timeout` clock seconds), finds the
///   element by exact accessibility label in the current scene, presses at its centre now and
///   releases 0.05 s later, then waits until the input is delivered and the prototype settled.
/// - `swipe(direction [, {on = label}])`: the same, pressing at the element's centre (or the
///   screen's) and moving 120 points in the finger's direction over 0.2 s in 12 move events.
/// - `back()`: waits until settled, performs Core's back action, waits until settled.
/// - `expect.scene(name)`: waits until settled, then compares the current scene.
/// - `wait(seconds)`: lets clock time pass.
/// Failures raise errors positioned at the innermost line of the script file on the stack
/// (what `error(msg, 2)` gives when the script calls the API directly).
enum ScriptPrelude {
    static let chunkName = "=[sceneflow script api]"
    /// Names a script can use, for did-you-mean on a misspelt global.
    static let globals = [
        "prototype", "test", "tap", "swipe", "back", "expect", "wait", "assert", "error", "ipairs",
        "pairs", "pcall", "print", "select", "tonumber", "tostring", "type", "string", "table", "math",
    ] + starRatingGlobals

    static let source = #"""
        local sandbox, sf, SOURCE, SETTLE = ...
        local yield, isyieldable = coroutine.yield, coroutine.isyieldable
        local getinfo = debug.getinfo
        local type, tostring, error, setmetatable, format = type, tostring, error, setmetatable, string.format
        local TAP, SWIPE_TIME, SWIPE_DISTANCE, SWIPE_STEPS = 0.05, 0.2, 120, 12
        local env = sandbox()
        local decl = { tests = {} }

        local function fail(message)
          local level = 2
          while true do
            local info = getinfo(level, "Sl")
            if not info then error(message, 0) end
            if info.source == SOURCE and info.currentline > 0 then
              error(info.short_src .. ":" .. info.currentline .. ": " .. message, 0)
            end
            level = level + 1
          end
        end

        local function quote(v)
          if type(v) == "string" then return '"' .. v .. '"' end
          return tostring(v)
        end

        local function inside_test(what)
          if not isyieldable() then
            fail(what .. ": gestures and expectations run inside test(\"name\", function() ... end)")
          end
        end

        local function wait_settled(what)
          inside_test(what)
          if sf.settled() then return end
          local deadline = sf.now() + SETTLE
          repeat
            if sf.now() >= deadline then
              fail(format("%s: the prototype did not settle within %g s of clock time (scene %s)",
                what, SETTLE, quote(sf.scene())))
            end
            yield()
          until sf.settled()
        end

        local function wait_until(what, t)
          local deadline = t + SETTLE
          while sf.now() < t or not sf.settled() do
            if sf.now() >= deadline then
              fail(format("%s: the prototype did not settle within %g s of clock time after the input (scene %s)",
                what, SETTLE, quote(sf.scene())))
            end
            yield()
          end
        end

        local function locate(what, label)
          if type(label) ~= "string" then
            fail(what .. ": expected an accessibility label (a string), got " .. type(label))
          end
          local x, y = sf.find(label)
          if type(x) ~= "number" then fail(what .. ": " .. y) end
          return x, y
        end

        function env.tap(label)
          local what = "tap(" .. quote(label) .. ")"
          wait_settled(what)
          local x, y = locate(what, label)
          local t = sf.now()
          sf.input("down", x, y, t)
          sf.input("up", x, y, t + TAP)
          wait_until(what, t + TAP)
        end

        local DIRECTIONS = { left = { -1, 0 }, right = { 1, 0 }, up = { 0, -1 }, down = { 0, 1 } }

        function env.swipe(direction, options)
          local what = "swipe(" .. quote(direction) .. ")"
          local d = DIRECTIONS[direction]
          if not d then
            fail(what .. ': the direction is the finger\'s: "left", "right", "up" or "down"'
              .. sf.hint(tostring(direction), "left", "right", "up", "down"))
          end
          local label = options
          if type(options) == "table" then label = options.on end
          if label ~= nil then what = format("swipe(%s, {on = %s})", quote(direction), quote(label)) end
          wait_settled(what)
          local x, y
          if label ~= nil then x, y = locate(what, label) else x, y = sf.screen_center() end
          local t = sf.now()
          sf.input("down", x, y, t)
          for i = 1, SWIPE_STEPS do
            local f = i / SWIPE_STEPS
            sf.input("move", x + d[1] * SWIPE_DISTANCE * f, y + d[2] * SWIPE_DISTANCE * f, t + SWIPE_TIME * f)
          end
          sf.input("up", x + d[1] * SWIPE_DISTANCE, y + d[2] * SWIPE_DISTANCE, t + SWIPE_TIME)
          wait_until(what, t + SWIPE_TIME)
        end

        function env.back()
          wait_settled("back()")
          local problem = sf.back()
          if problem then fail("back(): " .. problem) end
          wait_until("back()", sf.now())
        end

        function env.wait(seconds)
          inside_test("wait")
          if type(seconds) ~= "number" or seconds < 0 then
            fail("wait: expected a number of seconds >= 0, got " .. quote(seconds))
          end
          local t = sf.now() + seconds
          while sf.now() < t do yield() end
        end

        local expect = {}
        function expect.scene(name)
          wait_settled("expect.scene")
          if type(name) ~= "string" then fail("expect.scene: expected a scene name (a string), got " .. type(name)) end
          local problem = sf.check_scene(name)
          if problem then fail("expect.scene: " .. problem) end
        end
        \#(starRatingSection)
        env.expect = setmetatable(expect, { __index = function(_, key)
          fail("expect." .. tostring(key) .. " is not available" .. sf.hint(tostring(key), "scene", "value"))
        end })

        function env.prototype(path)
          if type(path) ~= "string" or path == "" then
            error("prototype: expected the path of a prototype folder (a string), got " .. quote(path), 2)
          end
          if decl.prototype then error("prototype: already given as " .. quote(decl.prototype), 2) end
          decl.prototype = path
        end

        local lines = {}
        function env.test(name, fn)
          if type(name) ~= "string" or name == "" then
            error("test: expected a name (a non-empty string) first, got " .. quote(name), 2)
          end
          if type(fn) ~= "function" then
            error("test(" .. quote(name) .. "): expected a function second, got " .. type(fn), 2)
          end
          if lines[name] then
            error("test: a test named " .. quote(name) .. " is already declared at line " .. lines[name], 2)
          end
          local line = getinfo(2, "l").currentline
          lines[name] = line
          decl.tests[#decl.tests + 1] = { name = name, fn = fn, line = line }
        end

        return env, decl
        """#
}
