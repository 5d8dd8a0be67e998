import Foundation

/// The window's edit mode (key `E` in `play`): draw, label, link, move, resize and remove the
/// current scene's hotspots without typing a coordinate. Pure: the window feeds it pointer
/// events (screen points), keys and typed text with an `EditContext` (the hotspots where they
/// show, the detected text, the scenes), draws `overlay(_:)` and `strip(_:)`, and carries out
/// the `EditCommand`s it returns (every change is a `HotspotEdit` written by the same write-back
/// as `sceneflow hotspot`).
///
/// Gestures, after Figma's and InVision's hotspot tools: a drag on empty screen draws a new
/// hotspot and opens the label field (pre-filled with the detected text inside it); a click on a
/// dashed box (detected text) makes it a hotspot labelled with its text; a click on a hotspot
/// selects it, a drag on its body moves it and a drag on its edges or corners resizes it. With
/// a hotspot selected: a click on a scene in the strip links it (go, or present after `P`),
/// `B` back, `D` dismiss, `N` no action, `T` the next transition kind, Delete removes it;
/// Ctrl+Z undoes the last write; Escape closes the field, then the selection, then goes back.
public struct EditMode: Equatable, Sendable {
    /// What the pointer is doing, in screen points.
    public enum Drag: Equatable, Sendable {
        /// Pressed on `target` at `start`, not yet moved past `slop`.
        case pressing(start: Point, target: Target)
        /// Drawing a new hotspot from `start` to `to`.
        case drawing(start: Point, to: Point)
        /// Moving (`edges` empty) or resizing the hotspot `label` from `start` to `to`.
        case reshaping(label: String, edges: EditEdges, start: Point, to: Point)
    }

    /// What a press landed on.
    public enum Target: Equatable, Sendable {
        /// A scene in the strip.
        case strip(String)
        /// A hotspot: its body (`edges` empty) or edges.
        case hotspot(String, EditEdges)
        /// The shown detected text at this index of `EditContext.shownDetections`.
        case detected(Int)
        /// Empty screen.
        case nothing
    }

    /// A new hotspot waiting for its label: its frame (scene points and screen points) and the
    /// text typed so far.
    public struct LabelDraft: Equatable, Sendable {
        /// The frame as the file will write it, scene points.
        public var frame: Rect
        /// Where it shows, screen points.
        public var screen: Rect
        /// The label typed so far (pre-filled with the detected text inside).
        public var text: String
    }

    /// A message shown in a panel until the next change: a refused write, a hint.
    public struct Message: Equatable, Sendable {
        /// The lines.
        public var lines: [String]
        /// True for a refusal (a red panel).
        public var isError: Bool
        /// Creates a message.
        public init(_ lines: [String], isError: Bool) {
            self.lines = lines
            self.isError = isError
        }
    }

    /// A move of the pointer shorter than this (points) is a click.
    public static let slop = 4.0
    /// The smallest hotspot a drag draws or a resize leaves, points.
    public static let minimumSize = 8.0
    /// How near an edge (points) a press resizes instead of moving.
    public static let edgeReach = 6.0
    /// The transition kinds `T` cycles through, in order (the file's names).
    public static let transitions = [
        "push_left", "push_right", "push_up", "push_down", "cover_up", "cover_left", "crossfade", "none",
    ]

    /// The keys the edit mode uses (others keep their meaning in the window: Q quits, 1/2/0
    /// zoom, ? lists the keys).
    public static let keys: Set<String> = [
        "E", "Ctrl+Z", "B", "D", "N", "P", "T", "Delete", "Return", "Keypad Enter", "Escape",
    ]

    /// The scene being edited.
    public var scene: String
    /// The selected hotspot's label.
    public var selected: String?
    /// True after `P`: a click on the strip presents the scene modally instead of going to it.
    public var linkPresents = false
    /// The pointer's gesture in progress.
    public var drag: Drag?
    /// The label field, open after drawing a hotspot.
    public var draft: LabelDraft?
    /// The message shown, if any.
    public var message: Message?

    /// Edit mode on scene `scene`, nothing selected.
    public init(scene: String) { self.scene = scene }

    /// Switches to another scene (after navigation): selection, gesture and field are dropped.
    public mutating func show(scene name: String) {
        guard name != scene else { return }
        self = EditMode(scene: name)
    }

