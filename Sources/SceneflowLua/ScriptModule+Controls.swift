import SceneflowCore

/// The native star-rating functions under the script API (issue 4): small, non-yielding reads
/// and writes of the bound `Session`'s controls in the current scene. Values are in stars,
/// positions in points. A function that cannot find the control returns nil and the message
/// (with a did-you-mean and the controls on screen) for the Lua side to raise at the script's
/// line.
///
/// Registration table (merged into the native table `sf`):
/// - `control(label)` → value, min, max, step, read_only, accessibility value
/// - `control_point(label, value)` → x, y of the point a press or drag uses to give `value`
/// - `set_value(label, value)` → the stored value (snapped, clamped; fires nothing)
/// - `adjust(label, steps)` → the stored value after an accessibility increment (1) or
///   decrement (-1) (fires nothing; read-only controls ignore it)
enum ControlScriptFunctions {
    /// The functions, each given the bound session (nil when none is bound).
    static func functions(
        _ session: @escaping () -> Session?
    ) -> [(name: String, body: (LuaStack) -> LuaCallbackResult)] {
        func bound(_ body: @escaping (Session, LuaStack) -> LuaCallbackResult) -> (LuaStack) -> LuaCallbackResult {
            { stack in
                guard let s = session() else { return .error("the script is not bound to a running prototype") }
                return body(s, stack)
            }
        }
        return [
            ("control", bound(control)),
            ("control_point", bound(controlPoint)),
            ("set_value", bound(setValue)),
            ("adjust", bound(adjust)),
        ]
    }

    private static func failure(_ stack: LuaStack, _ message: String) -> LuaCallbackResult {
        stack.pushNil()
        stack.push(message)
        return .values(2)
    }

    private static func control(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        do {
            let tracker = try session.starRating(label)
            stack.pushNumber(tracker.value)
            stack.pushNumber(tracker.control.minimum)
            stack.pushNumber(tracker.control.maximum)
            stack.push(tracker.control.step)
            stack.push(tracker.control.readOnly)
            stack.push(tracker.accessibilityValue)
            return .values(6)
        } catch {
            return failure(stack, error.message)
        }
    }

    private static func controlPoint(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        guard let value = stack.number(2) else { return .error("control_point: expected (label, value)") }
        do {
            let point = try session.controlPoint(label, value: value)
            stack.push(point.x)
            stack.push(point.y)
            return .values(2)
        } catch {
            return failure(stack, error.message)
        }
    }

    private static func setValue(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        guard let value = stack.number(2) else { return .error("set_value: expected (label, value)") }
        do {
            stack.pushNumber(try session.setControlValue(label, value))
            return .values(1)
        } catch {
            return failure(stack, error.message)
        }
    }

    private static func adjust(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        guard let steps = stack.number(2) else { return .error("adjust: expected (label, steps)") }
        do {
            stack.pushNumber(try session.adjustControl(label, by: steps < 0 ? -1 : 1))
            return .values(1)
        } catch {
            return failure(stack, error.message)
        }
    }
}
