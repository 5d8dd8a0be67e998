/// One recorded event of a run, with its clock time in seconds.
public struct TimelineEvent: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Equatable, Sendable {
        /// Raw input was delivered to the recognizer.
        case input(InputEvent)
        /// A gesture was recognised in a scene; `element` is the label it hit, if any.
        case gesture(Gesture, scene: String, element: String?)
        /// Input arrived while a transition ran and was not delivered to either scene.
        case inputIgnored(InputEvent, reason: String)
        /// An action ran; `source` says what triggered it.
        case action(Action, source: String)
        /// An action was asked for during a transition and queued.
        case navigationQueued(Action, source: String)
        /// An action could not run (e.g. back at the root).
        case actionSkipped(Action, reason: String)
        /// An appearance lifecycle call.
        case lifecycle(LifecycleEvent)
        /// A transition started.
        case transitionStarted(from: String, to: String, Transition)
        /// A transition completed; the record has its measured times.
        case transitionCompleted(TransitionRecord)
        /// A control's value changed or was reported: `what` is `changing`, `changed`, `set`,
        /// `stepped` or `cancelled`.
        case controlValue(element: String, scene: String, value: Double, what: String)
        /// A state-image control's state changed: `what` is `tap`, `key` (changed by a person,
        /// `on_change` fired) or `set` (by a script, nothing fired).
        case controlState(element: String, scene: String, state: String, what: String)
        /// The prototype was reloaded (`play` watching its files) and a new session took over,
        /// showing `scene`; `dropped` are history scenes the new prototype no longer has;
        /// `cutShort` the transition that was running (`from -> to`), if any.
        case reload(prototype: String, scene: String, dropped: [String], cutShort: String?)
        /// The device started turning to `orientation` (`Session.rotate(to:)`), drawn as a
        /// rotation over `duration` seconds when the screen turns with it (`rotates`), else
        /// not drawn at all (a portrait-only scene stays upright); a turned screen with
        /// `duration` 0 is a cut (the landscape sequence declares `turn = "none"`).
        case turn(to: Orientation, duration: Double, rotates: Bool)
        /// `count` events of one test were not kept: the test recorded more than `limit`
        /// (`Timeline.eventLimit`). Written once, at the time of the last one left out.
        case leftOut(count: Int, limit: Int)
    }
    /// Clock time in seconds.
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// Wall-clock seconds measured after the frame was presented, for events a presented
    /// frame triggers in the window (completions and their lifecycle calls); nil otherwise.
    public var wallTime: Double?
    /// For a gesture that hit an element: the element's index (0-based) among its scene's
    /// elements as shown when it was hit (the landscape variant's in landscape), the order
    /// scripts list them in (`elements()`); nil otherwise. `sceneflow record` uses it to
    /// write a locator that matches that one element (`ScriptRecorder+Locator.swift`).
    public var elementIndex: Int?

    /// Creates an event.
    public init(time: Double, kind: Kind, wallTime: Double? = nil, elementIndex: Int? = nil) {
        self.time = time
        self.kind = kind
        self.wallTime = wallTime
        self.elementIndex = elementIndex
    }

    /// `0.350s  details.did_appear(animated)`-style line.
    public var description: String { formatNumber(time, decimals: 3) + "s " + summary }

    /// What happened, without the time: `details.did_appear(animated)`.
    public var summary: String {
        switch kind {
        case .input(let e): return "input \(e.phase.rawValue) at \(e.point)"
        case .gesture(let g, let scene, let element):
            return "\(g) in \(scene)" + (element.map { " on \"\($0)\"" } ?? "")
        case .inputIgnored(let e, let reason): return "input \(e.phase.rawValue) ignored: \(reason)"
        case .action(let a, let source): return "\(a) from \(source)"
        case .navigationQueued(let a, let source): return "queued \(a) from \(source)"
        case .actionSkipped(let a, let reason): return "skipped \(a): \(reason)"
        case .lifecycle(let e): return "\(e)"
        case .transitionStarted(let from, let to, let tr): return "transition \(from) -> \(to) \(tr)"
        case .controlValue(let element, let scene, let value, let what):
            return "\"\(element)\" in \(scene) \(what) \(formatNumber(value, decimals: 1))"
        case .controlState(let element, let scene, let state, let what):
            return "\"\(element)\" in \(scene) \(what) \"\(state)\""
        case .reload(let prototype, let scene, let dropped, let cutShort):
            let gone =
                dropped.isEmpty ? "" : " (dropped from the history, scenes gone: \(dropped.joined(separator: ", ")))"
            return "reload: \(prototype) reloaded, showing \(scene)\(gone)"
                + (cutShort.map { " (cut short: \($0))" } ?? "")
        case .turn(let orientation, let duration, let rotates):
            return "turn to \(orientation.rawValue)"
                + (!rotates
                    ? ", the screen stays as it is"
                    : duration > 0
                        ? ", drawn as a \(formatNumber(duration, decimals: 3))s rotation"
                        : ", cut (the landscape sequence declares turn = \"none\")")
        case .transitionCompleted(let r):
            return "transition \(r.from) -> \(r.to) completed after "
                + "\(formatNumber(r.measuredDuration ?? 0, decimals: 3))s, \(counted(r.frameCount, "frame"))"
                + (r.drawnAsRotation ? ", drawn as a rotation" : "")
        case .leftOut(let count, let limit):
            return "\(counted(count, "more event")) of this test left out: a test keeps its first \(limit)"
        }
    }

    /// A short snake_case name for the kind of event: `input`, `gesture`, `input_ignored`,
    /// `action`, `navigation_queued`, `action_skipped`, `lifecycle`, `transition_started`, `control_value`, `control_state`,
    /// `transition_completed`, `reload`, `turn` (the `type` field of the JSON timeline).
    public var typeName: String {
        switch kind {
        case .input: "input"
        case .gesture: "gesture"
        case .inputIgnored: "input_ignored"
        case .action: "action"
        case .navigationQueued: "navigation_queued"
        case .actionSkipped: "action_skipped"
        case .lifecycle: "lifecycle"
        case .transitionStarted: "transition_started"
        case .controlValue: "control_value"
        case .controlState: "control_state"
        case .transitionCompleted: "transition_completed"
        case .reload: "reload"
        case .turn: "turn"
        case .leftOut: "left_out"
        }
    }
}

