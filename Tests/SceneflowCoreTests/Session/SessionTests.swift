import Testing

@testable import SceneflowCore

private func tap(_ session: Session, _ x: Double, _ y: Double, at t: Double) {
    session.handle(InputEvent(.down, Point(x: x, y: y), at: t))
    session.handle(InputEvent(.up, Point(x: x, y: y), at: t + 0.05))
}

private func swipe(_ session: Session, from: Point, to: Point, at t: Double) {
    session.handle(InputEvent(.down, from, at: t))
    session.handle(InputEvent(.move, Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2), at: t + 0.05))
    session.handle(InputEvent(.up, to, at: t + 0.1))
}

@Suite("Session: hit testing, dispatch, settling")
struct SessionTests {
    @Test func lastDeclaredElementOnTopWins() throws {
        let home = try #require(Fixtures.storePrototype().scenes["home"])
        // "Open" overlaps the full-screen "Background" declared before it.
        #expect(home.element(at: Point(x: 50, y: 250))?.label == "Open")
        #expect(home.element(at: Point(x: 200, y: 500))?.label == "Background")
        #expect(home.element(at: Point(x: 400, y: 500)) == nil)
    }

    @Test func frameEdgesLeftTopInclusiveRightBottomExclusive() {
        let r = Rect(x: 16, y: 220, width: 96, height: 120)
        #expect(r.contains(Point(x: 16, y: 220)))
        #expect(r.contains(Point(x: 111.999, y: 339.999)))
        #expect(!r.contains(Point(x: 112, y: 250)))
        #expect(!r.contains(Point(x: 50, y: 340)))
        #expect(!r.contains(Point(x: 15.999, y: 250)))
        #expect(!r.contains(Point(x: 50, y: 219.999)))
        // Adjacent hotspots never both claim the shared edge.
        let scene = Scene(
            name: "s", image: "s.png",
            elements: [
                Element(label: "A", frame: Rect(x: 0, y: 0, width: 100, height: 50)),
                Element(label: "B", frame: Rect(x: 100, y: 0, width: 100, height: 50)),
            ])
        #expect(scene.element(at: Point(x: 100, y: 10))?.label == "B")
        #expect(scene.element(at: Point(x: 99.5, y: 10))?.label == "A")
        #expect(scene.element(at: Point(x: 150, y: 50)) == nil)
    }

