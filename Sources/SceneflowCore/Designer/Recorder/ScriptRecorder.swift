/// Turns what a designer does in the window into a Lua test script (`sceneflow record`).
///
/// Call `observe(_:)` after every presented frame and `finish(_:)` when the window closes.
/// Gestures become `tap "Label"`, `double_tap`, `long_press`, `swipe("left", {on = "Label"})`
/// by accessibility label (never coordinates when a labelled element was hit), with a locator
/// that matches only the element hit (`{label = "Cars", kind = "back_button"}` or
/// `{label = "Delete", index = 2}` when the label alone is shared; `ScriptRecorder+Locator.swift`); Escape becomes
/// `back()`; a tap outside an overlay that dismissed it becomes `tap_at(x, y)`; turning the
/// device becomes `rotate "landscape"`; a timed action becomes `wait(seconds)`; and each time
/// the prototype settles on a new scene an `expect.scene "name"` follows. Taps that hit no
/// element or one that answers no tap (no `on_tap` or `on_double_tap`, disabled, a star rating
/// outside its stars), long presses on an element without `on_long_press` and swipes neither
/// the element nor the scene answers do nothing in the prototype and are left out (replayed, a
/// tap on a star rating would rate it at its centre). A hot reload that carries the timeline
/// over (`Session.restore(from:)`) loses no step: the events of the reload's frame are read
/// from the new session.
///
/// Scrolling (wheel notches and drags in a scroll band) is written as one
/// `scroll("down" | "up", points)` per burst (`ScriptRecorder+Pending.swift`): before the next
/// line, or once the offset has rested for `scrollBurstGap` seconds with no finger down (time
/// the player could take input: a held-up frame counts `restPerFrameLimit` at most). A star
/// rating committed by a drag, a tap or Return becomes `rate("Label", value)`; a value stepped
/// with the keyboard but not committed becomes `set_value("Label", value)` before the next line,
/// unless leaving the scene drops it (then nothing is written for it).
public final class ScriptRecorder {
    /// The script body's lines, without indentation, in order.
    public internal(set) var lines: [String]
    private var index = 0
    private var sessionID: ObjectIdentifier?
    private var expected: String
    private var lastDown: Point?
    /// True from a press to its release (pointer moves without a button change nothing).
    var fingerDown = false
    private var orientation = Orientation.portrait
    /// Per scroll region (by the session's offset key: a landscape variant apart): the offset
    /// (points) the script has reached.
    var scriptOffsets: [String: Double] = [:]
    /// Per scroll region (as `scriptOffsets`): the offset at the last `observe`, to tell a burst
    /// goes on.
    var seenOffsets: [String: Double] = [:]
    /// Seconds the scroll offsets have rested, counted frame by frame with each frame interval
    /// capped at `restPerFrameLimit` (`ScriptRecorder+Pending.swift`).
    var scrollRest = 0.0
    /// Session clock time (seconds) of the last `observe`, nil before the first.
    var lastObserved: Double?
    /// Per star rating (`RatingKey`): the value the script leaves it at.
    var scriptValues: [RatingKey: Double] = [:]
    /// Star-rating values the designer stepped to that the script has not written yet, in order.
    var pendingValues: [(key: RatingKey, value: Double)] = []
    /// The locator last written for each accessibility label (`ScriptRecorder+Locator.swift`),
    /// to find the step a failed Lua action belongs to.
    var locators: [String: String] = [:]
    /// Star ratings with a `dropped` value event (focus left the scene before a commit; see
    /// `Session+FocusLifecycle.swift`) still ahead in the events being read.
    var droppingRatings: Set<RatingKey> = []
    /// Per text field (by scene and label): the text the script leaves it at.
    var scriptTexts: [RatingKey: String] = [:]
    /// Text fields edited since their text was last written, in order (ScriptRecorder+TextFields.swift).
    var pendingTexts: [RatingKey] = []

    /// Seconds a scroll offset must rest (with no finger down) before its burst is written.
    public static let scrollBurstGap = 0.5
    /// The most one frame interval counts towards the rest, seconds: a longer interval means
    /// the player was held up (a loaded machine), and input may have waited meanwhile.
    public static let restPerFrameLimit = 0.1

    /// Starts recording a session that shows its start scene.
    public init(start: String) {
        expected = start
        lines = ["expect.scene \(Self.quote(start))"]
    }

    /// Reads the session's new timeline events and appends lines for them.
    public func observe(_ session: Session) {
        let id = ObjectIdentifier(session)
        let events = session.timeline.events
        if sessionID != id {  // a new session (hot reload)
            // One that took over the earlier one's timeline (`Session.restore(from:)`) holds the
            // events not read yet, the reload's frame's included; any other starts afresh. Scroll
            // offsets carry over a reload, so the script's own offsets stay as they are.
            let carried = events[min(index, events.count)...].contains {
                if case .reload = $0.kind { true } else { false }
            }
            if sessionID != nil && !carried { index = events.count }
            sessionID = id
        }
        if session.orientation != orientation {
            orientation = session.orientation
            append("rotate \(Self.quote(orientation.rawValue))", session)
        }
        let batch = events[min(index, events.count)...]
        droppingRatings = Set(
            batch.compactMap {
                if case .controlValue(let label, let scene, _, "dropped") = $0.kind {
                    RatingKey(scene: scene, label: label)
                } else {
                    nil
                }
            })
        for event in batch { handle(event, session) }
        droppingRatings = []
        index = events.count
        noteScrollBurst(session)
        if session.isSettled && session.currentScene != expected {
            expected = session.currentScene
            append("expect.scene \(Self.quote(expected))", session)
        }
    }

