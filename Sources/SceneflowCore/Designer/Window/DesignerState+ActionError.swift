/// An error raised by a Lua action in the window (`on_tap` calling `error(...)`, `app:go` to a
/// scene that does not exist, an action over the instruction limit) shows in a red panel at the
/// top of the window, with the file, line and message, as well as being printed: for
/// `actionErrorSeconds`, or until the next press of the mouse button, whichever comes first. The
/// prototype keeps running.
extension DesignerState {
    /// How long an action error shows, seconds.
    public static let actionErrorSeconds = 6.0

    /// A Lua action failed at clock time `time` (seconds) with `message` (the diagnostic:
    /// `file:line: message`); `element` names what triggered it (a `ScriptCall`'s element:
    /// `tap on "Label"`, `swipe left in home`, or a star rating's label) in `scene`. Replaces
    /// an earlier action error.
    public mutating func actionFailed(_ message: String, element: String, scene: String, at time: Double) {
        // A swipe on the scene itself reads `swipe left in home`: the scene follows anyway.
        let swipe = element.hasSuffix(" in \(scene)") ? String(element.dropLast(" in \(scene)".count)) : element
        let trigger = element.contains("\"") || element.hasPrefix("swipe ") ? swipe : "\"\(element)\""
        actionError =
            "Lua action failed (\(trigger), scene \"\(scene)\"):\n\(message)\n"
            + "The prototype keeps running; the next tap closes this."
        actionErrorUntil = time + Self.actionErrorSeconds
    }

    /// The mouse button went down: an action error showing is closed (the next tap).
    public mutating func pointerPressed() {
        actionError = nil
    }

    /// The action error panel at clock time `time`, or nil when none shows.
    public func actionErrorPanel(at time: Double) -> OverlayPanel? {
        guard let actionError, time < actionErrorUntil else { return nil }
        return OverlayPanel(
            lines: actionError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            placement: .top, background: .error)
    }
}
