extension PrototypeChecker {
    /// The shortest time a 60 Hz display shows: one frame, 1/60 s
    /// (`FrameTiming.nominalFrameTime`). A duration above 0 but below it is over before the
    /// next frame, so a person never sees it, and a scene whose `after` is that short moves on
    /// every frame.
    public static let shortestVisibleDuration = FrameTiming.nominalFrameTime

    /// The smallest width and height, points, of an element frame a person can tap: 1 pt.
    /// UIKit lays out and hit-tests in points, and a frame under one point covers less than
    /// one pixel of a 1x screen: it cannot be seen or aimed at by a finger (which touches
    /// tens of points; Apple's Human Interface Guidelines ask for 44 x 44 pt). Smaller
    /// deliberate hotspots above 1 pt stay without a warning; 0 is a frame of no size
    /// at all, also left alone.
    public static let smallestTouchSize = 1.0

    /// Warnings for durations above 0 but shorter than one 60 Hz frame (a scene's `after`,
    /// the animated transitions of its actions, tab transitions) and for element frames whose
    /// width or height is above 0 but under `smallestTouchSize` points.
    public static func tooShortOrSmallWarnings(for prototype: Prototype, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        func warnDuration(_ seconds: Double, path: String, what: String) {
            guard seconds > 0, seconds < shortestVisibleDuration else { return }
            result.append(
                Diagnostic(
                    .warning, file: file, path: path,
                    message:
                        "\(what) lasts \(seconds) s, less than one frame at 60 Hz (1/60 s): a 60 Hz clock cannot show it"
                ))
        }
        func warnTransition(_ action: Action, path: String) {
            switch action {
            case .go(_, let t), .replace(_, let t), .present(_, let t), .tab(_, let t):
                if t.kind != .none { warnDuration(t.duration, path: path, what: "the \(t.kind.rawValue) transition") }
            case .back, .dismiss, .script: break
            }
        }
        for scene in prototype.orderedScenes {
            if let after = scene.design.after {
                warnDuration(after.seconds, path: "scenes.\(scene.name).after", what: "the timer (after)")
            }
            for (path, action) in scene.actions { warnTransition(action, path: path) }
            for element in scene.elements + (scene.design.landscape?.elements ?? []) {
                let size = element.frame
                let small = [(size.width, "width"), (size.height, "height")].filter {
                    $0.0 > 0 && $0.0 < smallestTouchSize
                }
                guard !small.isEmpty else { continue }
                let which = small.map { "\($0.1) \($0.0) pt" }.joined(separator: " and ")
                result.append(
                    Diagnostic(
                        .warning, file: file, path: "\(element.path).frame",
                        message:
                            "\"\(element.label)\" frame has \(which), under \(formatNumber(smallestTouchSize)) pt: a person cannot tap it"
                    ))
            }
        }
        for (index, tab) in prototype.tabs.enumerated() where tab.transition.kind != .none {
            warnDuration(
                tab.transition.duration, path: "tabs[\(index + 1)].duration",
                what: "the tab's \(tab.transition.kind.rawValue) transition")
        }
        return result
    }
}
