import Testing

@testable import SceneflowCore

/// Timed actions, overlays (hit testing, dismiss on outside, composition) and pressed images.
@Suite struct DesignSessionTests {
    static let device = Device(width: 360, height: 800, scale: 1)

    static func prototype(dismissOnOutside: Bool = true, position: OverlayStyle.Position = .bottom) -> Prototype {
        var splash = Scene(name: "splash", image: "splash.png")
        splash.design.after = TimedAction(seconds: 1.5, action: .go(scene: "home", transition: .cut))
        var share = Element(
            label: "Share", frame: Rect(x: 0, y: 700, width: 360, height: 100),
            onTap: .present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3)))
        share.design.pressed = "share_down.png"
        let home = Scene(
            name: "home", image: "home.png",
            elements: [Element(label: "Behind", frame: Rect(x: 0, y: 0, width: 360, height: 100), onTap: .back), share])
        var sheet = Scene(
            name: "sheet", image: "sheet.png",
            elements: [Element(label: "Done", frame: Rect(x: 250, y: 10, width: 100, height: 50), onTap: .dismiss)])
        sheet.design.overlay = OverlayStyle(
            position: position, dim: 0.4, dismissOnOutside: dismissOnOutside, size: Size(width: 360, height: 300))
        return Prototype(name: "D", device: device, start: "splash", scenes: [splash, home, sheet])
    }

    /// Steps a session frame by frame (60 Hz) until `seconds` of clock time have passed.
    static func run(_ s: Session, for seconds: Double) {
        let end = s.now + seconds
        var t = s.now
        while t < end - 1e-9 {
            t += 1.0 / 60
            s.step(to: t)
            s.framePresented()
        }
    }

    static func tap(_ s: Session, _ x: Double, _ y: Double) {
        s.schedule(InputEvent(.down, Point(x: x, y: y), at: s.now))
        s.schedule(InputEvent(.up, Point(x: x, y: y), at: s.now + 0.05))
        run(s, for: 0.5)
    }

    @Test func aTimedActionFiresOnceAfterItsSecondsAndRearmsAfterReset() {
        let s = Session(prototype: Self.prototype())
        Self.run(s, for: 1.4)
        #expect(s.currentScene == "splash")
        Self.run(s, for: 0.2)
        #expect(s.currentScene == "home")
        let fired = s.timeline.events.filter {
            if case .action(_, let source) = $0.kind { source.hasPrefix("after 1.5s") } else { false }
        }
        #expect(fired.count == 1)
        #expect(abs(fired[0].time - 1.5) < 0.04, "fires within a frame of 1.5 s: \(fired[0].time)")
        s.reset()
        Self.run(s, for: 1.6)
        #expect(s.currentScene == "home", "re-armed after reset")
    }

    @Test func overlayHitTestingUsesTheOverlaysOwnCoordinates() {
        let s = Session(prototype: Self.prototype())
        Self.run(s, for: 1.6)
        Self.tap(s, 100, 750)
        #expect(s.currentScene == "sheet")
        #expect(s.currentOverlayFrame == Rect(x: 0, y: 500, width: 360, height: 300))
        #expect(s.screenElements.map(\.frame) == [Rect(x: 250, y: 510, width: 100, height: 50)])
        Self.tap(s, 260, 20)  // "Done" at its local frame, but this is outside the overlay: dismiss on outside
        #expect(s.currentScene == "home", "a tap outside dismisses")
        #expect(s.stack == ["splash", "home"], "and never reaches \"Behind\" (back) on the scene below")
        Self.tap(s, 100, 750)
        Self.tap(s, 300, 530)  // "Done" on screen
        #expect(s.currentScene == "home")
    }

    @Test func withoutDismissOnOutsideATapOutsideDoesNothing() {
        let s = Session(prototype: Self.prototype(dismissOnOutside: false))
        Self.run(s, for: 1.6)
        Self.tap(s, 100, 750)
        Self.tap(s, 100, 50)
        #expect(s.currentScene == "sheet")
        #expect(s.stack == ["splash", "home", "sheet"])
    }

    @Test func overlayFramesDimTheSceneBelowAndSlideTheSheetUp() {
        let s = Session(prototype: Self.prototype())
        Self.run(s, for: 1.6)
        s.schedule(InputEvent(.down, Point(x: 100, y: 750), at: s.now))
        s.schedule(InputEvent(.up, Point(x: 100, y: 750), at: s.now + 0.05))
        Self.run(s, for: 0.05)
        let start = s.now
        Self.run(s, for: 0.15)
        let mid = s.frame()
        #expect(mid.layers.map(\.scene) == ["home", "", "sheet"])
        #expect(mid.layers[1].alpha > 0 && mid.layers[1].alpha < 0.4)
        #expect(
            mid.layers[2].offset.y > 500 && mid.layers[2].offset.y < 800,
            "sliding: \(mid.layers[2].offset) at \(s.now - start)")
        Self.run(s, for: 0.3)
        let rest = s.frame()
        #expect(rest.layers[1].alpha == 0.4)
        #expect(rest.layers[2].offset == Point(x: 0, y: 500) && rest.layers[2].size == Size(width: 360, height: 300))
        let centred = OverlayStyle(position: .center, size: Size(width: 200, height: 100)).frame(on: Self.device)
        #expect(centred == Rect(x: 80, y: 350, width: 200, height: 100))
    }

    @Test func thePressedImageShowsOnlyWhileTheFingerIsDown() {
        let s = Session(prototype: Self.prototype())
        Self.run(s, for: 1.6)
        s.handle(InputEvent(.down, Point(x: 100, y: 750), at: s.now))
        let down = s.frame()
        #expect(down.layers.last?.image == "share_down.png")
        #expect(down.layers.last?.offset == Point(x: 0, y: 700))
        #expect(down.layers.last?.size == Size(width: 360, height: 100))
        s.handle(InputEvent(.up, Point(x: 100, y: 750), at: s.now + 0.05))
        #expect(!s.frame().layers.contains { $0.image == "share_down.png" }, "released: the tap presents the sheet")
    }
}
