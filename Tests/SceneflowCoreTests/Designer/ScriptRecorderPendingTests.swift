import Testing

@testable import SceneflowCore

/// Scroll bursts and star ratings in `sceneflow record` scripts (ScriptRecorder+Pending.swift).
@Suite struct ScriptRecorderPendingTests {
    typealias R = ScriptRecorderTests

    /// A "rate" scene with a 5-star control at (20, 300, 320 x 153) pt (glyph i spans x
    /// 55 + 50i … 105 + 50i) whose change goes to "thanks" when `navigates`, and a Back hotspot.
    static func ratingSession(navigates: Bool = false) -> Session {
        let rating = StarRating(
            stars: 5, starSize: Size(width: 50, height: 48), touchBand: 20,
            onChange: navigates ? .go(scene: "thanks", transition: .cut) : nil)
        let rate = Scene(
            name: "rate", image: "rate.png",
            elements: [
                Element(label: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 50), onTap: .back),
                Element(
                    label: "Your rating", frame: Rect(x: 20, y: 300, width: 320, height: 153), kind: "star_rating",
                    path: "scenes.rate.elements[2]", control: .starRating(rating)),
            ])
        let thanks = Scene(name: "thanks", image: "thanks.png")
        return Session(prototype: Prototype(name: "R", device: Fixtures.device, start: "rate", scenes: [rate, thanks]))
    }

    @Test func wheelNotchesWithHoverMovesBecomeOneScrollBeforeTheTap() {
        let s = SessionScrollTests.session()
        let r = ScriptRecorder(start: "list")
        for _ in 0..<30 {  // 30 notches, a frame apart, the pointer wandering without a button
            s.scroll(by: 40)
            s.handle(InputEvent(.move, Point(x: 100, y: 400), at: s.now))
            R.frames(s, r, 1.0 / 60)
        }
        #expect(r.lines == ["expect.scene \"list\""], "the burst goes on: nothing written yet: \(r.lines)")
        // "Far row" (1500 pt in the image) is on screen at 300 pt after scrolling 1200 pt.
        R.play(s, r, [(.down, 100, 320), (.up, 100, 320)])
        R.frames(s, r, 0.2)
        #expect(
            r.lines == [
                "expect.scene \"list\"", "scroll(\"down\", 1200)", "tap \"Far row\"", "expect.scene \"detail\"",
            ],
            "\(r.lines)")
    }

    @Test func aBurstIsWrittenOnceTheOffsetRestsAndBeforeTheNextStep() {
        let s = SessionScrollTests.session()
        let r = ScriptRecorder(start: "list")
        s.scroll(by: 120)
        R.frames(s, r, 0.1)
        s.scroll(by: -40)
        R.frames(s, r, ScriptRecorder.scrollBurstGap + 0.05)
        #expect(r.lines.last == "scroll(\"down\", 80)", "written when the wheel rested: \(r.lines)")
        s.scroll(by: 33.33)
        s.rotate(to: .landscape)  // the next step, in the same frame
        R.frames(s, r, 0.05)
        #expect(Array(r.lines.suffix(2)) == ["scroll(\"down\", 33.3)", "rotate \"landscape\""], "\(r.lines)")
    }

    @Test func dragScrollingAndAScrollLeftAtTheEndAreWritten() {
        let s = SessionScrollTests.session()
        let r = ScriptRecorder(start: "list")
        R.play(s, r, [(.down, 100, 600), (.move, 100, 550), (.move, 100, 450), (.up, 100, 450)])
        R.play(s, r, [(.down, 100, 600), (.move, 100, 500), (.up, 100, 500)])  // a second drag: same burst
        R.frames(s, r, ScriptRecorder.scrollBurstGap + 0.05)
        #expect(r.lines == ["expect.scene \"list\"", "scroll(\"down\", 250)"], "\(r.lines)")
        s.scroll(by: -5)
        R.frames(s, r, 0.05)
        r.finish(s)
        #expect(r.lines.last == "scroll(\"up\", 5)", "finish writes the last burst: \(r.lines)")
    }

    @Test func aStarRatingDragBecomesRateWithTheCommittedValue() {
        let s = Self.ratingSession(navigates: true)
        let r = ScriptRecorder(start: "rate")
        R.play(s, r, [(.down, 60, 360), (.move, 120, 360), (.move, 180, 500), (.up, 230, 500)])  // 4 stars
        R.frames(s, r, 0.1)
        #expect(
            r.lines == ["expect.scene \"rate\"", "rate(\"Your rating\", 4)", "expect.scene \"thanks\""], "\(r.lines)")
    }

    @Test func keyboardCommitsBecomeRateAndUncommittedStepsSetValue() {
        let s = Self.ratingSession()
        let r = ScriptRecorder(start: "rate")
        s.handleKey(.focusNext)
        s.handleKey(.increment)
        s.handleKey(.increment)
        R.frames(s, r, 0.05)
        #expect(r.lines == ["expect.scene \"rate\""], "not committed yet: \(r.lines)")
        s.handleKey(.commit)
        R.frames(s, r, 0.05)
        #expect(r.lines.last == "rate(\"Your rating\", 2)", "\(r.lines)")
        s.handleKey(.increment)  // 3, never committed; then a tap on Back
        R.frames(s, r, 0.05)
        R.play(s, r, [(.down, 50, 25), (.up, 50, 25)])
        #expect(Array(r.lines.suffix(2)) == ["set_value(\"Your rating\", 3)", "tap \"Back\""], "\(r.lines)")
    }

    @Test func aCommitOfTheValueTheScriptAlreadyHoldsMovesItAwayFirst() {
        let s = Self.ratingSession()
        let r = ScriptRecorder(start: "rate")
        s.handleKey(.focusNext)
        s.handleKey(.maximum)  // 5 by keys, not committed
        R.frames(s, r, 0.05)
        // A drag from 5 down to 2: the press writes set_value 5 first, then rate 2.
        R.play(s, r, [(.down, 300, 360), (.move, 200, 360), (.up, 140, 360)])
        #expect(
            Array(r.lines.suffix(2)) == ["set_value(\"Your rating\", 5)", "rate(\"Your rating\", 2)"], "\(r.lines)")
        s.handleKey(.focusNext)  // focus leaves (no commit: 2 is the last commit)
        s.handleKey(.focusNext)
        s.handleKey(.increment)
        s.handleKey(.decrement)  // back at 2 by keys: nothing to write
        s.handleKey(.commit)
        R.frames(s, r, 0.05)
        r.finish(s)
        #expect(r.lines.last == "rate(\"Your rating\", 2)", "\(r.lines)")
    }
}

