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
/// - `control_press(label, value)` → x, y of that point when a finger pressing there reaches
///   the control (the same hit path as the mouse), else nil and why not (disabled, covered,
///   scrolled out of view, off the screen)
/// - `set_value(label, value)` → the stored value (snapped, clamped; fires nothing)
/// - `adjust(label, steps)` → the stored value after an accessibility increment (1) or
///   decrement (-1) (fires nothing; read-only controls ignore it)
/// - `state_control(label)` → state, accessibility value, style, enabled of a toggle, check
///   box, segmented control or radio group (issue 17)
/// - `state_press(label, state)` → x, y where a tap gives `state` when a finger reaches the
///   control there, else nil and why not
/// - `set_state(label, state)` → the state (fires no `on_change`)
/// - `text_field(label)` → value (dots for a secure field), focused, enabled, secure
/// - `text_press(label)` → x, y where a tap gives the field the keyboard, else nil and why not
/// - `type_text(label, text)` → true after typing into the field, which must have the keyboard
/// - `clear_text(label)` → true after emptying the field, which must have the keyboard
extension ScriptModule {
    /// The star-rating natives, registered with `natives` by `push(into:)`.
    nonisolated(unsafe) static let controlNatives: [Native] = [
        ("control", { _, session, s in ControlScriptFunctions.control(session, s) }),
        ("control_point", { _, session, s in ControlScriptFunctions.controlPoint(session, s) }),
        ("control_press", { _, session, s in ControlScriptFunctions.controlPress(session, s) }),
        ("set_value", { _, session, s in ControlScriptFunctions.setValue(session, s) }),
        ("adjust", { _, session, s in ControlScriptFunctions.adjust(session, s) }),
        ("state_control", { _, session, s in ControlScriptFunctions.stateControl(session, s) }),
        ("state_press", { _, session, s in ControlScriptFunctions.statePress(session, s) }),
        ("set_state", { _, session, s in ControlScriptFunctions.setState(session, s) }),
        ("text_field", { _, session, s in ControlScriptFunctions.textField(session, s) }),
        ("text_press", { _, session, s in ControlScriptFunctions.textPress(session, s) }),
        ("type_text", { _, session, s in ControlScriptFunctions.typeText(session, s) }),
        ("clear_text", { _, session, s in ControlScriptFunctions.clearText(session, s) }),
    ]
}

/// The bodies of `ScriptModule.controlNatives`, and the star-rating fields of `elements()`.
enum ControlScriptFunctions {
    /// Adds `accessibility_value` (the string read out) to an element table of `elements()`
    /// at `table`, and for a star rating replaces `value` with its number of stars and adds
    /// `min`, `max`, `step` and `read_only`; a state control adds `states`, a text field
    /// `secure` and `placeholder`.
    static func addFields(of element: Element, session: Session, stack: LuaStack, table: Int32) {
        if let control = element.control?.stateControl, let state = session.controlState(of: element) {
            stack.push(control.accessibilityValue(state))
            stack.rawSet("accessibility_value", table: table)
            stack.newTable()
            let list = stack.top
            for (offset, name) in control.states.enumerated() {
                stack.push(name)
                stack.rawSet(at: offset + 1, table: list)
            }
            stack.rawSet("states", table: table)
            return
        }
        if let field = element.control?.textField {
            // Read out as the text (a secure field's dots), as VoiceOver reads a text field.
            stack.push(session.value(of: element) ?? "")
            stack.rawSet("accessibility_value", table: table)
            stack.push(field.secure)
            stack.rawSet("secure", table: table)
            if let placeholder = field.placeholder {
                stack.push(placeholder)
                stack.rawSet("placeholder", table: table)
            }
            return
        }
        if let spoken = session.value(of: element) {
            stack.push(spoken)
            stack.rawSet("accessibility_value", table: table)
        }
        guard let tracker = session.starRating(of: element) else { return }
        stack.pushNumber(tracker.value)
        stack.rawSet("value", table: table)
        stack.pushNumber(tracker.control.minimum)
        stack.rawSet("min", table: table)
        stack.pushNumber(tracker.control.maximum)
        stack.rawSet("max", table: table)
        stack.push(tracker.control.step)
        stack.rawSet("step", table: table)
        stack.push(tracker.control.readOnly)
        stack.rawSet("read_only", table: table)
    }

