/// The element tree of a scene as text, after UI Automation's `logElementTree`: one line for
/// the scene and one indented line per element with its kind, accessibility label, frame in
/// points, value, state and actions. Used in failure reports and by `expect.tree`.
///
/// ```
/// scene "settings" (stack: note > settings)
///   hotspot "Back" {2, 40, 48, 48} on_tap: back
///   button "Save" {20, 700, 320, 48} value "3 items" disabled
/// ```
public enum ElementTree {
    /// The tree of the current scene of `session` as shown (values as the session reads them;
    /// in landscape its landscape elements, marked `landscape`).
    public static func text(_ session: Session) -> String {
        guard let scene = session.scene(session.currentScene).map(session.activeScene) else {
            return "scene \"\(session.currentScene)\"\n"
        }
        let turned = session.showsLandscape(scene.name) ? " landscape" : ""
        var text = "scene \"\(scene.name)\"\(turned) (stack: \(session.stack.joined(separator: " > ")))\n"
        for element in session.screenElements {  // where they are shown: in an overlay, scrolled
            text += "  " + line(element, value: session.value(of: element)) + "\n"
        }
        return text
    }

    /// The outline `expect.tree` compares: the scene, then per element its kind, label,
    /// value and disabled state (no frames or actions, so layout tweaks do not break it); the
    /// elements as shown (a landscape variant's in landscape).
    public static func outline(_ session: Session) -> String {
        guard let scene = session.scene(session.currentScene).map(session.activeScene) else {
            return "scene \"\(session.currentScene)\"\n"
        }
        var text = "scene \"\(escape(scene.name))\"\n"
        for element in scene.elements {
            var line = "  \(element.kind) \"\(escape(element.label))\""
            if let value = session.value(of: element) { line += " value \"\(escape(value))\"" }
            if !element.enabled { line += " disabled" }
            text += line + "\n"
        }
        return text
    }

    /// The tree of `scene` as declared.
    public static func text(_ scene: Scene) -> String {
        var text = "scene \"\(scene.name)\"\n"
        for element in scene.elements { text += "  " + line(element, value: element.value) + "\n" }
        return text
    }

    /// One element's line (without indentation).
    public static func line(_ element: Element, value: String?) -> String {
        var parts = ["\(element.kind) \"\(escape(element.label))\" \(element.frame)"]
        if let value { parts.append("value \"\(escape(value))\"") }
        if !element.enabled { parts.append("disabled") }
        if let action = element.onTap { parts.append("on_tap: \(action)") }
        if let action = element.onDoubleTap { parts.append("on_double_tap: \(action)") }
        if let action = element.onLongPress { parts.append("on_long_press: \(action)") }
        for direction in SwipeDirection.allCases {
            if let action = element.onSwipe[direction] { parts.append("on_swipe.\(direction.rawValue): \(action)") }
        }
        return parts.joined(separator: " ")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\"", with: "\\\"")
    }
}
