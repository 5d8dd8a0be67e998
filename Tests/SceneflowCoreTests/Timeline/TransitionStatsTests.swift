import Testing

@testable import SceneflowCore

/// Frame intervals, hitches and the completion rule, from frame schedules on a manual clock.
@Suite("Transition timing statistics")
struct TransitionStatsTests {
    /// Runs a transition of `duration` s starting at `start` through a navigator, presenting
    /// frames at `times` (clock seconds, optionally with wall times) until it completes.
    func run(
        _ duration: Double, start: Double = 0, frames times: [Double], walls: [Double]? = nil,
        slowMotion: Double = 1
    ) -> (record: TransitionRecord?, presented: Int) {
        var nav = Navigator(start: "A")
        nav.slowMotion = slowMotion
        var tl = Timeline()
        nav.request(Fixtures.push("B", .crossfade, duration), source: "t", at: start, timeline: &tl)
        var presented = 0
        for (i, t) in times.enumerated() where nav.running != nil {
            nav.framePresented(at: t, wall: walls?[i], timeline: &tl)
            presented += 1
        }
        return (tl.transitions.first, presented)
    }

    @Test func aSteadySixtyHertzScheduleHasNoHitchesAndCompletesOnTime() throws {
        let times = (0...30).map { Double($0) / 60 }
        let (record, presented) = run(0.35, frames: times)
        let r = try #require(record)
        #expect(presented == 22)  // frames 0…21; 21/60 = 0.35 exactly
        let s = r.stats
        #expect(s.intervals.count == 21)
        #expect(s.intervals.allSatisfy { abs($0 - 1.0 / 60) < 1e-12 })
        #expect(abs(try #require(s.p95Interval) - 1.0 / 60) < 1e-12)
        #expect(s.hitches == 0 && s.hitchTime == 0 && s.hitchRatio == 0)
        #expect(s.completionOnTime)
        #expect(abs(try #require(r.measuredDuration) - 0.35) < 1e-9)
    }

    @Test func lateFramesAreHitchesAndDelayTheCompletion() throws {
        // Frames every 1/60 s, but the one due at 5/60 comes at 8/60 (a 66.7 ms interval)
        // and the one at 0.3 s comes at 0.34 (an interval of 0.34 − 0.2833 = 56.7 ms).
        var times = [0, 1, 2, 3, 4].map { Double($0) / 60 }
        times += (8...17).map { Double($0) / 60 }
        times += [0.34, 0.34 + 1.0 / 60, 0.34 + 2.0 / 60]
        let (record, presented) = run(0.35, frames: times)
        let r = try #require(record)
        let s = r.stats
        #expect(s.hitches == 2)
        let expectedHitchTime = (4.0 / 60 - 1.0 / 60) + (0.34 - 17.0 / 60 - 1.0 / 60)
        #expect(abs(s.hitchTime - expectedHitchTime) < 1e-9)
        // Completion on 0.34 + 1/60 = 0.3567, the first frame at or after 0.35; the frame
        // after it is never presented to the transition.
        #expect(presented == times.count - 1)
        #expect(abs(try #require(r.completion) - (0.34 + 1.0 / 60)) < 1e-12)
        #expect(s.completionOnTime)
        let measured = try #require(r.measuredDuration)
        #expect(abs(s.hitchRatio - expectedHitchTime * 1000 / measured) < 1e-9)
        #expect(abs(try #require(s.maxInterval) - 4.0 / 60) < 1e-12)
        #expect(abs(try #require(s.minInterval) - 1.0 / 60) < 1e-12)
    }

    @Test func anIntervalOfExactlyOneAndAHalfFramesIsNotAHitch() {
        let nominal = 1.0 / 60
        var record = TransitionRecord(
            from: "A", to: "B", transition: Transition(kind: .crossfade, duration: 0.1), start: 0)
        record.frames = [0, 0.025, 0.025 + 0.0251].map { FrameSample(clock: $0) }
        record.completion = 0.0501
        let s = TransitionStats(record, nominal: nominal)
        #expect(s.hitches == 1)  // 25 ms is 1.5 frames exactly: not over; 25.1 ms is
        #expect(abs(s.hitchTime - (0.0251 - nominal)) < 1e-12)
    }

    @Test func completionAtTheExactBoundaryAndOneMicrosecondBefore() throws {
        // Due at 0.1: a frame at 0.1 − 1 µs does not complete it, the frame at exactly 0.1 does.
        let (record, presented) = run(0.1, frames: [0, 0.1 - 1e-6, 0.1, 0.2])
        let r = try #require(record)
        #expect(presented == 3)
        #expect(r.completion == 0.1)
        #expect(r.stats.completionOnTime)
    }

