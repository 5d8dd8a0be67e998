import Testing

@testable import SceneflowCore

@Suite struct ScrollGeometryTests {
    /// 360x800 pt screen, 2000 pt image, 100 pt header, 50 pt footer: band 100…750, max offset 1200.
    let g = ScrollGeometry(
        screenWidth: 360, screenHeight: 800, region: ScrollRegion(header: 100, footer: 50, contentHeight: 2000))

    @Test func slicesKeepHeaderAndFooterAndMoveTheMiddle() {
        #expect(g.maxOffset == 1200)
        #expect(g.band == Rect(x: 0, y: 100, width: 360, height: 650))
        let s = g.slices(offset: 300)
        #expect(s.count == 3)
        #expect(
            s[0]
                == LayerSlice(
                    source: Rect(x: 0, y: 0, width: 360, height: 100), target: Rect(x: 0, y: 0, width: 360, height: 100)
                ))
        #expect(
            s[1]
                == LayerSlice(
                    source: Rect(x: 0, y: 400, width: 360, height: 650),
                    target: Rect(x: 0, y: 100, width: 360, height: 650)))
        #expect(
            s[2]
                == LayerSlice(
                    source: Rect(x: 0, y: 1950, width: 360, height: 50),
                    target: Rect(x: 0, y: 750, width: 360, height: 50)))
        #expect(g.slices(offset: 5000)[1].source.y == 1300, "clamped to the end")
        #expect(
            ScrollGeometry(screenWidth: 360, screenHeight: 800, region: ScrollRegion()).slices(offset: 0).count == 1)
    }

    @Test func pointsAndFramesMapBetweenScreenAndImage() {
        #expect(g.contentPoint(Point(x: 10, y: 50), offset: 300) == Point(x: 10, y: 50), "header is fixed")
        #expect(g.contentPoint(Point(x: 10, y: 200), offset: 300) == Point(x: 10, y: 500))
        #expect(g.contentPoint(Point(x: 10, y: 760), offset: 300) == Point(x: 10, y: 1960), "footer is the image's end")
        #expect(g.screenFrame(Rect(x: 0, y: 500, width: 360, height: 60), offset: 300).y == 200)
        #expect(g.screenFrame(Rect(x: 0, y: 10, width: 50, height: 50), offset: 300).y == 10)
        #expect(g.screenFrame(Rect(x: 0, y: 1960, width: 50, height: 40), offset: 300).y == 760)
    }

    @Test func revealingAFrameScrollsTheLeastNeeded() {
        #expect(g.offset(revealing: Rect(x: 0, y: 1000, width: 10, height: 100), from: 0) == 350, "bottom edge to 750")
        #expect(g.offset(revealing: Rect(x: 0, y: 300, width: 10, height: 100), from: 600) == 200, "top edge to 100")
        #expect(g.offset(revealing: Rect(x: 0, y: 500, width: 10, height: 100), from: 300) == 300, "already in view")
        #expect(g.offset(revealing: Rect(x: 0, y: 10, width: 10, height: 10), from: 300) == 300, "fixed header element")
    }
}

@Suite struct SessionScrollTests {
    static func session() -> Session {
        var list = Scene(
            name: "list", image: "list.png",
            elements: [
                Element(label: "Title", frame: Rect(x: 0, y: 0, width: 360, height: 100), onTap: .back),
                Element(
                    label: "Far row", frame: Rect(x: 0, y: 1500, width: 360, height: 60),
                    onTap: .go(scene: "detail", transition: .cut)),
            ],
            onSwipe: [.up: .go(scene: "detail", transition: .cut)])
        list.design.scroll = ScrollRegion(header: 100, footer: 50, contentHeight: 2000)
        let detail = Scene(name: "detail", image: "detail.png")
        return Session(
            prototype: Prototype(
                name: "S", device: Device(width: 360, height: 800, scale: 1), start: "list", scenes: [list, detail]))
    }

    @Test func dragScrollsWithTheFingerAndIsNotASwipe() {
        let s = Self.session()
        s.handle(InputEvent(.down, Point(x: 100, y: 600), at: 0))
        s.handle(InputEvent(.move, Point(x: 100, y: 400), at: 0.1))
        #expect(s.scrollOffset("list") == 200, "content follows the finger while it moves")
        s.handle(InputEvent(.up, Point(x: 100, y: 300), at: 0.2))
        #expect(s.scrollOffset("list") == 300)
        #expect(s.currentScene == "list", "the fast upward drag scrolled instead of swiping")
        let frame = s.frame()
        #expect(frame.layers[0].contentHeight == 2000)
        #expect(frame.layers[0].slices[1].source.y == 400)
    }

    @Test func tapsHitElementsWhereTheyAreAfterScrolling() {
        let s = Self.session()
        #expect(s.scrollDelta(revealing: "Far row") == 810)
        s.scroll(by: 810)
        #expect(s.screenElements.first { $0.label == "Far row" }?.frame.y == 690)
        s.handle(InputEvent(.down, Point(x: 100, y: 700), at: 1))
        s.handle(InputEvent(.up, Point(x: 100, y: 700), at: 1.05))
        #expect(s.currentScene == "detail")
        #expect(s.scroll(by: 100) == 0, "detail does not scroll")
        #expect(s.scrollDelta(revealing: "Far row") == nil)
    }

    @Test func wheelAndScriptScrollingClampAtTheEnds() {
        let s = Self.session()
        #expect(s.scroll(by: -50) == 0)
        #expect(s.scroll(by: 5000) == 1200)
        #expect(s.scrollOffset("list") == 1200)
    }
}
