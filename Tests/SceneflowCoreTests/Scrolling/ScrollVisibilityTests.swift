import Testing

@testable import SceneflowCore

/// QA items 6–8: scroll bands that leave no room, regions that cannot move, elements under the
/// fixed header or footer, and the pressed image of a scrolled element.
@Suite struct ScrollRegionProblemTests {
    @Test func bandsLeavingNoRoomAreProblemsNamingTheScreenHeight() throws {
        let huge = try #require(ScrollRegion(header: 900).bandProblem(screenHeight: 800))
        #expect(huge.contains("header = 900 pt leaves no room to scroll: the screen is 800 pt tall"), "\(huge)")
        let both = try #require(ScrollRegion(header: 500, footer: 400).bandProblem(screenHeight: 800))
        #expect(both.contains("header = 500 pt + footer = 400 pt = 900 pt leaves no room"), "\(both)")
        #expect(ScrollRegion(header: 400, footer: 400).bandProblem(screenHeight: 800) != nil, "exactly the screen")
        #expect(ScrollRegion(header: 56, footer: 48).bandProblem(screenHeight: 800) == nil)
    }

    @Test func contentNoTallerThanTheScreenCannotScroll() throws {
        let short = try #require(ScrollRegion(header: 56, contentHeight: 800).immobileProblem(screenHeight: 800))
        #expect(
            short.contains("cannot scroll: its content is 800 pt tall, no taller than the 800 pt screen"), "\(short)")
        #expect(ScrollRegion(contentHeight: 100).immobileProblem(screenHeight: 800) != nil)
        #expect(ScrollRegion(contentHeight: 1600).immobileProblem(screenHeight: 800) == nil)
        #expect(ScrollRegion().immobileProblem(screenHeight: 800) == nil, "height not known yet")
    }

    static func prototype(contentHeight: Double) -> Prototype {
        var list = Scene(
            name: "list", image: "list.png",
            elements: [Element(label: "Beyond", frame: Rect(x: 0, y: 1700, width: 360, height: 48))])
        list.design.scroll = ScrollRegion(header: 56, footer: 48, contentHeight: contentHeight)
        return Prototype(
            name: "S", device: Device(width: 360, height: 800, scale: 1), start: "list", scenes: [list])
    }

    @Test func checkReportsElementsAgainstTheContentAndRegionsThatCannotMove() {
        let tall = PrototypeChecker.warnings(for: Self.prototype(contentHeight: 1600), file: "p.lua", imageFiles: [])
            .map(\.description)
        #expect(
            tall.contains {
                $0.contains("\"Beyond\" frame {0, 1700, 360, 48} lies outside the 360x1600 pt content")
            }, "\(tall)")
        #expect(!tall.contains { $0.contains("cannot scroll") }, "\(tall)")
        let short = PrototypeChecker.warnings(for: Self.prototype(contentHeight: 800), file: "p.lua", imageFiles: [])
            .map(\.description)
        #expect(
            short.contains { $0.contains("warning: scenes.list.scroll: this scroll region cannot scroll") }, "\(short)")
        #expect(short.contains { $0.contains("lies outside the 360x800 pt screen") }, "\(short)")
    }
}

@Suite struct ScrollVisibilityTests {
    /// 360x800 pt screen, 2000 pt content, 100 pt header, 50 pt footer: band 100…750.
    let g = ScrollGeometry(
        screenWidth: 360, screenHeight: 800, region: ScrollRegion(header: 100, footer: 50, contentHeight: 2000))