    @Test func tapOnElementRunsItsOnTap() throws {
        let session = Session(prototype: Fixtures.storePrototype())
        tap(session, 16, 220, at: 0)  // the top-left corner of "Open"
        #expect(session.stack == ["home", "details"])
        #expect(session.currentScene == "details")
        let running = try #require(session.runningTransition)
        #expect(running.transition.kind == .pushLeft)
        #expect(
            session.timeline.events.contains {
                if case .gesture(.tap, "home", .some("Open")) = $0.kind { true } else { false }
            })
        #expect(
            session.timeline.events.contains {
                if case .action(_, let source) = $0.kind { source == "tap on \"Open\"" } else { false }
            })
    }

    @Test func tapOutsideAnyElementDoesNothing() {
        let proto = Prototype(
            name: "p", device: Fixtures.device, start: "a",
            scenes: [
                Scene(
                    name: "a", image: "a.png",
                    elements: [
                        Element(label: "Go", frame: Rect(x: 0, y: 0, width: 10, height: 10), onTap: Fixtures.push("b"))
                    ]),
                Scene(name: "b", image: "b.png"),
            ])
        let session = Session(prototype: proto)
        tap(session, 10, 5, at: 0)  // right edge is exclusive
        #expect(session.stack == ["a"])
        #expect(session.timeline.gestures == [.tap(at: Point(x: 10, y: 5))])
        #expect(session.timeline.actions.isEmpty)
        #expect(session.isSettled)
    }

    @Test func swipeOnElementUsesItsOnSwipe() {
        let session = Session(prototype: Fixtures.storePrototype())
        swipe(session, from: Point(x: 60, y: 330), to: Point(x: 60, y: 200), at: 0)  // up, starts on "Open"
        #expect(session.stack == ["home", "games"])
        #expect(session.runningTransition == nil)  // that swipe's action is a cut
        #expect(
            session.timeline.events.contains {
                if case .action(_, let s) = $0.kind { s == "swipe up on \"Open\"" } else { false }
            })
    }

    @Test func swipeOnElementWithoutThatDirectionFallsBackToScene() {
        let session = Session(prototype: Fixtures.storePrototype())
        swipe(session, from: Point(x: 100, y: 300), to: Point(x: 20, y: 300), at: 0)  // left, starts on "Open"
        #expect(session.stack == ["home", "games"])
        #expect(session.runningTransition?.transition.kind == .pushLeft)
        #expect(
            session.timeline.events.contains {
                if case .action(_, let s) = $0.kind { s == "swipe left in home" } else { false }
            })
    }

    @Test func swipeWithNoHandlerDoesNothing() {
        let session = Session(prototype: Fixtures.storePrototype())
        swipe(session, from: Point(x: 100, y: 500), to: Point(x: 300, y: 500), at: 0)  // right: nobody handles it
        #expect(session.stack == ["home"])
        #expect(session.timeline.gestures.count == 1)
        #expect(session.timeline.actions.isEmpty)
    }

    @Test func scriptActionsComeOutOfTakeScriptCalls() {
        let session = Session(prototype: Fixtures.storePrototype())
        tap(session, 200, 500, at: 0)  // "Background"
        #expect(!session.isSettled)  // a Lua call waits
        let calls = session.takeScriptCalls()
        #expect(calls == [ScriptCall(ref: ScriptFunctionRef(id: 7), element: "tap on \"Background\"", scene: "home")])
        #expect(session.takeScriptCalls().isEmpty)
        #expect(session.isSettled)
        #expect(session.stack == ["home"])
    }

    @Test func isSettledFalseWhileInputScheduledOrGestureInFlightOrTransitionRuns() {
        let session = Session(prototype: Fixtures.storePrototype())
        #expect(session.isSettled)
        Fixtures.scheduleTap(session, at: Point(x: 50, y: 250), time: 0.5)
        #expect(!session.isSettled)
        session.step(to: 0.5)  // press delivered, release not yet
        #expect(!session.isSettled)
        #expect(session.stack == ["home"])
        session.step(to: 0.55)
        #expect(session.stack == ["home", "details"])
        #expect(!session.isSettled)  // transition running
        session.step(to: 2)
        #expect(!session.isSettled)  // due, but no frame presented yet
        session.framePresented()
        #expect(session.isSettled)
    }

    @Test func scheduledInputIsDeliveredInTimeOrder() {
        let session = Session(prototype: Fixtures.storePrototype())
        session.schedule(InputEvent(.up, Point(x: 50, y: 250), at: 0.2))
        session.schedule(InputEvent(.down, Point(x: 50, y: 250), at: 0.1))
        session.step(to: 0.15)
        #expect(session.stack == ["home"])
        session.step(to: 0.2)
        #expect(session.stack == ["home", "details"])
        #expect(session.timeline.gestures == [.tap(at: Point(x: 50, y: 250))])
    }

    @Test func stepNeverMovesTimeBackwards() {
        let session = Session(prototype: Fixtures.storePrototype())
        session.step(to: 1)
        session.step(to: 0.5)
        #expect(session.now == 1)
    }

    @Test func resetReturnsToStart() {
        let session = Session(prototype: Fixtures.storePrototype())
        session.perform(Fixtures.push("details", .none), source: "t")
        session.perform(.present(scene: "drawer", transition: Transition(kind: .coverUp)), source: "t")
        session.perform(.back, source: "t")  // queued
        Fixtures.scheduleTap(session, at: Point(x: 1, y: 1), time: 5)
        session.handle(InputEvent(.down, Point(x: 1, y: 1), at: 0))  // ignored (transition)
        session.perform(.script(ScriptFunctionRef(id: 1)), source: "t")
        #expect(!session.isSettled)
        let eventsBefore = session.timeline.events.count
        session.reset()
        #expect(session.stack == ["home"])
        #expect(session.currentScene == "home")
        #expect(session.mountedScenes == ["home"])
        #expect(session.runningTransition == nil)
        #expect(session.takeScriptCalls().isEmpty)
        #expect(session.isSettled)
        #expect(session.timeline.events.count == eventsBefore)  // the timeline continues
        session.step(to: 10)  // the scheduled tap was dropped
        #expect(session.stack == ["home"])
        #expect(session.frame().layers.map(\.scene) == ["home"])
    }

    @Test func presentAndDismissThroughTaps() {
        let session = Session(prototype: Fixtures.storePrototype())
        let clock = VirtualClock()
        Fixtures.scheduleTap(session, at: Point(x: 20, y: 40), time: 0)  // Menu
        Fixtures.run(session, clock: clock, until: 1)
        #expect(session.stack == ["home", "drawer"])
        Fixtures.scheduleTap(session, at: Point(x: 310, y: 40), time: clock.now)  // Close
        Fixtures.run(session, clock: clock, until: 2)
        #expect(session.stack == ["home"])
        #expect(session.timeline.transitions.map(\.transition.kind) == [.coverUp, .revealDown])
    }

    @Test func frameWhenIdleShowsCurrentScene() {
        let session = Session(prototype: Fixtures.storePrototype())
        let frame = session.frame()
        #expect(
            frame.layers == [
                SceneLayer(
                    scene: "home", image: "home.png", screen: .wholeImage,
                    offset: Point(x: 0, y: 0), alpha: 1)
            ])
        #expect(frame.device.pixelWidth == 1080 && frame.device.pixelHeight == 2400)
    }
}
