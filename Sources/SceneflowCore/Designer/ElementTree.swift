/// The element tree of a prototype as text, one line per scene and per element, after UI
/// Automation's `logElementTree()`: `sceneflow inspect` prints it.
///
/// ```
/// scene "home"  image home.png  (start)
///   hotspot "Settings"  frame {300, 24, 56, 56}  on_tap go("settings", push_left 0.35s ease_in_out)
///   swipe up  go("more", push_up 0.35s ease_in_out)
/// ```
/// Frames are in points. An element's value (for controls that have one) is printed as
/// `value "…"` when `value` gives one.
public enum ElementTree {
    /// The lines for `scene` of `prototype`; `value` gives an element's accessible value.
    public static func lines(
        _ scene: Scene, in prototype: Prototype, value: (Element) -> String? = { _ in nil }
    ) -> [String] {
        var header = "scene \"\(scene.name)\"  image \(scene.image)"
        if scene.name == prototype.start { header += "  (start)" }
        if !PrototypeChecker.reachableScenes(prototype).contains(scene.name) { header += "  (unreachable)" }
        var result = [header] + extraSceneLines(scene)
        if scene.elements.isEmpty && scene.onSwipe.isEmpty { result.append("  (no elements)") }
        for element in scene.elements {
            var line = "  \(element.kind) \"\(element.label)\"  frame \(element.frame)"
            if let v = value(element) { line += "  value \"\(v)\"" }
            line += extraElementText(element)
            if let tap = element.onTap { line += "  on_tap \(tap)" }
            for direction in SwipeDirection.allCases {
                if let action = element.onSwipe[direction] { line += "  on_swipe.\(direction.rawValue) \(action)" }
            }
            if element.onTap == nil && element.onSwipe.isEmpty { line += "  (no action)" }
            result.append(line)
        }
        for direction in SwipeDirection.allCases {
            if let action = scene.onSwipe[direction] { result.append("  swipe \(direction.rawValue)  \(action)") }
        }
        return result
    }

    /// Every scene in declaration order (or only `only`), after a one-line summary.
    public static func text(_ prototype: Prototype, only: String? = nil) -> String {
        let d = prototype.device
        var lines = [
            "prototype \"\(prototype.name)\"  device \(formatNumber(d.width))x\(formatNumber(d.height)) pt at scale \(formatNumber(d.scale)) (\(d.pixelWidth)x\(d.pixelHeight) px)  start \"\(prototype.start)\"  \(prototype.scenes.count) scenes"
        ]
        for scene in prototype.orderedScenes where only == nil || scene.name == only {
            lines += self.lines(scene, in: prototype)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Lines for scene features kept outside `Scene` (timed actions, scroll regions, …);
    /// extended by the designer features.
    static func extraSceneLines(_ scene: Scene) -> [String] { SceneExtras.describe(scene) }

    /// Text for element features kept outside `Element` (pressed images, …).
    static func extraElementText(_ element: Element) -> String { SceneExtras.describe(element) }
}
