extension ScriptPrelude {
    /// Globals this section adds, for did-you-mean on a misspelt global.
    static let starRatingGlobals = ["rate", "increment", "decrement", "set_value", "element"]

    /// The star-rating part of the script API (issue 4), spliced into `source` where the
    /// helpers `fail`, `quote`, `wait_settled`, `wait_until`, `format`, `sf`, `env` and
    /// `expect` are in scope. Uses the native functions of `ControlScriptFunctions`.
    ///
    /// - `rate(label, value)`: waits until settled, then a real press on the current value's
    ///   position (at least the first step's: a press must start on the stars), 12 moves over
    ///   0.3 s to the target value's position and a release, through the same input path as
    ///   the mouse; waits until settled. Nothing happens when the value is already `value`.
    ///   Fails when `value` is not one of the control's values (bounds and step).
    /// - `set_value(label, value)`: sets the value as the prototype does (snapped, clamped,
    ///   no `on_changing` / `on_change`); NaN fails. Returns the stored value.
    /// - `increment(label)`, `decrement(label)`: accessibility steps, stopping at the bounds,
    ///   firing nothing; read-only controls ignore them. Return the stored value.
    /// - `expect.value(label, value)`: waits until settled, compares the stored value.
    /// - `element(label)`: a snapshot `{ label, value, accessibility_value, min, max, step,
    ///   read_only }` of a star rating in the current scene.
    static let starRatingSection = #"""
        local RATE_TIME, RATE_STEPS = 0.3, 12

        local function star_rating(what, label)
          if type(label) ~= "string" then
            fail(what .. ": expected the accessibility label of a star rating (a string), got " .. type(label))
          end
          local value, min, max, step, read_only, spoken = sf.control(label)
          if value == nil then fail(what .. ": " .. min) end
          return { label = label, value = value, min = min, max = max, step = step, read_only = read_only,
                   accessibility_value = spoken }
        end

        local function stars_argument(what, value)
          if type(value) ~= "number" then fail(what .. ": expected a number of stars, got " .. quote(value)) end
          if value ~= value then fail(what .. ": the value is not a number (NaN)") end
        end

        function env.rate(label, value)
          local what = format("rate(%s, %s)", quote(label), quote(value))
          wait_settled(what)
          local c = star_rating(what, label)
          stars_argument(what, value)
          local n = value / c.step
          if value < c.min - 1e-9 or value > c.max + 1e-9 or math.abs(n - math.floor(n + 0.5)) > 1e-6 then
            fail(format("%s: %s takes values from %g to %g in steps of %g", what, quote(label), c.min, c.max, c.step))
          end
          if math.abs(value - c.value) < 1e-9 then return end
          local sx, sy = sf.control_point(label, math.max(c.value, c.step))
          local tx = sf.control_point(label, value)
          local t = sf.now()
          sf.input("down", sx, sy, t)
          for i = 1, RATE_STEPS do
            local f = i / RATE_STEPS
            sf.input("move", sx + (tx - sx) * f, sy, t + RATE_TIME * f)
          end
          sf.input("up", tx, sy, t + RATE_TIME)
          wait_until(what, t + RATE_TIME)
        end

        function env.set_value(label, value)
          local what = format("set_value(%s, %s)", quote(label), quote(value))
          wait_settled(what)
          star_rating(what, label)
          stars_argument(what, value)
          local stored, problem = sf.set_value(label, value)
          if stored == nil then fail(what .. ": " .. problem) end
          return stored
        end

        local function stepper(name, steps)
          return function(label)
            local what = format("%s(%s)", name, quote(label))
            wait_settled(what)
            star_rating(what, label)
            local stored, problem = sf.adjust(label, steps)
            if stored == nil then fail(what .. ": " .. problem) end
            return stored
          end
        end
        env.increment = stepper("increment", 1)
        env.decrement = stepper("decrement", -1)

        function env.element(label)
          local what = "element(" .. quote(label) .. ")"
          inside_test(what)
          return star_rating(what, label)
        end

        function expect.value(label, value)
          local what = format("expect.value(%s, %s)", quote(label), quote(value))
          wait_settled(what)
          local c = star_rating(what, label)
          stars_argument(what, value)
          if math.abs(c.value - value) > 1e-9 then
            fail(format("%s: the value is %s (%s)", what, tostring(c.value), quote(c.accessibility_value)))
          end
        end
        """#
}
