/// A recorded step whose Lua action failed in the window (`error(...)`, `app:go` to a missing
/// scene, the instruction limit) is not replayed: replayed, the same error would fail the test at
/// that step and nothing after it would run, while in the window the prototype went on. The step
/// stays in the script as a comment naming the error, so the engineer sees it and can put it back
/// once the action is fixed: `-- tap "Boom" (not replayed: its Lua action failed: prototype.lua:12: boom)`.
/// A star rating whose `on_change` failed keeps its value with `set_value` (which fires no
/// `on_change`), so the steps after it see the same value. A failure that no just-written step
/// explains (an `on_changing` during a drag) is noted as a comment line.
extension ScriptRecorder {
    /// The Lua action triggered by `element` (a `ScriptCall`'s element: `tap on "Label"`,
    /// `swipe left in scene`, or a star rating's label) failed with `message`: turns the step
    /// just written for it into a comment (see the extension's notes).
    public func actionFailed(element: String, message: String) {
        let reason = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let label = Self.triggerLabel(element)
        if let last = lines.last, !last.hasPrefix("--") {
            let quoted = label.map { locators[$0] ?? Self.quote($0) } ?? ""  // as the gesture's step wrote it
            let plain = label.map(Self.quote) ?? ""  // star-rating steps name the label
            let steps =
                label == nil
                ? ["swipe \""]
                : ["tap \(quoted)", "double_tap \(quoted)", "long_press(\(quoted),", "swipe(", "rate(\(plain),"]
            if let step = steps.first(where: { last.hasPrefix($0) }),
                step != "swipe(" || last.hasSuffix("{on = \(quoted)})")
            {
                lines.removeLast()
                if step.hasPrefix("rate(") {
                    let value = last.dropFirst("rate(\(plain), ".count).dropLast()
                    lines.append(
                        "set_value(\(plain), \(value))  -- \(last) not replayed: its on_change failed: \(reason)")
                } else {
                    lines.append("-- \(last) (not replayed: its Lua action failed: \(reason))")
                }
                return
            }
        }
        lines.append("-- the Lua action of \(element) failed here: \(reason)")
    }

    /// The accessibility label in a `ScriptCall`'s element (`tap on "Label"` → `Label`; a star
    /// rating's label as it is); nil for a scene-wide swipe (`swipe left in home`).
    static func triggerLabel(_ element: String) -> String? {
        if let on = element.range(of: " on \""), element.hasSuffix("\"") {
            return String(element[on.upperBound...].dropLast())
        }
        if element.hasPrefix("swipe "), element.contains(" in ") { return nil }
        return element
    }
}
