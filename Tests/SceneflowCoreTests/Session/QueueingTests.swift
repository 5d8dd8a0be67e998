import Testing

@testable import SceneflowCore

@Suite("Queueing and ignored input during transitions")
struct QueueingTests {
    @Test func navigationDuringTransitionIsQueuedAndStartsOnCompletion() throws {
        let session = Session(prototype: Fixtures.storePrototype())
        let clock = VirtualClock()
        session.perform(Fixtures.push("details", .pushLeft, 0.35), source: "first")
        clock.advance(by: 0.1)
        session.step(to: clock.now)
        session.framePresented()
        session.perform(Fixtures.push("games", .crossfade, 0.2), source: "second")
        #expect(session.timeline.queuedActions == [Fixtures.push("games", .crossfade, 0.2)])
        #expect(session.stack == ["home", "details"])
        #expect(session.runningTransition?.to == "details")
        #expect(!session.isSettled)

        // Until the first completes, the queued one has not started.
        while session.runningTransition?.to == "details" {
            clock.advanceFrame()
            session.step(to: clock.now)
            session.framePresented()
        }
        let first = try #require(session.timeline.transitions.first)
        let second = try #require(session.runningTransition)
        #expect(second.from == "details" && second.to == "games")
        #expect(second.start == first.completion)
        #expect(session.stack == ["home", "details", "games"])
        #expect(session.timeline.started.map(\.to) == ["details", "games"])

        Fixtures.run(session, clock: clock, until: clock.now + 1)
        #expect(session.timeline.transitions.map(\.to) == ["details", "games"])
        #expect(session.isSettled)
    }

    @Test func severalQueuedActionsRunInOrder() {
        var nav = Navigator(start: "a")
        var tl = Timeline()
        nav.request(Fixtures.push("b"), source: "t", at: 0, timeline: &tl)
        nav.request(Fixtures.push("c", .none), source: "t", at: 0.1, timeline: &tl)
        nav.request(.back, source: "t", at: 0.1, timeline: &tl)
        nav.request(Fixtures.push("d", .pushUp, 0.2), source: "t", at: 0.2, timeline: &tl)
        #expect(nav.queue.count == 3)
        #expect(tl.queuedActions.count == 3)
        // Completing b runs the cut to c and the back to b at once (neither animated), then
        // starts the push to d.
        nav.framePresented(at: 0.35, timeline: &tl)
        #expect(nav.entries.map(\.scene) == ["a", "b", "d"])
        #expect(nav.running?.record.from == "b")
        #expect(nav.running?.record.to == "d")
        #expect(nav.running?.record.start == 0.35)
        #expect(nav.queue.isEmpty)
        #expect(!nav.isIdle)
        nav.framePresented(at: 0.55, timeline: &tl)
        #expect(nav.isIdle)
        #expect(tl.transitions.map(\.to) == ["b", "d"])
    }

    @Test func inputDuringTransitionIsIgnoredAndTriggersNothing() throws {
        let session = Session(prototype: Fixtures.storePrototype())
        let clock = VirtualClock()
        session.perform(Fixtures.push("details", .pushLeft, 0.35), source: "first")
        // "Back" lies at (0,24,56,56) in details; "Menu" at the same place in home.
        Fixtures.scheduleTap(session, at: Point(x: 20, y: 40), time: 0.1)
        Fixtures.run(session, clock: clock, until: 1)
        let ignored = session.timeline.ignoredInputs
        #expect(ignored.map(\.phase) == [.down, .up])
        #expect(ignored.count == 2 && abs(ignored[0].time - 0.1) < 1e-12 && abs(ignored[1].time - 0.15) < 1e-12)
        #expect(session.timeline.gestures.isEmpty)
        #expect(session.timeline.actions == [Fixtures.push("details", .pushLeft, 0.35)])
        #expect(session.stack == ["home", "details"])
        #expect(session.takeScriptCalls().isEmpty)
        // The same tap after the transition is delivered and goes back.
        Fixtures.scheduleTap(session, at: Point(x: 20, y: 40), time: clock.now)
        Fixtures.run(session, clock: clock, until: clock.now + 1)
        #expect(session.timeline.gestures.count == 1)
        #expect(session.timeline.transitions.last?.transition.kind == .pushRight)
        #expect(session.stack == ["home"])
    }

    @Test func pressBeforeTransitionReleaseDuringItIsNotATap() {
        let session = Session(prototype: Fixtures.storePrototype())
        session.handle(InputEvent(.down, Point(x: 50, y: 250), at: 0))
        session.perform(Fixtures.push("games", .crossfade, 0.2), source: "script")
        session.handle(InputEvent(.up, Point(x: 50, y: 250), at: 0.05))
        session.step(to: 1)
        session.framePresented()
        // A later release without a press must not complete the old gesture either.
        session.handle(InputEvent(.up, Point(x: 50, y: 250), at: 1.1))
        #expect(session.timeline.gestures.isEmpty)
        #expect(session.stack == ["home", "games"])
        #expect(session.isSettled)
    }
}
