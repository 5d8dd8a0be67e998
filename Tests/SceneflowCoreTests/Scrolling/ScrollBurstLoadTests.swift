import Testing

@testable import SceneflowCore

/// Scroll bursts in `sceneflow record` on a loaded machine (QA: 30 wheel notches 0.1 s apart
/// were written as 27 `scroll` lines): only time the player could take input counts as rest.
@Suite struct ScrollBurstLoadTests {
    /// One frame at session clock `time` (seconds), observed.
    static func frame(_ s: Session, _ r: ScriptRecorder, at time: Double) {
        s.step(to: time)
        s.framePresented()
        r.observe(s)
    }

    @Test func notchesReadByLateFramesStayOneBurst() {
        let s = SessionScrollTests.session()
        let r = ScriptRecorder(start: "list")
        var t = 1.0
        for _ in 0..<30 {  // the player held up: frames 0.6 s apart, every other one reading a notch
            t += 0.6
            s.scroll(by: 40)
            Self.frame(s, r, at: t)
            t += 0.6
            Self.frame(s, r, at: t)  // a late frame that read no notch: not 0.5 s of rest from the user
        }
        #expect(r.lines == ["expect.scene \"list\""], "no rest while frames were late: \(r.lines)")
        for _ in 0..<40 {  // on-time frames, no input: 0.5 s of real rest ends the burst
            t += 1.0 / 60
            Self.frame(s, r, at: t)
        }
        #expect(r.lines == ["expect.scene \"list\"", "scroll(\"down\", 1200)"], "\(r.lines)")
    }

    @Test func aFramePassingWithoutWheelEventsDoesNotEndTheBurst() {
        let s = SessionScrollTests.session()
        let r = ScriptRecorder(start: "list")
        var t = 0.0
        for notch in 0..<30 {  // a notch every 0.1 s, 60 Hz frames between them
            for f in 0..<6 {
                t += 1.0 / 60
                if f == 0 { s.scroll(by: 40) }
                Self.frame(s, r, at: t)
            }
            #expect(r.lines.count == 1, "notch \(notch): the burst goes on: \(r.lines)")
        }
        for _ in 0..<5 {  // late frames count 0.1 s each: 0.5 s of rest
            t += 0.3
            Self.frame(s, r, at: t)
        }
        #expect(r.lines == ["expect.scene \"list\"", "scroll(\"down\", 1200)"], "\(r.lines)")
    }
}
