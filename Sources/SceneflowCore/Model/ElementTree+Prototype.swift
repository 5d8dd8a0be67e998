extension ElementTree {
    /// Every scene of `prototype` in declaration order (or only `only`) after a one-line
    /// summary, for `sceneflow inspect`: each scene line names its image and is marked
    /// `(start)`, `(unreachable)` or `(reached by code)` (`PrototypeChecker.reach`); names are
    /// quoted with `"` and `\` escaped, as labels are; element lines are `line(_:value:)` plus the designer
    /// features (`SceneExtras`), with the frame where the scene shows the element at rest (as
    /// `element()` reports it: an overlay's on its card, a scroll footer's at the screen's
    /// bottom) and, when that differs, the declared frame after `declared`; scene-wide swipes
    /// follow the elements.
    ///
    /// ```
    /// prototype "Notes"  device 360x800 pt at scale 3 (1080x2400 px)  start "note"  5 scenes
    /// scene "settings"  image 4_en-US.png
    ///   hotspot "Back" {2, 40, 48, 48} on_tap: back()
    ///   swipe up: go("settings_more", push_up 0.3s ease_out)
    /// ```
    public static func text(_ prototype: Prototype, only: String? = nil) -> String {
        let d = prototype.device
        var lines = [
            "prototype \"\(escape(prototype.name))\"  device \(formatNumber(d.width))x\(formatNumber(d.height)) pt at scale \(formatNumber(d.scale)) (\(d.pixelWidth)x\(d.pixelHeight) px)  start \"\(escape(prototype.start))\"  \(counted(prototype.scenes.count, "scene"))"
        ]
        if !prototype.tabs.isEmpty {
            lines.append(
                "tab bar  "
                    + prototype.tabs.map {
                        "\"\(escape($0.label))\" → \($0.scene) \($0.frame)"
                            + ($0.landscapeFrame.map { " landscape \($0)" } ?? "")
                    }.joined(separator: "  ")
            )
        }
        let reach = PrototypeChecker.reach(prototype)
        // One session, its stack restored for each scene: a new session per scene copied every
        // scene's orientation links each time, quadratic in the scenes (red-team finding 9-m4:
        // 10 000 scenes took 9.4 min).
        let session = Session(prototype: prototype)
        for scene in prototype.orderedScenes where only == nil || scene.name == only {
            var header = "scene \"\(escape(scene.name))\"  image \(scene.image)"
            if scene.name == prototype.start { header += "  (start)" }
            if reach[scene.name] == SceneReach.none { header += "  (unreachable)" }
            if reach[scene.name] == .code { header += "  (reached by code)" }
            lines.append(header)
            lines += SceneExtras.describe(scene, in: prototype)
            if scene.elements.isEmpty && scene.onSwipe.isEmpty { lines.append("  (no elements)") }
            // Frames where the scene shows them at rest (an overlay's on its card over the scene
            // that presents it, a scroll scene's at offset 0): where element() reports them.
            session.restore(prototype.restingStack(for: scene.name))
            let placed = session.placedElements
            for (index, element) in scene.elements.enumerated() {
                var shown = element
                if placed.indices.contains(index), placed[index].element.isDeclared(as: element) {
                    shown.frame = placed[index].placed.frame
                }
                let declared = shown.frame == element.frame ? "" : "  declared \(element.frame)"
                lines.append("  " + line(shown, value: element.value) + SceneExtras.describe(element) + declared)
            }
            for direction in SwipeDirection.allCases {
                if let action = scene.onSwipe[direction] { lines.append("  swipe \(direction.rawValue): \(action)") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
