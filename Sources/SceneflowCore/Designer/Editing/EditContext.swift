/// What the edit mode needs to know about the window on each input: the current scene's
/// hotspots where they show, the text detected on its screen, the prototype's scenes and the
/// screen's size. The window makes it from the session (`Session.placedElements`, the one
/// geometry H and hit testing use) and the detection cache.
public struct EditContext: Equatable, Sendable {
    /// The current scene's hotspots, in declaration order (later ones are on top).
    public var hotspots: [EditHotspot]
    /// The proposals `sceneflow detect` makes for the scene (frames in the scene's points), or
    /// nil while its text is being read.
    public var detected: [DetectionProposal]?
    /// How the scene's points land on the screen now.
    public var placement: ScenePlacement
    /// Every scene, in the prototype's order (the strip's thumbnails).
    public var scenes: [String]
    /// The screen's size, points.
    public var screen: Size

    /// Creates a context.
    public init(
        hotspots: [EditHotspot], detected: [DetectionProposal]?, placement: ScenePlacement, scenes: [String],
        screen: Size
    ) {
        self.hotspots = hotspots
        self.detected = detected
        self.placement = placement
        self.scenes = scenes
        self.screen = screen
    }

    /// The detected text shown as dashed boxes: each proposal with where it shows (screen
    /// points), leaving out text already a hotspot (the same label, or its middle inside a
    /// hotspot) and text that does not show.
    public var shownDetections: [(proposal: DetectionProposal, screen: Rect)] {
        (detected ?? []).compactMap { proposal in
            guard let shown = placement.place(proposal.frame).visible else { return nil }
            let taken = hotspots.contains {
                $0.label == proposal.label || ($0.visible?.contains(shown.center) ?? false)
            }
            return taken ? nil : (proposal, shown)
        }
    }

    /// `screen` (screen points) in the scene's own points: the inverse of `placement` (a layer
    /// offset, a scroll offset for a frame in the scrolling band).
    public func sceneFrame(ofScreen screen: Rect) -> Rect {
        var guess = screen
        for _ in 0..<3 {
            let placed = placement.place(guess).frame
            let dx = screen.x - placed.x
            let dy = screen.y - placed.y
            if abs(dx) < 1e-9 && abs(dy) < 1e-9 { break }
            guess = Rect(x: guess.x + dx, y: guess.y + dy, width: screen.width, height: screen.height)
        }
        return guess
    }

    /// The topmost hotspot whose shown part holds `point`, or nil.
    func hotspot(at point: Point) -> EditHotspot? {
        hotspots.last { $0.visible?.contains(point) == true }
    }
}
