/// A navigation that a scene's timed action started by itself (`after = s, on_after = …`,
/// directly or through its Lua function), not a person's input (issue 13.1). Scripted gestures
/// use these to tell whether the scene changed under the finger.
public struct TimedNavigation: Equatable, Sendable {
    /// The scene whose timer fired (`scenes.<scene>.after`).
    public var scene: String
    /// Clock time the navigation started, seconds.
    public var start: Double
    /// The index in `timeline.events` of the first event the navigation recorded.
    public var eventIndex: Int
    /// The scene it navigated to.
    public var to: String
    /// The transition it started (`Transition.cut` when none is animated).
    public var transition: Transition
    /// The tap it cut short when it started (`tap on "Both"`): one whose action waited out
    /// the double-tap window (the element also has `on_double_tap`); nil when none waited.
    public var cutShortTap: String?
    /// When that tap's action was due, clock seconds.
    public var cutShortTapDue: Double?

    /// `the crossfade to "two"` or `the cut to "two"`.
    var phrase: String {
        transition.isAnimated ? "the \(transition.kind.rawValue) to \"\(to)\"" : "the cut to \"\(to)\""
    }
}

extension Session {
    /// Runs a timed action of scene `scene` (its `on_after`): navigation it starts is noted in
    /// `timedNavigations`, and a Lua function it calls carries the timer in its `ScriptCall`.
    func performTimed(_ action: Action, scene: String, source: String) {
        let saved = timerScene
        timerScene = scene
        defer { timerScene = saved }
        perform(action, source: source)
    }

    /// Runs `body` (the Lua function of `call`) so that navigation it asks for counts as the
    /// call's timer's, when the call came from a timed action. The runner wraps its Lua calls
    /// in this.
    public func performing<T>(_ call: ScriptCall, _ body: () -> T) -> T {
        let saved = timerScene
        timerScene = call.timer
        defer { timerScene = saved }
        return body()
    }

    /// After `navigator.request` for a timed action: when it started a navigation (recording
    /// events from `index` on), notes it and cancels the input in flight, as UIKit cancels the
    /// touches of a view that goes away: a press, a captured control, a scroll drag, or a tap
    /// waiting out the double-tap window. The rest of a cancelled gesture is ignored.
    func noteTimedNavigation(from index: Int, scene: String) {
        guard
            let started = timeline.events(since: index).events.first(where: {
                if case .action = $0.kind { true } else { false }
            }), case .action(let action, _) = started.kind, action.isNavigation
        else { return }
        var cutShort: PendingTap?
        if let pending = pendingTap {
            cutShort = pending
            timeline.record(
                .actionSkipped(
                    pending.action,
                    reason:
                        "the \(pending.source) waited out the double-tap window; scenes.\(scene).after changed the scene first"
                ), at: now)
            pendingTap = nil
        }
        if isFingerDown {
            cancelCapturedControl()
            design.scrollDrag = nil
            design.pressed = nil
            cancelledGesture = "scenes.\(scene).after changed the scene while the finger was down"
        }
        recognizer.cancel()  // also forgets a first tap: a double tap cannot span two scenes
        // Only navigations after the latest events' first can matter to a gesture's mark.
        let oldest = timeline.count - Timeline.recentEvents
        if let first = timedNavigations.first, first.eventIndex < oldest - Timeline.recentEvents {
            timedNavigations.removeAll { $0.eventIndex < oldest }
        }
        timedNavigations.append(
            TimedNavigation(
                scene: scene, start: now, eventIndex: index, to: navigator.top,
                transition: navigator.running?.record.transition ?? .cut, cutShortTap: cutShort?.source,
                cutShortTapDue: cutShort?.deadline))
    }

    /// True between a press and its release: the recognizer, a star rating or a scroll band
    /// tracks the finger.
    var isFingerDown: Bool { recognizer.isTracking || controls.captured != nil || design.scrollDrag != nil }

    /// Why the scripted gesture whose input was scheduled when the timeline held `mark` events
    /// did not reach the scene it started in whole, or nil when it did: a timed navigation
    /// started after the mark and some of the gesture's input came after it (fell inside its
    /// transition, or reached the next scene), or it cut short a tap's pending action. Times
    /// are clock seconds since `testStart`.
    /// Example: `the release at 0.53 s fell inside the crossfade to "two" started by
    /// scenes.one.after`.
    public func gestureInterruption(since mark: Int, testStart: Double) -> String? {
        guard mark >= 0, mark <= timeline.count else { return nil }
        let (events, start) = timeline.events(since: mark)
        var inputs: [(index: Int, event: InputEvent, ignored: Bool)] = []
        for (offset, event) in events.enumerated() {
            let index = start + offset
            switch event.kind {
            case .input(let e): inputs.append((index, e, false))
            case .inputIgnored(let e, _): inputs.append((index, e, true))
            default: break
            }
        }
        func time(_ t: Double) -> String { formatNumber(ClockTicks.between(testStart, t), decimals: 2) + " s" }
        for navigation in timedNavigations where navigation.eventIndex >= mark {
            let by = "\(navigation.transition.isAnimated ? "started" : "made") by scenes.\(navigation.scene).after"
            if let later = inputs.first(where: { $0.index > navigation.eventIndex }) {
                let name = Self.name(of: later.event, among: inputs.map(\.event))
                let end = navigation.start + navigation.transition.duration * slowMotion
                if later.ignored && navigation.transition.isAnimated && later.event.time < end - 1e-9 {
                    return "\(name) at \(time(later.event.time)) fell inside \(navigation.phrase) \(by)"
                }
                return
                    "\(name) at \(time(later.event.time)) came after \(navigation.phrase) \(by) at \(time(navigation.start))"
            }
            if let tap = navigation.cutShortTap, let due = navigation.cutShortTapDue {
                return
                    "the \(tap) waited for a possible second tap until \(time(due)), and \(navigation.phrase) \(by) at \(time(navigation.start)) came first"
            }
        }
        return nil
    }

    /// `the release`, `the second press`, `a move`: the event among the gesture's `events`.
    static func name(of event: InputEvent, among events: [InputEvent]) -> String {
        let noun: String
        switch event.phase {
        case .down: noun = "press"
        case .move: return "a move"
        case .up: noun = "release"
        }
        let same = events.filter { $0.phase == event.phase }
        guard same.count > 1, let position = same.firstIndex(of: event) else { return "the \(noun)" }
        let ordinals = ["first", "second", "third", "fourth", "fifth"]
        return "the \(position < ordinals.count ? ordinals[position] : "\(position + 1)th") \(noun)"
    }
}

extension Action {
    /// True for `go`, `replace`, `back`, `present` and `dismiss`; false for a Lua function.
    var isNavigation: Bool {
        if case .script = self { return false }
        return true
    }
}
