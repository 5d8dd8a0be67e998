import Testing

@testable import SceneflowCore

@Suite struct ScriptRecorderTests {
    /// Feeds raw input to `s` as the window would, observing after every 60 Hz frame.
    static func play(
        _ s: Session, _ r: ScriptRecorder, _ events: [(InputEvent.Phase, Double, Double)], gap: Double = 0.05
    ) {
        for (phase, x, y) in events {
            s.handle(InputEvent(phase, Point(x: x, y: y), at: s.now))
            frames(s, r, gap)
        }
    }

    static func frames(_ s: Session, _ r: ScriptRecorder, _ seconds: Double) {
        let end = s.now + seconds
        while s.now < end - 1e-9 {
            s.step(to: s.now + 1.0 / 60)
            s.framePresented()
            r.observe(s)
        }
    }

    @Test func gesturesAreWrittenByLabelWithExpectSceneAfterNavigation() {
        let s = Session(prototype: Fixtures.storePrototype())
        let r = ScriptRecorder(start: "home")
        Self.play(s, r, [(.down, 50, 260), (.up, 50, 260)])  // tap "Open"
        Self.frames(s, r, 0.6)
        s.perform(.back, source: "key Escape")
        Self.frames(s, r, 0.6)
        Self.play(s, r, [(.down, 200, 500), (.move, 150, 500), (.up, 100, 500)])  // swipe left on "Background"
        Self.frames(s, r, 0.6)
        Self.play(s, r, [(.down, 300, 790), (.up, 300, 790)])  // games has no elements: a miss is left out
        #expect(
            r.lines == [
                "expect.scene \"home\"", "tap \"Open\"", "expect.scene \"details\"", "back()", "expect.scene \"home\"",
                "swipe(\"left\", {on = \"Background\"})", "expect.scene \"games\"",
            ], "\(r.lines)")
        let script = r.script(prototypePath: "../Proto")
        #expect(
            script.contains(
                "prototype \"../Proto\"\n\ntest(\"recorded session\", function()\n  expect.scene \"home\"\n"))
        #expect(script.hasSuffix("  expect.scene \"games\"\nend)\n"))
    }

    @Test func swipesAndLongPressesThatDoNothingAreLeftOut() {
        let s = Session(prototype: Fixtures.storePrototype())
        let r = ScriptRecorder(start: "home")
        Self.play(s, r, [(.down, 50, 260), (.up, 50, 260)])  // tap "Open"
        Self.frames(s, r, 0.6)
        // On "Rate": no on_swipe, no scene swipe, no on_long_press: nothing happens.
        Self.play(s, r, [(.down, 200, 630), (.move, 150, 630), (.up, 100, 630)])
        Self.frames(s, r, 0.3)
        s.handle(InputEvent(.down, Point(x: 200, y: 630), at: s.now))
        Self.frames(s, r, 1.2)
        s.handle(InputEvent(.up, Point(x: 200, y: 630), at: s.now))
        Self.frames(s, r, 0.3)
        Self.play(s, r, [(.down, 200, 300), (.move, 200, 250), (.up, 200, 200)])  // swipe up on nothing
        Self.frames(s, r, 0.3)
        #expect(s.currentScene == "details")
        #expect(r.lines == ["expect.scene \"home\"", "tap \"Open\"", "expect.scene \"details\""], "\(r.lines)")
        // Swipes the element or the scene answers are still written.
        s.perform(.back, source: "key Escape")
        Self.frames(s, r, 0.6)
        Self.play(s, r, [(.down, 50, 300), (.move, 50, 250), (.up, 50, 200)])  // swipe up on "Open"
        Self.frames(s, r, 0.6)
        #expect(
            r.lines.suffix(3) == ["expect.scene \"home\"", "swipe(\"up\", {on = \"Open\"})", "expect.scene \"games\""],
            "\(r.lines)")
    }

    @Test func scrollingIsWrittenAsScrollAndADoubleTapReplacesItsFirstTap() {
        let s = SessionScrollTests.session()
        let r = ScriptRecorder(start: "list")
        Self.play(s, r, [(.down, 100, 600), (.move, 100, 500), (.up, 100, 400)])
        s.scroll(by: 40)  // the wheel
        Self.frames(s, r, 0.1)
        Self.play(s, r, [(.down, 100, 50), (.up, 100, 50), (.down, 100, 50), (.up, 100, 50)])
        #expect(r.lines.contains("scroll(\"down\", 240)"), "the drag and the wheel are one burst: \(r.lines)")
        #expect(r.lines.contains("double_tap \"Title\""), "\(r.lines)")
        #expect(!r.lines.contains("tap \"Title\""), "\(r.lines)")
        #expect(!r.lines.contains { $0.hasPrefix("swipe") }, "the drag scrolled: \(r.lines)")
    }
}
