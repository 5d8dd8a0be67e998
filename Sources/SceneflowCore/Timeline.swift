/// What happened to one transition, in clock seconds.
///
/// The completion fires on the first frame at or after `start + requestedDuration`, after that
/// frame is presented (DESIGN.md §6), so `completion - start - requestedDuration` shows how
/// late it was.
public struct TransitionRecord: Equatable, Sendable {
    /// The outgoing scene.
    public var from: String
    /// The incoming scene.
    public var to: String
    /// The transition as requested.
    public var transition: Transition
    /// Clock time when the transition started.
    public var start: Double
    /// Clock time of the first frame presented during the transition.
    public var firstFrame: Double?
    /// Clock time of the last frame presented during the transition.
    public var lastFrame: Double?
    /// Clock time when the completion fired.
    public var completion: Double?
    /// Frames presented during the transition, including the completing one.
    public var frameCount: Int
    /// Measured duration: completion − start, once completed.
    public var measuredDuration: Double? { completion.map { $0 - start } }
}

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
    }
    /// Clock time in seconds.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// `0.350s  details.did_appear(animated)`-style line.
    public var description: String {
        let t = String(formatNumber(time, decimals: 3)) + "s"
        switch kind {
        case .input(let e): return "\(t) input \(e.phase.rawValue) at \(e.point)"
        case .gesture(let g, let scene, let element):
            return "\(t) \(g) in \(scene)" + (element.map { " on \"\($0)\"" } ?? "")
        case .inputIgnored(let e, let reason): return "\(t) input \(e.phase.rawValue) ignored: \(reason)"
        case .action(let a, let source): return "\(t) \(a) from \(source)"
        case .navigationQueued(let a, let source): return "\(t) queued \(a) from \(source)"
        case .actionSkipped(let a, let reason): return "\(t) skipped \(a): \(reason)"
        case .lifecycle(let e): return "\(t) \(e)"
        case .transitionStarted(let from, let to, let tr): return "\(t) transition \(from) -> \(to) \(tr)"
        case .controlValue(let element, let scene, let value, let what):
            return "\(t) \"\(element)\" in \(scene) \(what) \(formatNumber(value, decimals: 1))"
        case .transitionCompleted(let r):
            return "\(t) transition \(r.from) -> \(r.to) completed after "
                + "\(formatNumber(r.measuredDuration ?? 0, decimals: 3))s, \(r.frameCount) frames"
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

    /// Appends an event.
    public mutating func record(_ kind: TimelineEvent.Kind, at time: Double) {
        events.append(TimelineEvent(time: time, kind: kind))
        if case .transitionCompleted(let record) = kind { transitions.append(record) }
    }

    /// The lifecycle calls in order.
    public var lifecycle: [LifecycleEvent] {
        events.compactMap { if case .lifecycle(let e) = $0.kind { return e } else { return nil } }
    }
}
