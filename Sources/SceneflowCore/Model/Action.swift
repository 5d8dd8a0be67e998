/// A reference to a Lua function held by the Lua layer (a registry index). Core never calls
/// it; it hands it back to the runner as an effect.
public struct ScriptFunctionRef: Equatable, Hashable, Sendable {
    /// The opaque registry reference.
    public let id: Int32
    /// The chunk the function was defined in (`"@prototype.lua"`), when the Lua layer knows it.
    public let chunk: String?
    /// The function's first to last line (1-based) in `chunk`, when known.
    public let lines: ClosedRange<Int>?
    /// Creates a reference from the Lua layer's registry index, with where the function is
    /// written when known. Two references are equal when their `id`s are.
    public init(id: Int32, chunk: String? = nil, lines: ClosedRange<Int>? = nil) {
        self.id = id
        self.chunk = chunk
        self.lines = lines
    }

    /// Equal `id`s: the same registry reference.
    public static func == (a: ScriptFunctionRef, b: ScriptFunctionRef) -> Bool { a.id == b.id }

    /// Hashes the `id`.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// What an element (or a scene-wide swipe) does when triggered.
public enum Action: Equatable, Sendable, CustomStringConvertible {
    /// Push `scene` onto the navigation stack with the given transition.
    case go(scene: String, transition: Transition)
    /// Replace the top of the navigation stack with `scene`, animated with the given
    /// transition: a scene that moves on by itself (a splash) leaves no entry, so `back` from
    /// `scene` goes to what was below it (nothing when it was the start scene). The new entry
    /// keeps the replaced one's modal flag.
    case replace(scene: String, transition: Transition)
    /// Pop the top scene, undoing the transition that brought it.
    case back
    /// Present `scene` modally (default transition `cover_up`).
    case present(scene: String, transition: Transition)
    /// Dismiss the topmost modal and everything pushed above it.
    case dismiss
    /// Select the tab whose root scene is `scene` (a tab bar's item, issue 17): its own
    /// navigation stack comes back as it was left, with `transition` (default `none`); the
    /// selected tab pops to its root, undoing its top scene's arrival.
    case tab(scene: String, transition: Transition)
    /// Call a Lua function of the prototype; the runner does the call.
    case script(ScriptFunctionRef)

    /// The scene this action leads to, when it names one.
    public var targetScene: String? {
        switch self {
        case .go(let scene, _), .present(let scene, _), .replace(let scene, _), .tab(let scene, _): return scene
        default: return nil
        }
    }

    /// A short form for logs and `inspect`: `go("details", push_left 0.35s ease_in_out)`.
    public var description: String {
        switch self {
        case .go(let scene, let t): return "go(\"\(scene)\", \(t))"
        case .replace(let scene, let t): return "replace(\"\(scene)\", \(t))"
        case .back: return "back()"
        case .present(let scene, let t): return "present(\"\(scene)\", \(t))"
        case .dismiss: return "dismiss()"
        case .tab(let scene, let t): return "tab(\"\(scene)\", \(t))"
        case .script: return "function"
        }
    }
}

/// The direction of a swipe: the direction the finger moves (`left` = the finger moves left).
public enum SwipeDirection: String, CaseIterable, Sendable, Equatable {
    /// The finger moves towards the left edge.
    case left
    /// The finger moves towards the right edge.
    case right
    /// The finger moves towards the top edge.
    case up
    /// The finger moves towards the bottom edge.
    case down
}
