/// A hotspot of the current scene as the window's edit mode sees it: its label, its frame as
/// `prototype.lua` writes it (the scene's own points) and where it shows on the screen now
/// (`Session.placedElements`: the one geometry H, hit testing and scripts use).
public struct EditHotspot: Equatable, Sendable {
    /// The accessibility label (how the write-back finds the element).
    public var label: String
    /// The frame in the scene's own points, as the file writes it.
    public var frame: Rect
    /// The whole frame on the screen now, in screen points (moved by a scroll offset).
    public var placed: Rect
    /// The part of `placed` that shows (nil: none), in screen points: drawn and hit.
    public var visible: Rect?
    /// The band the element shows in (a scroll scene's header, middle or footer), else nil.
    public var clip: Rect?
    /// What a tap does now (nil: nothing).
    public var action: Action?

    /// Creates a hotspot view.
    public init(
        label: String, frame: Rect, placed: Rect, visible: Rect?, clip: Rect? = nil, action: Action? = nil
    ) {
        self.label = label
        self.frame = frame
        self.placed = placed
        self.visible = visible
        self.clip = clip
        self.action = action
    }

    /// `screen` (screen points) in the scene's own points: moved back by how far the element is
    /// moved on the screen (a layer offset, a scroll offset).
    public func sceneFrame(ofScreen screen: Rect) -> Rect {
        Rect(
            x: screen.x - (placed.x - frame.x), y: screen.y - (placed.y - frame.y), width: screen.width,
            height: screen.height)
    }
}

/// Which edges of a hotspot a drag resizes: a corner moves two.
public struct EditEdges: OptionSet, Equatable, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates edges from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The left edge.
    public static let left = EditEdges(rawValue: 1)
    /// The right edge.
    public static let right = EditEdges(rawValue: 2)
    /// The top edge.
    public static let top = EditEdges(rawValue: 4)
    /// The bottom edge.
    public static let bottom = EditEdges(rawValue: 8)

    /// `frame` with these edges moved by `dx`, `dy` points, kept at least `minimum` points wide
    /// and tall (the opposite edge stays); no edges: the whole frame moves.
    public func apply(to frame: Rect, dx: Double, dy: Double, minimum: Double) -> Rect {
        if isEmpty { return Rect(x: frame.x + dx, y: frame.y + dy, width: frame.width, height: frame.height) }
        var x0 = frame.x
        var x1 = frame.maxX
        var y0 = frame.y
        var y1 = frame.maxY
        if contains(.left) { x0 = min(x0 + dx, x1 - minimum) }
        if contains(.right) { x1 = max(x1 + dx, x0 + minimum) }
        if contains(.top) { y0 = min(y0 + dy, y1 - minimum) }
        if contains(.bottom) { y1 = max(y1 + dy, y0 + minimum) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The edges of `frame` within `reach` points of `point` (inside or just outside it), or
    /// an empty set when `point` is not near an edge.
    public static func near(_ point: Point, of frame: Rect, reach: Double) -> EditEdges {
        let grown = Rect(
            x: frame.x - reach, y: frame.y - reach, width: frame.width + 2 * reach, height: frame.height + 2 * reach)
        guard grown.contains(point) else { return [] }
        // A small frame keeps a middle to move it by: the reach shrinks to a third of its size.
        let rx = min(reach, frame.width / 3)
        let ry = min(reach, frame.height / 3)
        var edges: EditEdges = []
        if abs(point.x - frame.x) <= rx {
            edges.insert(.left)
        } else if abs(point.x - frame.maxX) <= rx {
            edges.insert(.right)
        }
        if abs(point.y - frame.y) <= ry {
            edges.insert(.top)
        } else if abs(point.y - frame.maxY) <= ry {
            edges.insert(.bottom)
        }
        return edges
    }
}
