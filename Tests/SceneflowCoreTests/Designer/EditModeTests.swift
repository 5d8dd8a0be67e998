import Testing

@testable import SceneflowCore

/// The window's edit mode as a pure state machine: pointer gestures and keys in screen points
/// give the `HotspotEdit` the write-back makes; the overlay draws what the geometry says.
@Suite struct EditModeTests {
    static let screen = Size(width: 360, height: 800)

    /// "Open" at (20, 100, 100, 40) going to "detail"; "Help" at (200, 700, 80, 40), no action;
    /// detected text "Settings" at (20, 300, 320, 48) and "Wi-Fi" at (20, 400, 320, 48).
    static func context(scroll: Double = 0, detected: [DetectionProposal]? = proposals) -> EditContext {
        let hotspots = [
            hotspot(
                "Open", Rect(x: 20, y: 100, width: 100, height: 40),
                .go(scene: "detail", transition: Transition(kind: .pushLeft)), scroll),
            hotspot("Help", Rect(x: 200, y: 700, width: 80, height: 40), nil, scroll),
        ]
        return EditContext(
            hotspots: hotspots, detected: detected,
            placement: ScenePlacement(
                origin: Point(x: 0, y: -scroll), bounds: Rect(x: 0, y: 0, width: 360, height: 800)),
            scenes: ["home", "detail", "sheet"], screen: screen)
    }

    static let proposals = [
        DetectionProposal(
            label: "Settings", frame: Rect(x: 20, y: 300, width: 320, height: 48), confidence: 0.9, kind: .row),
        DetectionProposal(
            label: "Wi-Fi", frame: Rect(x: 20, y: 400, width: 320, height: 48), confidence: 0.9, kind: .row),
        DetectionProposal(
            label: "Open", frame: Rect(x: 20, y: 100, width: 100, height: 40), confidence: 0.9, kind: .button),
    ]

    static func hotspot(_ label: String, _ frame: Rect, _ action: Action?, _ scroll: Double) -> EditHotspot {
        let placed = frame.moved(by: Point(x: 0, y: -scroll))
        return EditHotspot(label: label, frame: frame, placed: placed, visible: placed, action: action)
    }

    static func click(_ mode: inout EditMode, _ p: Point, _ c: EditContext) -> EditCommand {
        mode.pointerDown(p, c)
        return mode.pointerUp(p, c)
    }

    static func drag(_ mode: inout EditMode, _ a: Point, _ b: Point, _ c: EditContext) -> EditCommand {
        mode.pointerDown(a, c)
        for i in 1...4 {
            let t = Double(i) / 4
            mode.pointerMoved(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        return mode.pointerUp(b, c)
    }

    @Test func detectedTextAlreadyAHotspotIsNotOfferedAgain() {
        let c = Self.context()
        #expect(c.shownDetections.map(\.proposal.label) == ["Settings", "Wi-Fi"])
        let view = EditMode(scene: "home").view(c)
        let dashed = view.under.boxes.filter(\.dashed)
        #expect(dashed.map(\.frame) == [Self.proposals[0].frame, Self.proposals[1].frame])
        let solid = view.under.boxes.filter { !$0.dashed }
        #expect(solid.map(\.label) == ["Open → detail (push_left)", "Help"])
    }

    @Test func clickingADashedBoxAddsAHotspotLabelledWithItsText() {
        var mode = EditMode(scene: "home")
        let command = Self.click(&mode, Point(x: 100, y: 320), Self.context())
        #expect(
            command
                == .write(
                    .add(label: "Settings", frame: Rect(x: 20, y: 300, width: 320, height: 48), action: nil),
                    scene: "home", select: "Settings"))
    }

    @Test func drawingOpensTheFieldPrefilledWithTheTextInsideAndReturnWritesIt() {
        var mode = EditMode(scene: "home")
        let c = Self.context()
        #expect(Self.drag(&mode, Point(x: 10, y: 290), Point(x: 350, y: 460), c) == .none)
        #expect(mode.draft?.text == "Settings Wi-Fi")
        #expect(mode.draft?.frame == Rect(x: 10, y: 290, width: 340, height: 170))
        for _ in 0..<"Settings Wi-Fi".count { mode.deleteBackward() }
        mode.type("Ü")
        mode.type("ber 日本語 ✓")
        #expect(
            mode.key("Return", c)
                == .write(
                    .add(label: "Über 日本語 ✓", frame: Rect(x: 10, y: 290, width: 340, height: 170), action: nil),
                    scene: "home", select: "Über 日本語 ✓"))
        #expect(mode.draft == nil)
    }