/// The recorded events of a run, in order.
///
/// With an `eventLimit` (the headless test runner sets `eventsPerTest`), each test keeps its
/// first `eventLimit` events and transitions; later ones are counted and closed with one
/// `left_out` event, as a test's log text is capped (`TestRecordLimits`). The session's own
/// bookkeeping (gesture marks, the last transition) reads `count`, `events(since:)` and
/// `lastTransition`, which see every event recorded, so a cap never changes a verdict.
public struct Timeline: Equatable, Sendable {
    /// The events a test keeps when the headless test runner records (20 000: a few MB of
    /// JSON; an ordinary test records tens to hundreds).
    public static let eventsPerTest = 20_000
    /// The events a `play` or `record` window session keeps (about 30 MB): hours of clicking
    /// through, while a scene that moves on by itself forever (a splash loop) stays bounded.
    public static let eventsPerPlaySession = 200_000
    /// How many of the latest events `events(since:)` can still give (a gesture's input and
    /// what it caused fit in far fewer).
    public static let recentEvents = 4_096

    /// The kept events, oldest first (every event when there is no `eventLimit`).
    public private(set) var events: [TimelineEvent] = []
    /// Kept completed transitions (those whose completion event is kept), oldest first.
    public private(set) var transitions: [TransitionRecord] = []
    /// The most events and transitions one test keeps (`startTest()` starts a test); nil keeps
    /// all (a `play` session).
    public var eventLimit: Int?
    /// Every event recorded so far, kept or not: the index the next one gets.
    public private(set) var count = 0
    /// The most recently completed transition, kept or not.
    public private(set) var lastTransition: TransitionRecord?
    /// The latest events (at most twice `recentEvents`); `recentStart` is the first one's index.
    private var recent: [TimelineEvent] = []
    private var recentStart = 0
    /// Events the running test recorded, kept or left out.
    private var testEvents = 0
    private var leftOut = 0
    private var lastLeftOut = 0.0