    /// Writes what is still pending (a scroll burst, an uncommitted star-rating value); call
    /// once when the window closes, with the last session observed.
    public func finish(_ session: Session) {
        flushPending(session)
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

    /// Appends `line` after writing what is pending, so a scroll or a stepped value comes
    /// before the step that followed it.
    func append(_ line: String, _ session: Session) {
        flushPending(session)
        lines.append(line)
    }

    private func handle(_ event: TimelineEvent, _ session: Session) {
        switch event.kind {
        case .input(let input):
            switch input.phase {
            case .down:
                fingerDown = true
                lastDown = input.point
                if session.controlHit(at: input.point) != nil {
                    flushRatings(session)  // keyboard steps come before a press that may rate
                }
            case .up: fingerDown = false
            case .move: break
            }
        case .gesture(let gesture, let scene, _):
            record(gesture, scene: scene, hit: event.elementIndex, session)
        case .controlValue(let label, let scene, let value, let what):
            let key = RatingKey(scene: scene, label: label)
            if what == "dropped" { droppingRatings.remove(key) }  // the drop's value replaces the pending one
            noteRating(key, value: value, committed: what == "changed", session)
        case .controlState(let label, let scene, let state, let what) where what == "tap" || what == "key":
            // `choose` gives the state with a tap where it is drawn, as the person did.
            let locator = locators[label] ?? Self.quote(label)
            let shown = Self.shownElements(scene, session).first { $0.label == label }
            let style = shown?.control?.stateControl?.style
            if style?.selects == false && what == "tap" {
                append("tap \(locator)", session)
            } else {
                append("choose(\(locator), \(Self.quote(state)))", session)
            }
        case .controlState(let label, let scene, _, let what) where Self.textEdits.contains(what):
            noteText(RatingKey(scene: scene, label: label), submitted: what == "submitted", session)
        case .controlState(_, _, _, "focused"):
            flushTexts(session)  // another field's typing is written before this one's
        case .action(.back, let source) where source == "key Escape":
            append("back()", session)
        case .action(_, let source) where source.hasPrefix("tap outside overlay"):
            if let p = lastDown { append("tap_at(\(formatNumber(p.x)), \(formatNumber(p.y)))", session) }
        case .action(_, let source) where source.hasPrefix("after "):
            let seconds = session.scene(expected)?.design.after?.seconds ?? 0
            append("wait(\(formatNumber(seconds + 0.1, decimals: 3)))", session)
        default:
            break
        }
    }

    private func record(_ gesture: Gesture, scene: String, hit: Int?, _ session: Session) {
        if let g = session.scrollGeometry(scene), session.currentOverlayFrame == nil, g.band.contains(gesture.start) {
            switch gesture {
            case .drag, .swipe(.up, _, _, _), .swipe(.down, _, _, _): return  // it scrolled
            default: break
            }
        }
        let shown = Self.shownElements(scene, session)
        let element = hit.flatMap { shown.indices.contains($0) ? shown[$0] : nil }
        let locator = hit.flatMap { element == nil ? nil : Self.locator($0, in: shown) }
        if let element, let locator { locators[element.label] = locator }
        switch gesture {
        case .tap:
            // A state control's tap is written from the state it gave (`controlState`); a text
            // field's from what was typed (`type_text` taps it first).
            if element?.control?.stateControl != nil || element?.control?.textField != nil { return }
            // Like a tap on nothing: a tap no element answers changes nothing (a replayed tap on a
            // star rating would even rate it at its centre), so it is left out.
            guard let element, let locator, element.enabled, element.onTap != nil || element.onDoubleTap != nil
            else { return }
            append("tap \(locator)", session)
        case .doubleTap:
            if element?.control?.stateControl != nil, element?.onDoubleTap == nil { return }
            guard let element, let locator, element.enabled,
                element.onTap != nil || element.onDoubleTap != nil
            else { return }
            flushPending(session)
            if lines.last == "tap \(locator)" { lines.removeLast() }
            lines.append("double_tap \(locator)")
        case .longPress(_, let duration):
            // Like a tap on nothing: a long press no element answers changes nothing.
            guard let element, let locator, element.enabled, element.onLongPress != nil else { return }
            append("long_press(\(locator), \(formatNumber(duration, decimals: 2)))", session)
        case .swipe(let direction, _, _, _):
            // Only a swipe the element or the scene answers (as `Session` dispatches it).
            let byElement = element.map { $0.enabled && $0.onSwipe[direction] != nil } ?? false
            guard byElement || session.scene(scene)?.onSwipe[direction] != nil else { return }
            let d = Self.quote(direction.rawValue)
            append(locator.map { "swipe(\(d), {on = \($0)})" } ?? "swipe \(d)", session)
        case .drag:
            break
        }
    }

    /// A Lua string literal.
    static func quote(_ text: String) -> String { ScaffoldWriter.luaString(text) }
}