    @Test func scrolledElementsShowOnlyInsideTheBand() {
        let row = Rect(x: 0, y: 500, width: 360, height: 60)
        #expect(g.visibleFrame(row, offset: 0) == row)
        #expect(g.visibleFrame(row, offset: 450) == Rect(x: 0, y: 100, width: 360, height: 10), "screen y 50…110")
        #expect(g.visibleFrame(row, offset: 480) == nil, "screen y 20…80: wholly under the header")
        #expect(
            g.visibleFrame(Rect(x: 0, y: 700, width: 360, height: 80), offset: 0)
                == Rect(x: 0, y: 700, width: 360, height: 50), "cut at the footer")
        #expect(g.visibleFrame(Rect(x: 0, y: 10, width: 50, height: 50), offset: 900)?.y == 10, "fixed header element")
        #expect(g.visibleFrame(Rect(x: 0, y: 1960, width: 50, height: 40), offset: 0)?.y == 760, "fixed footer element")
        #expect(g.canScroll)
    }

    @Test func framesOutsideTheContentCannotBeRevealed() {
        #expect(g.reachableOffset(revealing: Rect(x: 0, y: 2100, width: 360, height: 40), from: 0) == nil)
        #expect(g.reachableOffset(revealing: Rect(x: 0, y: 1000, width: 10, height: 100), from: 0) == 350)
        let still = ScrollGeometry(
            screenWidth: 360, screenHeight: 800, region: ScrollRegion(header: 100, contentHeight: 800))
        #expect(!still.canScroll)
    }

    /// `list`: 100 pt header with "Back", 50 pt footer, 2000 pt content; "Row 500" (pressed
    /// image) at image y 500…560 and "Far" beyond the content.
    static func session() -> Session {
        var row = Element(label: "Row 500", frame: Rect(x: 0, y: 500, width: 360, height: 60))
        row.design.pressed = "pressed.png"
        var list = Scene(
            name: "list", image: "list.png",
            elements: [
                Element(label: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 100), onTap: .back), row,
                Element(label: "Far", frame: Rect(x: 0, y: 2100, width: 360, height: 40)),
            ])
        list.design.scroll = ScrollRegion(header: 100, footer: 50, contentHeight: 2000)
        return Session(
            prototype: Prototype(
                name: "S", device: Device(width: 360, height: 800, scale: 1), start: "list", scenes: [list]))
    }

    @Test func elementsUnderTheFixedHeaderAreHiddenOrCut() {
        let s = Self.session()
        s.scroll(by: 480)  // Row 500 at screen y 20…80: under the header
        #expect(s.screenElements[1].frame.y == 20, "the frame is where it lies")
        #expect(s.visibleFrames[1] == nil)
        #expect(!s.visibleElements.contains { $0.label == "Row 500" })
        #expect(s.visibleElements.map(\.label) == ["Back"])
        s.scroll(by: -30)  // screen y 50…110: 10 pt show below the header
        #expect(s.visibleFrames[1] == Rect(x: 0, y: 100, width: 360, height: 10))
        #expect(s.visibleElements.first { $0.label == "Row 500" }?.frame == Rect(x: 0, y: 100, width: 360, height: 10))
    }

    @Test func outlinesAreConfinedToTheBandTheirElementShowsIn() {
        let s = Self.session()
        s.scroll(by: 450)  // Row 500 partly under the header
        #expect(s.visibleElements.map(\.label) == ["Back", "Row 500"])
        #expect(
            s.outlineClips == [Rect(x: 0, y: 0, width: 360, height: 100), Rect(x: 0, y: 100, width: 360, height: 650)])
        #expect(s.visibleOutline.elements == s.visibleElements && s.visibleOutline.clips == s.outlineClips, "one pass")
        var designer = DesignerState()
        _ = designer.key("H")
        var shown = s.scene(s.currentScene)
        shown?.elements = s.visibleElements
        let overlay = designer.overlay(for: shown, at: 0, clips: s.outlineClips)
        #expect(overlay.boxes.map(\.clip) == s.outlineClips)
        #expect(overlay.boxes[1].frame == Rect(x: 0, y: 100, width: 360, height: 10))
    }

    @Test func aPressInTheHeaderDoesNotPressTheRowUnderIt() {
        let s = Self.session()
        s.scroll(by: 450)  // Row 500 at screen y 50…110, its top 50 pt under the header
        s.handle(InputEvent(.down, Point(x: 200, y: 70), at: 1))
        #expect(!s.frame().layers.contains { $0.image == "pressed.png" }, "the header covers the row there")
        s.handle(InputEvent(.up, Point(x: 200, y: 70), at: 1.05))
    }

    @Test func thePressedImageMovesWithTheScrolledElementAndIsCutByTheBand() throws {
        let s = Self.session()
        s.handle(InputEvent(.down, Point(x: 100, y: 530), at: 1))
        var pressed = try #require(s.frame().layers.last)
        #expect(pressed.image == "pressed.png")
        #expect(pressed.offset == Point(x: 0, y: 500))
        #expect(pressed.slices.isEmpty)
        s.handle(InputEvent(.move, Point(x: 100, y: 380), at: 1.2))  // content up 150 pt
        pressed = try #require(s.frame().layers.last)
        #expect(pressed.image == "pressed.png")
        #expect(pressed.offset == Point(x: 0, y: 350), "follows the row, not where the finger went down")
        s.handle(InputEvent(.move, Point(x: 100, y: 80), at: 1.4))  // content up 450: row at 50…110
        pressed = try #require(s.frame().layers.last)
        let slice = try #require(pressed.slices.first)
        #expect(pressed.slices.count == 1)
        #expect(slice.target == Rect(x: 0, y: 100, width: 360, height: 10), "only the part below the header")
        // From the matching part of the image (its texture is screen-sized: 800 / 60 per point).
        #expect(abs(slice.source.y - 50 * 800 / 60) < 1e-9 && abs(slice.source.height - 10 * 800 / 60) < 1e-9)
        #expect(slice.source.x == 0 && slice.source.width == 360)
        s.handle(InputEvent(.move, Point(x: 100, y: 40), at: 1.5))  // row at 10…70: wholly under the header
        #expect(!s.frame().layers.contains { $0.image == "pressed.png" })
        s.handle(InputEvent(.up, Point(x: 100, y: 40), at: 1.6))
        #expect(!s.frame().layers.contains { $0.image == "pressed.png" })
    }

    @Test func scrollingToAnElementBeyondTheContentNamesTheContentSize() throws {
        let s = Self.session()
        #expect(s.scrollDelta(revealing: "Far") == nil)
        let problem = try #require(s.unreachableScrollProblem("Far"))
        #expect(problem.contains("lies outside the 360x2000 pt content of scene \"list\""), "\(problem)")
        #expect(s.scrollDelta(revealing: "Row 500") == 0)
        #expect(s.unreachableScrollProblem("Row 500") == nil)
    }
}