/// A scroll scene whose landscape variant scrolls on its own offset.
@Suite struct ScriptRecorderLandscapeScrollTests {
    @Test func turningTheDeviceWritesNoScrollOfItsOwn() {
        var list = Scene(name: "list", image: "list.png")
        list.design.scroll = ScrollRegion(header: 0, footer: 0, contentHeight: 2000)
        list.design.landscape = LandscapeVariant(
            image: "list_land.png", scroll: ScrollRegion(header: 0, footer: 0, contentHeight: 1000))
        let s = Session(
            prototype: Prototype(
                name: "L", device: Device(width: 360, height: 800, scale: 1), start: "list", scenes: [list]))
        let r = ScriptRecorder(start: "list")
        s.scroll(by: 200)
        ScriptRecorderTests.frames(s, r, 0.05)
        s.rotate(to: .landscape)
        ScriptRecorderTests.frames(s, r, 0.5)
        s.scroll(by: 40)
        ScriptRecorderTests.frames(s, r, 0.05)
        s.rotate(to: .portrait)
        ScriptRecorderTests.frames(s, r, 1)
        r.finish(s)
        #expect(
            r.lines == [
                "expect.scene \"list\"", "scroll(\"down\", 200)", "rotate \"landscape\"", "scroll(\"down\", 40)",
                "rotate \"portrait\"",
            ], "each orientation keeps its own offset: \(r.lines)")
    }
}