    @Test func aDrawnLabelTheSceneHasOrEmptyIsRefusedAndTheFieldStays() {
        var mode = EditMode(scene: "home")
        let c = Self.context()
        _ = Self.drag(&mode, Point(x: 10, y: 500), Point(x: 100, y: 600), c)
        #expect(mode.draft?.text == "")
        #expect(mode.key("Return", c) == .none)
        #expect(mode.message?.isError == true)
        mode.type("Open")
        #expect(mode.key("Return", c) == .none)
        #expect(mode.message?.lines.first?.contains("already has a hotspot labelled \"Open\"") == true)
        #expect(mode.draft != nil)
        #expect(mode.key("Escape", c) == .none)
        #expect(mode.draft == nil)
    }

    @Test func aShortDragIsAClickAndAClickOnNothingDeselects() {
        var mode = EditMode(scene: "home")
        let c = Self.context()
        #expect(Self.click(&mode, Point(x: 50, y: 120), c) == .none)
        #expect(mode.selected == "Open")
        #expect(Self.drag(&mode, Point(x: 50, y: 600), Point(x: 52, y: 601), c) == .none)
        #expect(mode.selected == nil && mode.draft == nil)
    }

    @Test func draggingTheBodyMovesAndTheEdgesResizeInTheScenesPoints() {
        for scroll in [0.0, 60] {
            var mode = EditMode(scene: "home")
            let c = Self.context(scroll: scroll)
            let body = Point(x: 70, y: 120 - scroll)
            #expect(
                Self.drag(&mode, body, Point(x: 80, y: 150 - scroll), c)
                    == .write(
                        .move(label: "Open", frame: Rect(x: 30, y: 130, width: 100, height: 40)), scene: "home",
                        select: "Open"),
                "scroll \(scroll)")
            // The right edge and the bottom-left corner resize.
            let right = Point(x: 119, y: 120 - scroll)
            #expect(
                Self.drag(&mode, right, Point(x: 160, y: 120 - scroll), c)
                    == .write(
                        .move(label: "Open", frame: Rect(x: 20, y: 100, width: 141, height: 40)), scene: "home",
                        select: "Open"))
            let corner = Point(x: 21, y: 139 - scroll)
            #expect(
                Self.drag(&mode, corner, Point(x: 0, y: 200 - scroll), c)
                    == .write(
                        .move(label: "Open", frame: Rect(x: -1, y: 100, width: 121, height: 101)), scene: "home",
                        select: "Open"))
            // Shrinking past the minimum keeps it minimumSize wide, the other edge still.
            #expect(
                Self.drag(&mode, right, Point(x: -100, y: 120 - scroll), c)
                    == .write(
                        .move(label: "Open", frame: Rect(x: 20, y: 100, width: 8, height: 40)), scene: "home",
                        select: "Open"))
        }
    }

    @Test func theStripLinksTheSelectedHotspotAndKeysChooseTheOtherActions() throws {
        var mode = EditMode(scene: "home")
        let c = Self.context()
        _ = Self.click(&mode, Point(x: 240, y: 720), c)
        #expect(mode.selected == "Help")
        let strip = try #require(mode.strip(c))
        #expect(strip.frame.y == 0, "Help is in the bottom half: the strip goes to the top")
        let detail = strip.thumbnails[1].center
        #expect(
            Self.click(&mode, detail, c)
                == .write(
                    .link(label: "Help", action: .go(scene: "detail", transition: nil, duration: nil)), scene: "home",
                    select: "Help"))
        #expect(mode.key("B", c) == .write(.link(label: "Help", action: .back), scene: "home", select: "Help"))
        #expect(mode.key("D", c) == .write(.link(label: "Help", action: .dismiss), scene: "home", select: "Help"))
        #expect(mode.key("N", c) == .write(.link(label: "Help", action: nil), scene: "home", select: "Help"))
        #expect(mode.key("P", c) == .none)  // no go yet: the next strip click presents
        #expect(
            Self.click(&mode, strip.thumbnails[2].center, c)
                == .write(
                    .link(label: "Help", action: .present(scene: "sheet", transition: nil, duration: nil)),
                    scene: "home", select: "Help"))
        #expect(mode.key("T", c) == .none && mode.message != nil, "Help has no go yet in this context")
        #expect(mode.key("Delete", c) == .write(.remove(label: "Help"), scene: "home", select: nil))
        #expect(mode.selected == nil)
        #expect(mode.key("Ctrl+Z", c) == .undo)
        #expect(mode.key("Escape", c) == .back)
        #expect(mode.key("E", c) == .leave)
    }

    @Test func tCyclesEveryTransitionKindKeepingTheDuration() {
        var action = Action.go(scene: "detail", transition: Transition(kind: .pushLeft, duration: 0.3))
        var seen: [String] = []
        for _ in EditMode.transitions.indices {
            guard case .go(let scene, let kind?, let duration)? = EditMode.nextTransition(action) else {
                Issue.record("no next for \(action)")
                return
            }
            seen.append(kind)
            let t = TransitionKind(rawValue: kind)!
            #expect(duration == (kind == "none" || action.transitionKind == TransitionKind.none ? nil : 0.3), "\(kind)")
            action = .go(scene: scene, transition: Transition(kind: t, duration: duration ?? 0.3))
        }
        #expect(Set(seen) == Set(EditMode.transitions))
        #expect(EditMode.nextTransition(.back) == nil)
    }

    @Test func everyEdgeAndCornerOfAnyFrameResizesOnlyItsOwnSides() {
        // Generated frames and drags: the opposite sides never move.
        for w in [8.0, 20, 100] {
            for h in [8.0, 44, 300] {
                let frame = Rect(x: 10, y: 20, width: w, height: h)
                for edges in [EditEdges.left, .right, .top, .bottom, [.left, .top], [.right, .bottom]] {
                    let moved = edges.apply(to: frame, dx: 7, dy: -5, minimum: 8)
                    if !edges.contains(.left) { #expect(moved.x == frame.x) }
                    if !edges.contains(.right) { #expect(moved.maxX == frame.maxX || edges.contains(.left)) }
                    if !edges.contains(.top) { #expect(moved.y == frame.y) }
                    if !edges.contains(.bottom) { #expect(moved.maxY == frame.maxY || edges.contains(.top)) }
                    #expect(moved.width >= 8 && moved.height >= 8)
                }
                #expect(EditEdges.near(frame.center, of: frame, reach: 6).isEmpty, "the middle moves \(frame)")
            }
        }
    }

    @Test func whileReadingTheStatusSaysSoAndNoDashedBoxesShow() {
        let view = EditMode(scene: "home").view(Self.context(detected: nil))
        #expect(view.under.boxes.filter(\.dashed).isEmpty)
        #expect(view.over.panels.first?.lines.first == "Edit mode: reading the screen's text…")
    }

    @Test func anotherSceneStartsAfresh() {
        var mode = EditMode(scene: "home")
        _ = Self.click(&mode, Point(x: 50, y: 120), Self.context())
        mode.show(scene: "home")
        #expect(mode.selected == "Open")
        mode.show(scene: "detail")
        #expect(mode == EditMode(scene: "detail"))
    }
}

extension Action {
    fileprivate var transitionKind: TransitionKind? {
        switch self {
        case .go(_, let t), .present(_, let t): return t.kind
        default: return nil
        }
    }
}
