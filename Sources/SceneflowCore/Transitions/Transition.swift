/// How one scene replaces another on screen.
///
/// Directions name where the incoming scene moves: `push_left` slides the incoming scene in
/// from the right edge towards the left while pushing the outgoing scene off to the left (the
/// iOS navigation push); `cover_up` slides the incoming scene up from the bottom over a
/// still outgoing scene (a modal sheet); `reveal_up` slides the outgoing scene up and away,
/// uncovering the still incoming scene beneath it.
public enum TransitionKind: String, CaseIterable, Sendable, Equatable {
    /// Cut at once: no frames in between.
    case none
    /// The incoming scene fades in over the outgoing one.
    case crossfade
    /// Both scenes move left; the incoming one enters from the right edge.
    case pushLeft = "push_left"
    /// Both scenes move right; the incoming one enters from the left edge.
    case pushRight = "push_right"
    /// Both scenes move up; the incoming one enters from the bottom edge.
    case pushUp = "push_up"
    /// Both scenes move down; the incoming one enters from the top edge.
    case pushDown = "push_down"
    /// The incoming scene moves left over the still outgoing one.
    case coverLeft = "cover_left"
    /// The incoming scene moves right over the still outgoing one.
    case coverRight = "cover_right"
    /// The incoming scene moves up over the still outgoing one.
    case coverUp = "cover_up"
    /// The incoming scene moves down over the still outgoing one.
    case coverDown = "cover_down"
    /// The outgoing scene moves left, uncovering the still incoming one.
    case revealLeft = "reveal_left"
    /// The outgoing scene moves right, uncovering the still incoming one.
    case revealRight = "reveal_right"
    /// The outgoing scene moves up, uncovering the still incoming one.
    case revealUp = "reveal_up"
    /// The outgoing scene moves down, uncovering the still incoming one.
    case revealDown = "reveal_down"

    /// The transition that undoes this one when going back: a push left is undone by a push
    /// right, a cover up by a reveal down, a crossfade by a crossfade.
    public var reversed: TransitionKind {
        switch self {
        case .none: return .none
        case .crossfade: return .crossfade
        case .pushLeft: return .pushRight
        case .pushRight: return .pushLeft
        case .pushUp: return .pushDown
        case .pushDown: return .pushUp
        case .coverLeft: return .revealRight
        case .coverRight: return .revealLeft
        case .coverUp: return .revealDown
        case .coverDown: return .revealUp
        case .revealLeft: return .coverRight
        case .revealRight: return .coverLeft
        case .revealUp: return .coverDown
        case .revealDown: return .coverUp
        }
    }

    /// All names accepted in a prototype file, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// A transition with its duration (seconds) and timing curve.
public struct Transition: Equatable, Sendable, CustomStringConvertible {
    /// The visual kind.
    public var kind: TransitionKind
    /// Duration in seconds; 0 for `none`.
    public var duration: Double
    /// The timing curve applied to progress.
    public var curve: TimingCurve

    /// The default duration of an animated transition when the prototype gives none: 0.35 s
    /// (UIKit's navigation push).
    public static let defaultDuration = 0.35
    /// The longest transition, seconds: 600 (10 minutes), far past anything an interface
    /// animates. A duration of 1e308 s passed `check`, never settled a tap and printed "inf ms"
    /// in `timing` (red-team 11 m3); `check`, the Lua actions, `hotspot` and `render` refuse
    /// a longer one.
    public static let maxDuration = 600.0
    /// The default timing curve: `ease_in_out`, as UIKit's navigation transitions.
    public static let defaultCurve = TimingCurve.easeInOut
    /// A cut with no animation.
    public static let cut = Transition(kind: .none, duration: 0, curve: .linear)

    /// Creates a transition; a `none` transition always has duration 0.
    public init(kind: TransitionKind, duration: Double? = nil, curve: TimingCurve? = nil) {
        self.kind = kind
        self.duration = kind == .none ? 0 : (duration ?? Transition.defaultDuration)
        self.curve = curve ?? Transition.defaultCurve
    }

    /// True when the transition draws frames in between (kind is not `none`, duration > 0).
    public var isAnimated: Bool { kind != .none && duration > 0 }

    /// The transition used to undo this one, with the same duration and curve.
    public var reversed: Transition { Transition(kind: kind.reversed, duration: duration, curve: curve) }

    /// `kind duration curve`, e.g. `push_left 0.35s ease_in_out`.
    public var description: String {
        isAnimated ? "\(kind.rawValue) \(formatNumber(duration, decimals: 3))s \(curve.rawValue)" : "none"
    }
}
