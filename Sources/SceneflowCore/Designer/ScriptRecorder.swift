/// Turns what a designer does in the window into a Lua test script (`sceneflow record`).
///
/// Call `observe(_:)` after every presented frame. Gestures become `tap "Label"`,
/// `double_tap`, `long_press`, `swipe("left", {on = "Label"})` by accessibility label
/// (never coordinates when a labelled element was hit); Escape becomes `back()`; a tap
/// outside an overlay that dismissed it becomes `tap_at(x, y)`; scrolling becomes
/// `scroll("down", points)`; turning the device becomes `rotate "landscape"`; a timed action becomes `wait(seconds)`; and each time the
/// prototype settles on a new scene an `expect.scene "name"` follows. Taps that hit no
/// element do nothing in the prototype and are left out.
public final class ScriptRecorder {
    /// The script body's lines, without indentation, in order.
    public private(set) var lines: [String]
    private var index = 0
    private var sessionID: ObjectIdentifier?
    private var expected: String
    private var lastDown: Point?
    private var scrollMarks: [String: Double] = [:]
    private var fingerDown = false
    private var orientation = Orientation.portrait

    /// Starts recording a session that shows its start scene.
    public init(start: String) {
        expected = start
        lines = ["expect.scene \(Self.quote(start))"]
    }

    /// Reads the session's new timeline events and appends lines for them.
    public func observe(_ session: Session) {
        let id = ObjectIdentifier(session)
        let events = session.timeline.events
        if sessionID != id {  // a new session (hot reload): continue from its current state
            if sessionID != nil { index = events.count }
            sessionID = id
        }
        if session.orientation != orientation {
            orientation = session.orientation
            lines.append("rotate \(Self.quote(orientation.rawValue))")
        }
        for event in events[min(index, events.count)...] { handle(event, session) }
        index = events.count
        if !fingerDown { flushScroll(session) }
        if session.isSettled && session.currentScene != expected {
            expected = session.currentScene
            lines.append("expect.scene \(Self.quote(expected))")
        }
    }

    /// The whole script: `prototype "path"` and one test holding the recorded lines.
    /// `prototypePath` is the prototype folder relative to the script's folder.
    public func script(prototypePath: String, name: String = "recorded session") -> String {
        var text = "-- Recorded with `sceneflow record`; run it with `sceneflow test` (labels, not coordinates).\n"
        text += "prototype \(Self.quote(prototypePath))\n\n"
        text += "test(\(Self.quote(name)), function()\n"
        for line in lines { text += "  \(line)\n" }
        return text + "end)\n"
    }

    private func handle(_ event: TimelineEvent, _ session: Session) {
        switch event.kind {
        case .input(let input):
            fingerDown = input.phase != .up
            if input.phase == .down {
                lastDown = input.point
                flushScroll(session)
            }
        case .gesture(let gesture, let scene, let label):
            record(gesture, scene: scene, label: label, session)
        case .action(.back, let source) where source == "key Escape":
            lines.append("back()")
        case .action(_, let source) where source.hasPrefix("tap outside overlay"):
            if let p = lastDown { lines.append("tap_at(\(formatNumber(p.x)), \(formatNumber(p.y)))") }
        case .action(_, let source) where source.hasPrefix("after "):
            let seconds = session.scene(expected)?.design.after?.seconds ?? 0
            lines.append("wait(\(formatNumber(seconds + 0.1, decimals: 3)))")
        default:
            break
        }
    }

    private func record(_ gesture: Gesture, scene: String, label: String?, _ session: Session) {
        if let g = session.scrollGeometry(scene), session.currentOverlayFrame == nil, g.band.contains(gesture.start) {
            switch gesture {
            case .drag, .swipe(.up, _, _, _), .swipe(.down, _, _, _): return  // it scrolled
            default: break
            }
        }
        switch gesture {
        case .tap:
            if let label { lines.append("tap \(Self.quote(label))") }
        case .doubleTap:
            guard let label else { return }
            if lines.last == "tap \(Self.quote(label))" { lines.removeLast() }
            lines.append("double_tap \(Self.quote(label))")
        case .longPress(_, let duration):
            if let label { lines.append("long_press(\(Self.quote(label)), \(formatNumber(duration, decimals: 2)))") }
        case .swipe(let direction, _, _, _):
            let d = Self.quote(direction.rawValue)
            lines.append(label.map { "swipe(\(d), {on = \(Self.quote($0))})" } ?? "swipe \(d)")
        case .drag:
            break
        }
    }

    private func flushScroll(_ session: Session) {
        let scene = session.currentScene
        guard session.scrollGeometry(scene) != nil else { return }
        let offset = session.scrollOffset(scene)
        let mark = scrollMarks[scene] ?? 0
        scrollMarks[scene] = offset
        let delta = offset - mark
        guard abs(delta) >= 0.5 else { return }
        lines.append("scroll(\(delta > 0 ? "\"down\"" : "\"up\""), \(formatNumber(abs(delta), decimals: 1)))")
    }

    /// A Lua string literal.
    static func quote(_ text: String) -> String { ScaffoldWriter.luaString(text) }
}