    static func failure(_ stack: LuaStack, _ message: String) -> LuaCallbackResult {
        stack.pushNil()
        stack.push(message)
        return .values(2)
    }

    static func control(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
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

    static func controlPoint(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
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

    static func controlPress(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        guard let value = stack.number(2) else { return .error("control_press: expected (label, value)") }
        do {
            let point = try session.controlPoint(label, value: value)
            if let problem = try session.controlPressProblem(label, at: point) { return failure(stack, problem) }
            stack.push(point.x)
            stack.push(point.y)
            return .values(2)
        } catch {
            return failure(stack, error.message)
        }
    }

    static func setValue(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        guard let value = stack.number(2) else { return .error("set_value: expected (label, value)") }
        do {
            stack.pushNumber(try session.setControlValue(label, value))
            return .values(1)
        } catch {
            return failure(stack, error.message)
        }
    }

    static func adjust(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
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

extension ControlScriptFunctions {
    static func stateControl(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        do {
            let reading = try session.stateControl(stack.string(1) ?? "")
            stack.push(reading.state)
            stack.push(reading.accessibilityValue)
            stack.push(reading.control.style.rawValue)
            stack.push(reading.enabled)
            return .values(4)
        } catch {
            return failure(stack, error.message)
        }
    }

    static func statePress(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        do {
            switch try session.statePress(stack.string(1) ?? "", state: stack.string(2) ?? "") {
            case .success(let point):
                stack.push(point.x)
                stack.push(point.y)
                return .values(2)
            case .failure(let problem): return failure(stack, problem.message)
            }
        } catch {
            return failure(stack, error.message)
        }
    }

    static func setState(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        do {
            stack.push(try session.setControlState(stack.string(1) ?? "", stack.string(2) ?? ""))
            return .values(1)
        } catch {
            return failure(stack, error.message)
        }
    }
}

extension ControlScriptFunctions {
    static func textField(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        do {
            let reading = try session.textField(stack.string(1) ?? "")
            stack.push(reading.value)
            stack.push(reading.focused)
            stack.push(reading.enabled)
            stack.push(reading.field.secure)
            return .values(4)
        } catch {
            return failure(stack, error.message)
        }
    }

    static func textPress(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        do {
            switch try session.textFieldPress(stack.string(1) ?? "") {
            case .success(let point):
                stack.push(point.x)
                stack.push(point.y)
                return .values(2)
            case .failure(let problem): return failure(stack, problem.message)
            }
        } catch {
            return failure(stack, error.message)
        }
    }

    static func typeText(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        guard let text = stack.string(2) else { return .error("type_text: expected (label, text)") }
        // Longer than any field holds: refused before a character is typed (each keystroke
        // edits the whole text, and on_change runs after it).
        let length = text.count
        if length > TextField.longestText {
            return failure(
                stack,
                "the text is \(length) characters long; a text field holds at most \(TextField.longestText) (the largest max_length)"
            )
        }
        if let problem = keyboardProblem(session, label) { return failure(stack, problem) }
        // A gesture lands whole or fails: text typed after the field gave up the keyboard
        // (Return ran on_submit, an action moved on) went nowhere.
        if let dropped = session.typeText(text), dropped > 0 {
            let total = text.unicodeScalars.count
            return failure(
                stack,
                "\"\(label)\" gave up the keyboard part-way (Return, or an action that moved on): the last \(dropped) of the \(total) characters went nowhere; tap a field again before typing the rest"
            )
        }
        stack.push(true)
        return .values(1)
    }

    static func clearText(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        if let problem = keyboardProblem(session, label) { return failure(stack, problem) }
        session.clearFocusedText()
        stack.push(true)
        return .values(1)
    }

    /// Why `label` cannot be typed into now (not a field, or another element has the
    /// keyboard), or nil.
    private static func keyboardProblem(_ session: Session, _ label: String) -> String? {
        do {
            let reading = try session.textField(label)
            if reading.focused { return nil }
            return "\"\(label)\" does not have the keyboard"
                + (session.focusedTextField.map { " (\"\($0.label)\" has it)" } ?? "; tap it first")
        } catch {
            return error.message
        }
    }
}
