import Testing

@testable import SceneflowCore

@Suite("Appearance lifecycle")
struct LifecycleTests {
    @Test func animatedCrossfadeOrder() {
        var nav = Navigator(start: "A")
        var tl = Timeline()
        nav.request(Fixtures.push("B", .crossfade, 0.3), source: "t", at: 0, timeline: &tl)
        #expect(tl.lifecycle == [will("B"), willGo("A")])
        // Frames during the transition add no did_* calls.
        for i in 1...17 {
            nav.framePresented(at: Double(i) / 60, timeline: &tl)
            #expect(tl.lifecycle == [will("B"), willGo("A")], "frame \(i)")
        }
        nav.framePresented(at: 18.0 / 60, timeline: &tl)
        #expect(tl.lifecycle == [will("B"), willGo("A"), didGo("A"), did("B")])
        // did_disappear and did_appear come with the completion, at the completing frame.
        let times = tl.events.compactMap { e -> Double? in
            if case .lifecycle(let l) = e.kind, l.phase == .didAppear || l.phase == .didDisappear { return e.time }
            return nil
        }
        #expect(times == [18.0 / 60, 18.0 / 60])
    }

    @Test func noneTransitionFiresAllFourAtOnceNotAnimated() {
        var nav = Navigator(start: "A")
        var tl = Timeline()
        nav.request(.go(scene: "B", transition: .cut), source: "t", at: 1.25, timeline: &tl)
        #expect(tl.lifecycle == [will("B", false), willGo("A", false), didGo("A", false), did("B", false)])
        #expect(
            tl.events.filter { if case .lifecycle = $0.kind { true } else { false } }.allSatisfy { $0.time == 1.25 })
        #expect(nav.running == nil)
        #expect(nav.mounted == ["B"])
        #expect(tl.started.isEmpty)
    }

    @Test func sessionCrossfadeLifecycleThroughTap() {
        let proto = Fixtures.storePrototype(openTransition: Transition(kind: .crossfade, duration: 0.35))
        let session = Session(prototype: proto)
        let clock = VirtualClock()
        Fixtures.scheduleTap(session, at: Point(x: 50, y: 250), time: 0)
        session.step(to: 0.05)
        #expect(session.mountedScenes == ["home", "details"])
        #expect(session.timeline.lifecycle == [will("details"), willGo("home")])
        clock.advance(by: 0.05)
        Fixtures.run(session, clock: clock, until: 1)
        #expect(session.timeline.lifecycle == [will("details"), willGo("home"), didGo("home"), did("details")])
        #expect(session.mountedScenes == ["details"])
    }

    @Test func neverMoreThanTwoScenesMounted() {
        let proto = Fixtures.storePrototype()
        let session = Session(prototype: proto)
        let clock = VirtualClock()
        // Deterministic pseudo-random sequence (LCG) of navigation and taps, interleaved with
        // frames, some requested mid-transition.
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let kinds = TransitionKind.allCases
        let scenes = ["home", "details", "drawer", "games"]
        var maxMounted = 0
        var completed = 0
        for step in 0..<600 {
            switch next(6) {
            case 0:
                session.perform(
                    Fixtures.push(scenes[next(4)], kinds[next(kinds.count)], 0.1 * Double(1 + next(5))),
                    source: "random \(step)")
            case 1: session.perform(.back, source: "random")
            case 2:
                session.perform(
                    .present(
                        scene: scenes[next(4)], transition: Transition(kind: kinds[next(kinds.count)], duration: 0.2)),
                    source: "random")
            case 3: session.perform(.dismiss, source: "random")
            case 4:
                Fixtures.scheduleTap(session, at: Point(x: Double(next(360)), y: Double(next(800))), time: clock.now)
            default: break
            }
            for _ in 0..<next(20) {
                clock.advanceFrame()
                session.step(to: clock.now)
                maxMounted = max(maxMounted, session.mountedScenes.count)
                #expect(session.mountedScenes.count <= 2)
                #expect(session.frame().layers.count <= 2)
                session.framePresented()
                #expect(session.mountedScenes.count <= 2)
            }
            completed = session.timeline.transitions.count
        }
        #expect(maxMounted == 2)  // the sequence did run transitions
        #expect(completed > 20)
        // Every will_appear is eventually followed by its did_appear: count them once settled.
        Fixtures.run(session, clock: clock, until: clock.now + 600)
        let lc = session.timeline.lifecycle
        #expect(lc.filter { $0.phase == .willAppear }.count == lc.filter { $0.phase == .didAppear }.count)
        #expect(lc.filter { $0.phase == .willDisappear }.count == lc.filter { $0.phase == .didDisappear }.count)
        #expect(session.mountedScenes.count == 1)
    }
}
