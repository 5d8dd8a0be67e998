/// One change to a scene's hotspots, as `sceneflow hotspot add|move|remove|link` (and the
/// window's edit mode) asks for it. Frames are in points.
public enum HotspotEdit: Equatable, Sendable {
    /// Adds an element labelled `label` at `frame` at the end of the scene's `elements` list,
    /// doing `action` when tapped (nil: no action, an element scripts can only look for).
    case add(label: String, frame: Rect, action: HotspotAction?)
    /// Gives the element labelled `label` the frame `frame`.
    case move(label: String, frame: Rect)
    /// Removes the element labelled `label`.
    case remove(label: String)
    /// Makes the element labelled `label` do `action` when tapped: its `on_tap` is rewritten,
    /// added when it has none, or removed when `action` is nil.
    case link(label: String, action: HotspotAction?)

    /// The accessibility label the edit is about.
    public var label: String {
        switch self {
        case .add(let label, _, _), .move(let label, _), .remove(let label), .link(let label, _): return label
        }
    }

    /// The scene the edit's action goes to or presents (`add`, `link`), else nil.
    public var targetScene: String? {
        switch self {
        case .add(_, _, let action?), .link(_, let action?): return action.targetScene
        default: return nil
        }
    }
}

/// What an added hotspot does when tapped: the prototype file's `go`, `back`, `present` and
/// `dismiss` actions, with an optional transition kind (`push_left`) and duration in seconds.
public enum HotspotAction: Equatable, Sendable {
    /// `go("scene" [, "kind" [, seconds]])`.
    case go(scene: String, transition: String?, duration: Double?)
    /// `present("scene" [, "kind" [, seconds]])`.
    case present(scene: String, transition: String?, duration: Double?)
    /// `back()`.
    case back
    /// `dismiss()`.
    case dismiss

    /// The scene `go` or `present` shows, else nil.
    public var targetScene: String? {
        switch self {
        case .go(let scene, _, _), .present(let scene, _, _): return scene
        case .back, .dismiss: return nil
        }
    }

    /// The action as Lua source, strings in `quote` (`go("settings", "push_left", 0.35)`).
    /// A duration without a transition kind is written after `nil` (the default kind).
    public func lua(quote: Character = "\"") -> String {
        func call(_ name: String, _ scene: String, _ transition: String?, _ duration: Double?) -> String {
            var arguments = [LuaStringLiteral.quoted(scene, quote: quote)]
            if transition != nil || duration != nil {
                arguments.append(transition.map { LuaStringLiteral.quoted($0, quote: quote) } ?? "nil")
            }
            if let duration { arguments.append(HotspotEditor.luaNumber(duration)) }
            return "\(name)(\(arguments.joined(separator: ", ")))"
        }
        switch self {
        case .go(let scene, let transition, let duration): return call("go", scene, transition, duration)
        case .present(let scene, let transition, let duration): return call("present", scene, transition, duration)
        case .back: return "back()"
        case .dismiss: return "dismiss()"
        }
    }
}

/// The edit could not be made safely: the scene (or its element list, or the element) is
/// built by code rather than written as a table, so nothing is written (exit 65).
public struct HotspotRefusal: Error, Equatable, CustomStringConvertible {
    /// The scene asked for.
    public let scene: String
    /// Why, naming what the file does instead (`scenes.home.elements is make_list(…)`).
    public let reason: String
    /// The message: `cannot edit scene "home" safely: <reason>`.
    public var description: String { "cannot edit scene \"\(scene)\" safely: \(reason)" }

    /// Creates a refusal.
    public init(scene: String, reason: String) {
        self.scene = scene
        self.reason = reason
    }
}

/// The edited source text and the 1-based line of the element it added or changed (for
/// `remove`, the line where the element was).
public struct HotspotEditResult: Equatable, Sendable {
    /// The whole new file text.
    public let text: String
    /// The 1-based line of the change.
    public let line: Int
}
