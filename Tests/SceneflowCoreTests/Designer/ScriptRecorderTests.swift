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
