import Testing

@testable import SceneflowCore

/// Turning the device: landscape variants, hit testing in landscape points, portrait-only scenes.
@Suite struct OrientationTests {
    static func session() -> Session {
        var video = Scene(
            name: "video", image: "video.png",
            elements: [
                Element(
                    label: "Play", frame: Rect(x: 0, y: 600, width: 360, height: 200),
                    onTap: .go(scene: "settings", transition: .cut))
            ])
        video.design.landscape = LandscapeVariant(
            image: "video_land.png",
            elements: [
                Element(
                    label: "Play", frame: Rect(x: 600, y: 0, width: 200, height: 360),
                    onTap: .go(scene: "settings", transition: .cut))
            ])
        let settings = Scene(
            name: "settings", image: "settings.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 100), onTap: .back)])
        return Session(
            prototype: Prototype(
                name: "O", device: Device(width: 360, height: 800, scale: 2), start: "video", scenes: [video, settings])
        )
    }

    static func run(_ s: Session, for seconds: Double) {
        let end = s.now + seconds
        while s.now < end - 1e-9 {
            s.step(to: s.now + 1.0 / 60)
            s.framePresented()
        }
    }

    @Test func landscapeShowsTheVariantOnATurnedDevice() {
        let s = Self.session()
        #expect(s.rotate(to: .landscape))
        #expect(!s.isSettled, "the turn takes rotationDuration")
        let turning = s.frame()
        #expect(turning.turn?.fromDevice.width == 360 && turning.turn?.fromLayers.map(\.image) == ["video.png"])
        #expect(
            turning.device.width == 800 && turning.layers.map(\.image) == ["video_land.png"], "rotates into landscape")
        Self.run(s, for: Session.rotationDuration + 0.05)
        #expect(s.isSettled)
        let frame = s.frame()
        #expect(frame.device == Device(width: 800, height: 360, scale: 2))
        #expect(frame.device.pixelWidth == 1600 && frame.device.pixelHeight == 720)
        #expect(frame.layers.map(\.image) == ["video_land.png"])
        #expect(frame.layers[0].rotated)
        #expect(s.screenElements.map(\.frame) == [Rect(x: 600, y: 0, width: 200, height: 360)])
    }

    @Test func tapsMapToLandscapePointsAndPortraitOnlyScenesStayPortrait() {
        let s = Self.session()
        s.rotate(to: .landscape)
        Self.run(s, for: 0.4)
        s.handle(InputEvent(.down, Point(x: 700, y: 100), at: s.now))  // only the landscape "Play" is here
        s.handle(InputEvent(.up, Point(x: 700, y: 100), at: s.now + 0.05))
        Self.run(s, for: 0.1)
        #expect(s.currentScene == "settings")
        #expect(s.orientation == .landscape)
        #expect(s.frame().device == Device(width: 360, height: 800, scale: 2), "settings has no landscape variant")
        s.handle(InputEvent(.down, Point(x: 50, y: 50), at: s.now))
        s.handle(InputEvent(.up, Point(x: 50, y: 50), at: s.now + 0.05))
        Self.run(s, for: 0.1)
        #expect(s.currentScene == "video")
        #expect(s.frame().layers[0].image == "video_land.png", "back in landscape")
        s.rotate(to: .portrait)
        Self.run(s, for: 0.4)
        s.handle(InputEvent(.down, Point(x: 100, y: 700), at: s.now))  // the portrait "Play"
        s.handle(InputEvent(.up, Point(x: 100, y: 700), at: s.now + 0.05))
        Self.run(s, for: 0.1)
        #expect(s.currentScene == "settings")
    }

    @Test func rotatingDuringATransitionIsRefusedAndResetReturnsToPortrait() {
        let s = Self.session()
        s.perform(.go(scene: "settings", transition: Transition(kind: .pushLeft, duration: 0.3)), source: "test")
        #expect(!s.rotate(to: .landscape))
        Self.run(s, for: 0.4)
        #expect(s.rotate(to: .landscape))
        s.reset()
        #expect(s.orientation == .portrait)
        #expect(Device(width: 360, height: 800, scale: 3).held(.landscape) == Device(width: 800, height: 360, scale: 3))
    }
}