    @Test func theCompletionRuleFlagsCompletionsThatDidNotFollowIt() {
        let t = Transition(kind: .crossfade, duration: 0.1)
        var early = TransitionRecord(from: "A", to: "B", transition: t, start: 0)
        early.frames = [0, 0.05].map { FrameSample(clock: $0) }
        early.completion = 0.05  // before start + duration
        #expect(!TransitionStats.followsCompletionRule(early))
        var late = TransitionRecord(from: "A", to: "B", transition: t, start: 0)
        late.frames = [0, 0.1, 0.12].map { FrameSample(clock: $0) }
        late.completion = 0.12  // a frame at 0.1 was already due
        #expect(!TransitionStats.followsCompletionRule(late))
        var beforePresent = TransitionRecord(from: "A", to: "B", transition: t, start: 0)
        beforePresent.frames = [FrameSample(clock: 0), FrameSample(clock: 0.1, wall: 0.11)]
        beforePresent.completion = 0.1
        beforePresent.completionWall = 0.105  // fired before the frame reached the screen
        #expect(!TransitionStats.followsCompletionRule(beforePresent))
        beforePresent.completionWall = 0.11
        #expect(TransitionStats.followsCompletionRule(beforePresent))
        let running = TransitionRecord(from: "A", to: "B", transition: t, start: 0)
        #expect(!TransitionStats.followsCompletionRule(running))
    }

    @Test func wallTimesAfterPresentAreWhatIntervalsMeasure() throws {
        // Clock times are regular, but the third frame reached the screen 30 ms late.
        let clock = (0...7).map { Double($0) / 60 }
        let wall = clock.enumerated().map { $0.offset >= 2 ? $0.element + 0.030 : $0.element + 0.002 }
        let (record, _) = run(0.1, frames: clock, walls: wall)
        let r = try #require(record)
        #expect(r.stats.hitches == 1)
        #expect(r.completionWall == wall[6])
        #expect(r.stats.completionOnTime)
    }

    @Test func slowMotionStretchesTheAnimationAndIsRecorded() throws {
        let times = (0...80).map { Double($0) / 60 }
        let (record, presented) = run(0.1, frames: times, slowMotion: 10)
        let r = try #require(record)
        #expect(r.isSlowMotion && r.slowMotion == 10)
        #expect(r.requestedDuration == 0.1)
        #expect(abs(r.animatedDuration - 1.0) < 1e-12)
        #expect(presented == 61)  // 60/60 = 1.0 s
        #expect(abs(try #require(r.measuredDuration) - 1.0) < 1e-9)
        #expect(r.stats.completionOnTime)
    }

    @Test func sessionSlowMotionAppliesToTransitionsStartedAfterwards() throws {
        let session = Session(prototype: Fixtures.storePrototype())
        let clock = VirtualClock()
        session.slowMotion = 10
        session.perform(Fixtures.push("details", .pushLeft, 0.1), source: "test")
        session.framePresented()
        Fixtures.run(session, clock: clock, until: 0.5)
        #expect(session.runningTransition != nil, "0.1 s at ×10 runs for 1 s")
        Fixtures.run(session, clock: clock, until: 1.0)
        let r = try #require(session.lastCompletedTransition)
        #expect(r.slowMotion == 10 && r.to == "details")
        #expect(abs(try #require(r.completion) - 1.0) < 1e-9)
        session.slowMotion = 1
        session.perform(.back, source: "test")
        Fixtures.run(session, clock: clock, until: 1.2)
        #expect(session.lastCompletedTransition?.slowMotion == 1)
        #expect(session.lastCompletedTransition?.to == "home")
    }

    @Test func frameCostsAttachToTheFrameTheyRendered() throws {
        let session = Session(prototype: Fixtures.storePrototype())
        let clock = VirtualClock()
        session.perform(Fixtures.push("details", .pushLeft, 0.05), source: "test")
        session.framePresented()
        session.recordFrameCost(0.004)  // the running transition's first frame
        Fixtures.run(session, clock: clock, until: 0.05)
        session.recordFrameCost(0.006)  // the completing frame, rendered after completion
        let r = try #require(session.lastCompletedTransition)
        #expect(r.frames.first?.cost == 0.004)
        #expect(r.frames.last?.cost == 0.006)
        #expect(r.frames.dropFirst().dropLast().allSatisfy { $0.cost == nil })
        guard case .transitionCompleted(let fromEvent) = session.timeline.events.last?.kind else {
            Issue.record("expected the completion last")
            return
        }
        #expect(fromEvent == r)
    }

    @Test func aRunningTransitionsHitchRatioUsesTheTimeUpToItsLastFrame() {
        var running = TransitionRecord(
            from: "A", to: "B", transition: Transition(kind: .crossfade, duration: 1), start: 0)
        running.frames = [0, 0.05, 0.1].map { FrameSample(clock: $0) }  // two 50 ms intervals
        let s = running.stats
        #expect(s.hitches == 2 && !s.completionOnTime)
        #expect(abs(s.hitchRatio - 2 * (0.05 - 1.0 / 60) * 1000 / 0.1) < 1e-9)
    }

    @Test func quantilesUseNearestRank() {
        let values = (1...20).map(Double.init)
        #expect(FrameTiming.quantile(values, 0.5) == 10)
        #expect(FrameTiming.quantile(values, 0.95) == 19)
        #expect(FrameTiming.quantile(values, 1) == 20)
        #expect(FrameTiming.quantile([], 0.5) == nil)
    }
}
