import Testing

@testable import SceneflowCore

@Suite("Completion timing on a 60 Hz virtual clock")
struct CompletionTimingTests {
    /// Starts a 0.35 s push at frame `startFrame` (t = startFrame/60), then presents frames
    /// until it completes.
    @Test(arguments: [0, 10, 37])
    func completesOnFirstFrameAtOrAfterStartPlusDuration(startFrame: Int) throws {
        let session = Session(prototype: Fixtures.storePrototype())
        let clock = VirtualClock()
        for _ in 0..<startFrame { clock.advanceFrame() }
        let t = clock.now
        session.step(to: t)
        session.perform(Fixtures.push("details", .pushLeft, 0.35), source: "test")
        session.framePresented()  // frame at t shows progress 0
        var completedAt: Double?
        var frames = 1
        while completedAt == nil && frames < 100 {
            clock.advanceFrame()
            session.step(to: clock.now)
            #expect(session.runningTransition != nil, "step(to:) alone must not complete")
            session.framePresented()
            frames += 1
            if session.runningTransition == nil { completedAt = clock.now }
        }
        let done = try #require(completedAt)
        // 0.35 s is exactly 21 frames at 60 Hz: completion on frame startFrame + 21, not before.
        #expect(abs(done - (t + 0.35)) < 1e-9)
        #expect(frames == 22)
        let record = try #require(session.timeline.transitions.first)
        #expect(record.start == t)
        #expect(record.firstFrame == t)
        #expect(abs(try #require(record.lastFrame) - (t + 0.35)) < 1e-9)
        #expect(record.completion == record.lastFrame)
        #expect(record.frameCount == 22)
        #expect(abs(try #require(record.measuredDuration) - 0.35) < 1e-9)
        #expect(record.transition.duration == 0.35)
    }

    @Test func completionWaitsForTheFirstFrameAfterDueTimeWhenFramesDoNotLineUp() throws {
        // 0.31 s from t = 0.005 is due at 0.315; frames at 0.005 + k/60 give 0.305 (k = 18,
        // too early) and 0.32167 (k = 19, the first at or after).
        var nav = Navigator(start: "A")
        var tl = Timeline()
        let start = 0.005
        nav.request(Fixtures.push("B", .crossfade, 0.31), source: "t", at: start, timeline: &tl)
        var k = 0
        while nav.running != nil {
            nav.framePresented(at: start + Double(k) / 60, timeline: &tl)
            k += 1
        }
        let record = try #require(tl.transitions.first)
        #expect(k - 1 == 19)
        #expect(abs(try #require(record.completion) - (start + 19.0 / 60)) < 1e-12)
        #expect(try #require(record.completion) >= start + 0.31)
        #expect(try #require(record.completion) - (start + 0.31) < 1.0 / 60)
        #expect(record.frameCount == 20)
    }

    @Test func stepAloneNeverCompletes() throws {
        let session = Session(prototype: Fixtures.storePrototype())
        session.perform(Fixtures.push("details", .pushLeft, 0.35), source: "test")
        session.step(to: 5)
        #expect(session.runningTransition != nil)
        #expect(session.mountedScenes == ["home", "details"])
        #expect(session.timeline.transitions.isEmpty)
        #expect(!session.isSettled)
        session.framePresented()
        #expect(session.runningTransition == nil)
        let record = try #require(session.timeline.transitions.first)
        #expect(record.completion == 5)
        #expect(record.firstFrame == 5)
        #expect(record.frameCount == 1)
        #expect(session.isSettled)
    }

    @Test func completionEventOrderAtTheCompletingFrame() throws {
        var nav = Navigator(start: "A")
        var tl = Timeline()
        nav.request(Fixtures.push("B", .pushLeft, 0.1), source: "t", at: 0, timeline: &tl)
        nav.framePresented(at: 0.1, timeline: &tl)
        let last3 = tl.events.suffix(3).map(\.kind)
        #expect(last3.count == 3)
        #expect(last3[last3.startIndex] == .lifecycle(didGo("A")))
        #expect(last3[last3.startIndex + 1] == .lifecycle(did("B")))
        guard case .transitionCompleted(let r) = last3[last3.startIndex + 2] else {
            Issue.record("expected transitionCompleted last, got \(last3)")
            return
        }
        #expect(r.completion == 0.1)
    }

    @Test func virtualClockAdvances() {
        let clock = VirtualClock(start: 1, frameDuration: 0.5)
        clock.advanceFrame()
        #expect(clock.now == 1.5)
        clock.advance(by: -3)
        #expect(clock.now == 1.5)
        clock.advance(by: 0.25)
        #expect(clock.now == 1.75)
    }
}
