import Testing

@testable import SceneflowCore

/// A navigation between a scene shown in landscape and one shown upright is drawn as the device
/// turning over its declared duration and curve, and logged as what is drawn: a transition
/// record marked `drawnAsRotation` (frames, hitches), appearance calls animated; one declared
/// `none` is a cut, logged as one. Between two scenes shown alike it animates as asked.
@Suite struct OrientationCutTimelineTests {
    static let push = Transition(kind: .pushLeft, duration: 0.35)

    /// "a" and "b" have landscape variants; "c" is portrait-only; "sheet" is an overlay.
    /// a → b → c by "Next" (0.35 s pushes), "Back" returns; "Sheet" on a presents the overlay.
    static func session() -> Session {
        func next(_ to: String) -> Element {
            Element(
                label: "Next", frame: Rect(x: 0, y: 0, width: 100, height: 100), onTap: .go(scene: to, transition: push)
            )
        }
        let back = Element(label: "Back", frame: Rect(x: 200, y: 0, width: 100, height: 100), onTap: .back)
        let sheet = Element(
            label: "Sheet", frame: Rect(x: 0, y: 200, width: 100, height: 100),
            onTap: .present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3)))
        var a = Scene(name: "a", image: "a.png", elements: [next("b"), sheet])
        a.design.landscape = LandscapeVariant(image: "a_land.png", elements: [next("b"), sheet])
        var b = Scene(name: "b", image: "b.png", elements: [next("c"), back])
        b.design.landscape = LandscapeVariant(image: "b_land.png", elements: [next("c"), back])
        let c = Scene(name: "c", image: "c.png", elements: [back])
        var overlay = Scene(name: "sheet", image: "sheet.png")
        overlay.design.overlay = OverlayStyle(position: .bottom)
        return Session(
            prototype: Prototype(
                name: "T", device: Device(width: 360, height: 800, scale: 1), start: "a", scenes: [a, b, c, overlay]))
    }

    static func tap(_ s: Session, _ x: Double, _ y: Double) {
        s.handle(InputEvent(.down, Point(x: x, y: y), at: s.now))
        s.handle(InputEvent(.up, Point(x: x, y: y), at: s.now))
    }

    @Test func landscapeToPortraitAndBackAreLoggedAsRotations() throws {
        let s = Self.session()
        s.rotate(to: .landscape)
        OrientationTests.run(s, for: 0.4)
        Self.tap(s, 50, 50)  // a → b, both in landscape: a push
        #expect(s.runningTransition?.transition.kind == .pushLeft)
        OrientationTests.run(s, for: 0.5)
        let before = s.timeline.events.count
        Self.tap(s, 50, 50)  // b (landscape) → c (portrait-only)
        #expect(s.currentScene == "c")
        #expect(s.runningTransition?.drawnAsRotation == true && !s.isSettled, "drawn as the device turning")
        #expect(s.frame().turn?.fromLayers.map(\.image) == ["b_land.png"] && s.frame().device.width == 360)
        OrientationTests.run(s, for: 0.5)
        Self.tap(s, 250, 50)  // back: c → b, portrait to landscape
        #expect(s.currentScene == "b" && s.runningTransition?.drawnAsRotation == true)
        #expect(s.runningTransition?.transition.kind == .pushRight, "the declared transition's duration and curve")
        OrientationTests.run(s, for: 0.5)
        let after = Array(s.timeline.events[before...])
        #expect(after.filter { $0.typeName == "transition_completed" }.count == 2)
        let lifecycle = after.compactMap { if case .lifecycle(let e) = $0.kind { e } else { nil } }
        #expect(lifecycle.count == 8 && lifecycle.allSatisfy { $0.animated }, "\(lifecycle)")
        #expect(s.timeline.transitions.map(\.to) == ["b", "c", "b"])
        #expect(s.timeline.transitions.map(\.drawnAsRotation) == [false, true, true])
        let completed = s.timeline.events.last { $0.typeName == "transition_completed" }
        #expect(completed?.summary.hasSuffix(", drawn as a rotation") == true, "\(completed?.summary ?? "")")
        #expect(s.timeline.transitions.last.map { $0.frameCount > 10 } == true, "frames are counted as drawn")
        #expect(s.stack == ["a", "b"])
        // The arrival keeps the declared transition: upright again, back from c animates.
        s.rotate(to: .portrait)
        OrientationTests.run(s, for: 0.4)
        Self.tap(s, 50, 50)
        OrientationTests.run(s, for: 0.5)
        Self.tap(s, 250, 50)
        #expect(s.runningTransition?.transition.kind == .pushRight, "upright, c → b animates as declared")
    }

    @Test func anOverlayOverALandscapeSceneStillAnimates() {
        let s = Self.session()
        s.rotate(to: .landscape)
        OrientationTests.run(s, for: 0.4)
        Self.tap(s, 50, 250)
        #expect(s.runningTransition?.transition.kind == .coverUp, "drawn over the landscape scene, animated")
    }
}
