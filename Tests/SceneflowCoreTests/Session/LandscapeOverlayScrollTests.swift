import Testing

@testable import SceneflowCore

/// Overlays presented in landscape sit on the turned screen; landscape variants scroll in
/// their own region (landscape points).
@Suite struct LandscapeOverlayScrollTests {
    /// video (landscape variant with "Sheet" → a bottom overlay, dismissed by a tap outside),
    /// feed (portrait and landscape scroll regions), plain (portrait-only, "Sheet" too).
    static func session(sheetLandscape: Bool = false) -> Session {
        let present = Action.present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3))
        var video = Scene(name: "video", image: "video.png")
        video.design.landscape = LandscapeVariant(
            image: "video_land.png",
            elements: [
                Element(label: "Sheet", frame: Rect(x: 0, y: 0, width: 200, height: 60), onTap: present),
                Element(
                    label: "Feed", frame: Rect(x: 600, y: 0, width: 200, height: 60),
                    onTap: .go(scene: "feed", transition: .cut)),
                Element(
                    label: "Plain", frame: Rect(x: 300, y: 0, width: 200, height: 60),
                    onTap: .go(scene: "plain", transition: .cut)),
            ])
        var sheet = Scene(
            name: "sheet", image: "sheet.png",
            elements: [Element(label: "Done", frame: Rect(x: 0, y: 0, width: 100, height: 40), onTap: .dismiss)])
        sheet.design.overlay = OverlayStyle(position: .bottom, dim: 0.5, dismissOnOutside: true)
        if sheetLandscape {
            sheet.design.landscape = LandscapeVariant(
                image: "sheet_land.png",
                elements: [
                    Element(label: "Wide done", frame: Rect(x: 700, y: 0, width: 100, height: 40), onTap: .dismiss)
                ])
        }
        var feed = Scene(
            name: "feed", image: "feed.png",
            elements: [Element(label: "Row", frame: Rect(x: 0, y: 1400, width: 360, height: 60))])
        feed.design.scroll = ScrollRegion(header: 50, footer: 0, contentHeight: 1600)
        feed.design.landscape = LandscapeVariant(
            image: "feed_land.png",
            elements: [
                Element(label: "Wide row", frame: Rect(x: 0, y: 700, width: 800, height: 60)),
                Element(label: "Wide title", frame: Rect(x: 0, y: 0, width: 800, height: 40)),
            ],
            scroll: ScrollRegion(header: 40, footer: 20, contentHeight: 900))
        let plain = Scene(
            name: "plain", image: "plain.png",
            elements: [Element(label: "Sheet", frame: Rect(x: 0, y: 0, width: 200, height: 60), onTap: present)])
        return Session(
            prototype: Prototype(
                name: "O", device: Device(width: 360, height: 800, scale: 2), start: "video",
                scenes: [video, sheet, feed, plain]))
    }

    static func turned(sheetLandscape: Bool = false) -> Session {
        let s = session(sheetLandscape: sheetLandscape)
        s.rotate(to: .landscape)
        OrientationTests.run(s, for: 0.4)
        return s
    }

    @Test func anOverlayPresentedInLandscapeSitsOnTheTurnedScreen() {
        let s = Self.turned()
        LandscapeSceneTests.tap(s, 100, 30)
        #expect(s.currentScene == "sheet")
        #expect(s.currentOverlayFrame == Rect(x: 0, y: 180, width: 800, height: 180), "full width, half the height")
        #expect(s.screenBounds == Rect(x: 0, y: 0, width: 800, height: 360))
        let frame = s.frame()
        #expect(frame.device == Device(width: 800, height: 360, scale: 2))
        #expect(frame.layers.map(\.image) == ["video_land.png", "", "sheet.png"])
        #expect(
            frame.layers[0].rotated && !frame.layers[2].rotated, "no landscape sheet: its image scaled to the frame")
        #expect(frame.layers[2].offset == Point(x: 0, y: 180))
        #expect(frame.layers[2].size == Size(width: 800, height: 180))
        #expect(s.screenElements.map(\.frame) == [Rect(x: 0, y: 180, width: 100, height: 40)])
        LandscapeSceneTests.tap(s, 50, 200)  // "Done", inside the overlay
        #expect(s.currentScene == "video")
    }

    @Test func aTapAboveTheLandscapeOverlayDismissesIt() {
        let s = Self.turned()
        LandscapeSceneTests.tap(s, 100, 30)
        s.perform(.dismiss, source: "test")
        OrientationTests.run(s, for: 0.1)
        let closing = s.frame()
        #expect(closing.device.width == 800, "dismissing slides down on the turned screen")
        #expect(closing.layers.count == 3 && closing.layers[2].offset.y > 180 && closing.layers[2].offset.y < 360)
        OrientationTests.run(s, for: 0.4)
        LandscapeSceneTests.tap(s, 100, 30)
        #expect(s.currentScene == "sheet")
        LandscapeSceneTests.tap(s, 400, 100)  // above the sheet: outside it (the portrait frame would be below y 400)
        #expect(s.currentScene == "video", "dismiss_on_outside")
    }

    @Test func anOverlayWithItsOwnLandscapeVariantShowsIt() {
        let s = Self.turned(sheetLandscape: true)
        LandscapeSceneTests.tap(s, 100, 30)
        let top = s.frame().layers[2]
        #expect(top.image == "sheet_land.png" && top.rotated)
        #expect(s.screenElements.map(\.label) == ["Wide done"])
        #expect(s.screenElements.map(\.frame) == [Rect(x: 700, y: 180, width: 100, height: 40)])
        LandscapeSceneTests.tap(s, 750, 200)
        #expect(s.currentScene == "video")
    }

    @Test func overAPortraitOnlySceneTheOverlayStaysUpright() {
        let s = Self.turned()
        LandscapeSceneTests.tap(s, 400, 30)  // "Plain"
        #expect(s.currentScene == "plain")
        LandscapeSceneTests.tap(s, 100, 30)
        #expect(s.currentOverlayFrame == Rect(x: 0, y: 400, width: 360, height: 400))
        #expect(s.frame().device == Device(width: 360, height: 800, scale: 2))
    }

    @Test func aLandscapeVariantScrollsInItsOwnRegion() {
        let s = Self.turned()
        LandscapeSceneTests.tap(s, 700, 30)  // "Feed"
        #expect(s.currentScene == "feed")
        let g = try! #require(s.scrollGeometry("feed"))
        #expect(g.screenWidth == 800 && g.screenHeight == 360 && g.contentHeight == 900)
        #expect(g.band == Rect(x: 0, y: 40, width: 800, height: 300))
        #expect(s.scroll(by: 1000) == 540, "clamped at 900 − 360")
        #expect(s.scrollOffset("feed") == 540)
        let frame = s.frame()
        #expect(frame.device.width == 800)
        #expect(frame.layers[0].image == "feed_land.png" && frame.layers[0].contentHeight == 900)
        #expect(frame.layers[0].slices == g.slices(offset: 540))
        #expect(s.screenElements.first { $0.label == "Wide row" }?.frame.y == 160, "moved up by the offset")
        #expect(s.screenElements.first { $0.label == "Wide title" }?.frame.y == 0, "fixed in the header")
        s.rotate(to: .portrait)
        OrientationTests.run(s, for: 0.4)
        #expect(s.scrollOffset("feed") == 0, "portrait keeps its own offset")
        #expect(s.scrollGeometry("feed")?.screenWidth == 360)
        s.rotate(to: .landscape)
        OrientationTests.run(s, for: 0.4)
        #expect(s.scrollOffset("feed") == 540, "and landscape its own")
    }

    @Test func draggingAndRevealingWorkInLandscapePoints() {
        let s = Self.turned()
        LandscapeSceneTests.tap(s, 700, 30)
        var t = s.now
        s.handle(InputEvent(.down, Point(x: 400, y: 300), at: t))
        for i in 1...10 {
            t += 1.0 / 60
            s.handle(InputEvent(.move, Point(x: 400, y: 300 - Double(i) * 20), at: t))
        }
        s.handle(InputEvent(.up, Point(x: 400, y: 100), at: t + 0.01))
        OrientationTests.run(s, for: 0.1)
        #expect(s.scrollOffset("feed") == 200, "the content followed the finger up 200 points")
        #expect(s.currentScene == "feed", "a scroll, not a swipe")
        let delta = try! #require(s.scrollDelta(revealing: "Wide row"))
        #expect(abs(delta - ((760 - 340) - 200)) < 1e-6, "bring its bottom to the band's bottom: \(delta)")
        #expect(s.scrollDelta(revealing: "Row") == nil, "the portrait element is not shown in landscape")
    }

    @Test func aVariantWithoutAScrollRegionDoesNotScroll() {
        var p = Self.session().prototype
        p.scenes["feed"]?.design.landscape?.scroll = nil
        let s = Session(prototype: p)
        s.perform(.go(scene: "feed", transition: .cut), source: "test")
        s.rotate(to: .landscape)
        OrientationTests.run(s, for: 0.4)
        #expect(s.scrollGeometry("feed") == nil)
        #expect(s.scroll(by: 100) == 0)
        #expect(s.frame().layers[0].slices.isEmpty)
    }

    @Test func theElementTreeListsTheElementsAsShown() {
        let s = Self.turned()
        #expect(
            ElementTree.text(s).hasPrefix(
                "scene \"video\" landscape (stack: video)\n  hotspot \"Sheet\" {0, 0, 200, 60}"))
        #expect(
            ElementTree.outline(s) == "scene \"video\"\n  hotspot \"Sheet\"\n  hotspot \"Feed\"\n  hotspot \"Plain\"\n")
        s.rotate(to: .portrait)
        OrientationTests.run(s, for: 0.4)
        #expect(ElementTree.outline(s) == "scene \"video\"\n")
    }

    @Test func turningWithAnOverlayUpRotatesTheOverlayOverTheSceneBelow() {
        let s = Self.turned()
        LandscapeSceneTests.tap(s, 100, 30)  // the sheet, on the turned screen
        #expect(s.rotate(to: .portrait))
        s.step(to: s.now + Session.rotationDuration * 0.25)
        let frame = s.frame()
        let turn = try! #require(frame.turn)
        #expect(turn.fromDevice.width == 800 && turn.fromLayers.map(\.image) == ["video_land.png", "", "sheet.png"])
        #expect(frame.device.width == 360 && frame.layers.map(\.image) == ["video.png", "", "sheet.png"])
        #expect(frame.layers[2].offset == Point(x: 0, y: 400), "the sheet on the upright screen")
        #expect(turn.angle == 90 && turn.progress > 0 && turn.progress < 0.5)
    }
}