    /// Creates an empty timeline.
    public init() {}

    /// Starts a test: closes the previous one's left-out events with their `left_out` event
    /// and counts the limit afresh.
    public mutating func startTest() {
        closeLeftOut()
        testEvents = 0
    }

    /// The kept events followed by the running test's `left_out` event, if it has one: what
    /// reports write.
    public var reportedEvents: [TimelineEvent] {
        guard leftOut > 0, let limit = eventLimit else { return events }
        return events + [TimelineEvent(time: lastLeftOut, kind: .leftOut(count: leftOut, limit: limit))]
    }

    /// The events recorded from index `index` on (an index from `count`), as far as they are
    /// among the latest `recentEvents` or more; the second value is the first one's index.
    public func events(since index: Int) -> (events: ArraySlice<TimelineEvent>, start: Int) {
        let start = min(max(index, recentStart), count)
        return (recent[(start - recentStart)...], start)
    }

    private mutating func closeLeftOut() {
        guard leftOut > 0, let limit = eventLimit else { return }
        events.append(TimelineEvent(time: lastLeftOut, kind: .leftOut(count: leftOut, limit: limit)))
        leftOut = 0
    }

    /// Appends an event at clock time `time` (seconds); `wall` is the wall-clock time after
    /// present for events a presented frame triggers in the window; `element` the index of
    /// the element a gesture hit (`TimelineEvent.elementIndex`).
    public mutating func record(_ kind: TimelineEvent.Kind, at time: Double, wall: Double? = nil, element: Int? = nil) {
        let event = TimelineEvent(time: time, kind: kind, wallTime: wall, elementIndex: element)
        count += 1
        recent.append(event)
        if recent.count >= 2 * Self.recentEvents {
            recent.removeFirst(Self.recentEvents)
            recentStart += Self.recentEvents
        }
        testEvents += 1
        let kept = eventLimit.map { testEvents <= $0 } ?? true
        if case .transitionCompleted(let record) = kind {
            lastTransition = record
            if kept { transitions.append(record) }  // a kept transition has its kept completion
        }
        guard kept else {
            leftOut += 1
            lastLeftOut = time
            return
        }
        events.append(event)
    }

    /// Attaches `seconds` of rasterising cost to the last frame of the last completed
    /// transition when that frame was presented at clock time `clock` (headless rendering
    /// happens after the frame's completion was recorded). Returns true when it matched.
    @discardableResult
    public mutating func attachFrameCost(_ seconds: Double, clock: Double) -> Bool {
        guard var last = lastTransition, let frame = last.frames.last, frame.clock == clock else { return false }
        last.frames[last.frames.count - 1].cost = seconds
        let isKept = transitions.last == lastTransition
        lastTransition = last
        if isKept { transitions[transitions.count - 1] = last }
        if let index = events.lastIndex(where: { if case .transitionCompleted = $0.kind { true } else { false } }),
            case .transitionCompleted(let kept) = events[index].kind, kept.frames.last?.clock == clock, isKept
        {
            events[index].kind = .transitionCompleted(last)
        }
        if let index = recent.lastIndex(where: { if case .transitionCompleted = $0.kind { true } else { false } }) {
            recent[index].kind = .transitionCompleted(last)
        }
        return true
    }

    /// The lifecycle calls in order.
    public var lifecycle: [LifecycleEvent] {
        events.compactMap { if case .lifecycle(let e) = $0.kind { return e } else { return nil } }
    }
}