    /// Shows `message` until the next change.
    public mutating func say(_ lines: [String], error: Bool = false) { message = Message(lines, isError: error) }

    // MARK: keys

    /// Handles a key by SDL key name (`"B"`, `"Delete"`, `"Ctrl+Z"`, `"Return"`); `escape` is
    /// Escape (the window's back key). Keys while the label field is open edit it instead
    /// (`type(_:)`, `deleteBackward()`), except Return (save) and Escape (cancel).
    public mutating func key(_ name: String, _ context: EditContext) -> EditCommand {
        if draft != nil {
            switch name {
            case "Return", "Keypad Enter": return saveDraft(context)
            case "Escape":
                draft = nil
                message = nil
            default: break
            }
            return .none
        }
        switch name {
        case "Escape":
            message = nil
            if drag != nil {
                drag = nil
            } else if selected != nil {
                selected = nil
                linkPresents = false
            } else {
                return .back
            }
            return .none
        case "E": return .leave
        case "Ctrl+Z": return .undo
        default: break
        }
        guard let label = selected, let hotspot = context.hotspots.first(where: { $0.label == label }) else {
            if ["B", "D", "N", "P", "T", "Delete"].contains(name) {
                say(["Select a hotspot first: click it (or drag to draw one)."])
            }
            return .none
        }
        switch name {
        case "B": return link(label, .back)
        case "D": return link(label, .dismiss)
        case "N": return link(label, nil)
        case "Delete":
            selected = nil
            return .write(.remove(label: label), scene: scene, select: nil)
        case "P":
            switch hotspot.action {
            case .go(let target, _)?: return link(label, .present(scene: target, transition: nil, duration: nil))
            case .present(let target, _)?: return link(label, .go(scene: target, transition: nil, duration: nil))
            default:
                linkPresents.toggle()
                say([
                    linkPresents ? "Click a scene to present it modally (P: go instead)." : "Click a scene to go to it."
                ])
                return .none
            }
        case "T":
            guard let next = Self.nextTransition(hotspot.action) else {
                say(["T cycles the transition of a go or present: click a scene in the strip first."])
                return .none
            }
            return link(label, next)
        default: return .none
        }
    }

    /// The selected hotspot's action with the next transition kind of `transitions` (the
    /// duration kept), or nil when it neither goes nor presents.
    static func nextTransition(_ action: Action?) -> HotspotAction? {
        func next(_ t: Transition) -> (String, Double?) {
            let index = transitions.firstIndex(of: t.kind.rawValue) ?? (transitions.count - 1)
            let kind = transitions[(index + 1) % transitions.count]
            return (kind, kind == "none" || t.kind == .none ? nil : t.duration)
        }
        switch action {
        case .go(let scene, let t)?:
            let (kind, duration) = next(t)
            return .go(scene: scene, transition: kind, duration: duration)
        case .present(let scene, let t)?:
            let (kind, duration) = next(t)
            return .present(scene: scene, transition: kind, duration: duration)
        default: return nil
        }
    }

    private mutating func link(_ label: String, _ action: HotspotAction?) -> EditCommand {
        message = nil
        return .write(.link(label: label, action: action), scene: scene, select: label)
    }

    // MARK: the label field

    /// Types `text` into the label field (no-op when it is closed).
    public mutating func type(_ text: String) {
        draft?.text += text
    }

    /// Deletes the last character (grapheme cluster) of the label field.
    public mutating func deleteBackward() {
        if draft?.text.isEmpty == false { draft?.text.removeLast() }
    }

    /// Return in the label field: the new hotspot is written (no action yet) and selected, or a
    /// message says why not (an empty label, one the scene has already).
    mutating func saveDraft(_ context: EditContext) -> EditCommand {
        guard let draft else { return .none }
        let label = draft.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if label.isEmpty {
            say(["A hotspot needs a label: type the text a person reads on it."], error: true)
            return .none
        }
        if context.hotspots.contains(where: { $0.label == label }) {
            say(["Scene \"\(scene)\" already has a hotspot labelled \"\(label)\": type another label."], error: true)
            return .none
        }
        self.draft = nil
        message = nil
        return .write(.add(label: label, frame: draft.frame, action: nil), scene: scene, select: label)
    }
}
