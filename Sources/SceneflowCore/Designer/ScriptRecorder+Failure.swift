/// A recorded step whose Lua action failed in the window (`error(...)`, `app:go` to a missing
/// scene, the instruction limit) is not replayed: replayed, the same error would fail the test at
/// that step and nothing after it would run, while in the window the prototype went on. The step
/// stays in the script as a comment naming the error, so the engineer sees it and can put it back
/// once the action is fixed: `-- tap "Boom" (not replayed: its Lua action failed: prototype.lua:12: boom)`.
/// A star rating whose `on_change` failed keeps its value with `set_value` (which fires no
/// `on_change`), so the steps after it see the same value. A failure that no just-written step
/// explains (an `on_changing` during a drag) is noted as a comment line.
extension ScriptRecorder {
    /// The Lua action triggered by `element` ("" for a scene-wide swipe) failed with `message`:
    /// turns the step just written for it into a comment (see the extension's notes).
    public func actionFailed(element: String, message: String) {
        let reason = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let label = Self.quote(element)
        if let last = lines.last, !last.hasPrefix("--") {
            let steps =
                element.isEmpty
                ? ["swipe \""]
                : ["tap \(label)", "double_tap \(label)", "long_press(\(label),", "swipe(", "rate(\(label),"]
            if let step = steps.first(where: { last.hasPrefix($0) }),
                step != "swipe(" || last.hasSuffix("{on = \(label)})")
            {
                lines.removeLast()
                if step.hasPrefix("rate(") {
                    let value = last.dropFirst("rate(\(label), ".count).dropLast()
                    lines.append("set_value(\(label), \(value))  -- \(last) not replayed: its on_change failed: \(reason)")
                } else {
                    lines.append("-- \(last) (not replayed: its Lua action failed: \(reason))")
                }
                return
            }
        }
        let what = element.isEmpty ? "a scene-wide swipe" : label
        lines.append("-- the Lua action of \(what) failed here: \(reason)")
    }
}
