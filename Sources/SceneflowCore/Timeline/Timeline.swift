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
        }
    }
}

/// The recorded events of a run, in order.
public struct Timeline: Equatable, Sendable {
    /// All events, oldest first.
    public private(set) var events: [TimelineEvent] = []
    /// Completed transitions, oldest first.
    public private(set) var transitions: [TransitionRecord] = []

    /// Creates an empty timeline.
    public init() {}

    /// Appends an event at clock time `time` (seconds); `wall` is the wall-clock time after
    /// present for events a presented frame triggers in the window; `element` the index of
    /// the element a gesture hit (`TimelineEvent.elementIndex`).
    public mutating func record(_ kind: TimelineEvent.Kind, at time: Double, wall: Double? = nil, element: Int? = nil) {
        events.append(TimelineEvent(time: time, kind: kind, wallTime: wall, elementIndex: element))
        if case .transitionCompleted(let record) = kind { transitions.append(record) }
    }

    /// Attaches `seconds` of rasterising cost to the last frame of the last completed
    /// transition when that frame was presented at clock time `clock` (headless rendering
    /// happens after the frame's completion was recorded). Returns true when it matched.
    @discardableResult
    public mutating func attachFrameCost(_ seconds: Double, clock: Double) -> Bool {
        guard var last = transitions.last, let frame = last.frames.last, frame.clock == clock else { return false }
        last.frames[last.frames.count - 1].cost = seconds
        transitions[transitions.count - 1] = last
        if let index = events.lastIndex(where: { if case .transitionCompleted = $0.kind { true } else { false } }) {
            events[index].kind = .transitionCompleted(last)
        }
        return true
    }

    /// The lifecycle calls in order.
    public var lifecycle: [LifecycleEvent] {
        events.compactMap { if case .lifecycle(let e) = $0.kind { return e } else { return nil } }
    }
}
