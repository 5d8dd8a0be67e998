extension EditMode {
    /// The pointer went down at `point` (screen points): remembers what it landed on (the
    /// strip, the selected hotspot's edges, a hotspot, a dashed box, or nothing).
    public mutating func pointerDown(_ point: Point, _ context: EditContext) {
        if draft != nil { return }  // the field is open: Return or Escape first
        drag = .pressing(start: point, target: target(at: point, context))
    }

    /// What a press at `point` lands on.
    func target(at point: Point, _ context: EditContext) -> Target {
        if let strip = strip(context), strip.frame.contains(point) {
            return strip.scene(at: point).map(Target.strip) ?? .nothing
        }
        if let label = selected, let hotspot = context.hotspots.first(where: { $0.label == label }),
            let visible = hotspot.visible
        {
            let edges = EditEdges.near(point, of: visible, reach: Self.edgeReach)
            if !edges.isEmpty || visible.contains(point) { return .hotspot(label, edges) }
        }
        if let hotspot = context.hotspot(at: point) {
            let edges = hotspot.visible.map { EditEdges.near(point, of: $0, reach: Self.edgeReach) } ?? []
            return .hotspot(hotspot.label, edges)
        }
        if let index = context.shownDetections.lastIndex(where: { $0.screen.contains(point) }) {
            return .detected(index)
        }
        return .nothing
    }

    /// The pointer moved to `point`: a press that moved past `slop` starts drawing (on empty
    /// screen or a dashed box), moving (a hotspot's body) or resizing (its edges).
    public mutating func pointerMoved(_ point: Point) {
        switch drag {
        case .pressing(let start, let target)? where start.distance(to: point) >= Self.slop:
            switch target {
            case .hotspot(let label, let edges):
                selected = label
                drag = .reshaping(label: label, edges: edges, start: start, to: point)
            case .nothing, .detected: drag = .drawing(start: start, to: point)
            case .strip: break
            }
        case .drawing(let start, _)?: drag = .drawing(start: start, to: point)
        case .reshaping(let label, let edges, let start, _)?:
            drag = .reshaping(label: label, edges: edges, start: start, to: point)
        default: break
        }
    }

    /// The pointer went up at `point`: ends the gesture and returns what to write, if anything.
    public mutating func pointerUp(_ point: Point, _ context: EditContext) -> EditCommand {
        pointerMoved(point)
        guard let ended = drag else { return .none }
        let drawn = drawnRect
        var reshaped: (EditHotspot, Rect)?
        for hotspot in context.hotspots {
            if let frame = reshapedFrame(of: hotspot) { reshaped = (hotspot, frame) }
        }
        drag = nil
        switch ended {
        case .pressing(_, let target): return click(target, context)
        case .drawing:
            guard let screen = drawn else { return .none }
            if screen.width < Self.minimumSize || screen.height < Self.minimumSize {
                say(["Drag further to draw a hotspot (at least \(Int(Self.minimumSize)) points across)."])
                return .none
            }
            let inside = context.shownDetections.filter { screen.contains($0.screen.center) }
            let text = inside.sorted { ($0.screen.y, $0.screen.x) < ($1.screen.y, $1.screen.x) }
                .map(\.proposal.label).joined(separator: " ")
            message = nil
            selected = nil
            draft = LabelDraft(frame: Self.rounded(context.sceneFrame(ofScreen: screen)), screen: screen, text: text)
            return .none
        case .reshaping(let label, _, _, _):
            guard let (hotspot, shown) = reshaped, hotspot.label == label else { return .none }
            let frame = Self.rounded(hotspot.sceneFrame(ofScreen: shown))
            if frame == hotspot.frame { return .none }
            message = nil
            return .write(.move(label: label, frame: frame), scene: scene, select: label)
        }
    }

    private mutating func click(_ target: Target, _ context: EditContext) -> EditCommand {
        message = nil
        switch target {
        case .strip(let scene):
            guard let label = selected else { return .none }
            let action: HotspotAction =
                linkPresents
                ? .present(scene: scene, transition: nil, duration: nil)
                : .go(scene: scene, transition: nil, duration: nil)
            return .write(.link(label: label, action: action), scene: self.scene, select: label)
        case .hotspot(let label, _):
            if selected != label { linkPresents = false }
            selected = label
            return .none
        case .detected(let index):
            let shown = context.shownDetections
            guard shown.indices.contains(index) else { return .none }
            let proposal = shown[index].proposal
            return .write(
                .add(label: proposal.label, frame: Self.rounded(proposal.frame), action: nil), scene: scene,
                select: proposal.label)
        case .nothing:
            selected = nil
            linkPresents = false
            return .none
        }
    }

    /// The rectangle being drawn, screen points (nil when not drawing).
    public var drawnRect: Rect? {
        guard case .drawing(let a, let b)? = drag else { return nil }
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// Where `hotspot` shows while it is being moved or resized (screen points), or nil when it
    /// is not.
    public func reshapedFrame(of hotspot: EditHotspot) -> Rect? {
        guard case .reshaping(let label, let edges, let start, let to)? = drag, label == hotspot.label else {
            return nil
        }
        return edges.apply(to: hotspot.placed, dx: to.x - start.x, dy: to.y - start.y, minimum: Self.minimumSize)
    }

    /// `frame` with each number rounded to a whole point (what a person would type).
    static func rounded(_ frame: Rect) -> Rect {
        Rect(
            x: frame.x.rounded(), y: frame.y.rounded(), width: max(1, frame.width.rounded()),
            height: max(1, frame.height.rounded()))
    }
}
