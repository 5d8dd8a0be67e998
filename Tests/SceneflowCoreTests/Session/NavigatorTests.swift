import Testing

@testable import SceneflowCore

/// Drives a `Navigator` to completion of whatever is running by presenting frames far enough
/// in the future.
private func finish(_ nav: inout Navigator, _ timeline: inout Timeline, at time: Double) {
    nav.framePresented(at: time, timeline: &timeline)
}

@Suite("Navigator: stack, back, present/dismiss")
struct NavigatorTests {
    @Test func goPushesAndBackPopsWithReversedTransition() throws {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        nav.request(Fixtures.push("details", .pushLeft, 0.35, .easeIn), source: "test", at: 0, timeline: &tl)
        #expect(nav.top == "details")
        #expect(nav.entries.map(\.scene) == ["home", "details"])
        let running = try #require(nav.running)
        #expect(running.record.from == "home")
        #expect(running.record.to == "details")
        #expect(running.record.transition == Transition(kind: .pushLeft, duration: 0.35, curve: .easeIn))
        finish(&nav, &tl, at: 1)
        #expect(nav.running == nil)

        nav.request(.back, source: "test", at: 2, timeline: &tl)
        #expect(nav.entries.map(\.scene) == ["home"])
        let back = try #require(nav.running)
        #expect(back.record.from == "details")
        #expect(back.record.to == "home")
        // push_left is undone by push_right with the same duration and curve.
        #expect(back.record.transition == Transition(kind: .pushRight, duration: 0.35, curve: .easeIn))
    }

    @Test func presentCoverUpIsDismissedByRevealDown() throws {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        nav.request(
            .present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.4)),
            source: "t", at: 0, timeline: &tl)
        #expect(nav.entries.last?.isModal == true)
        finish(&nav, &tl, at: 1)
        nav.request(.dismiss, source: "t", at: 1, timeline: &tl)
        let r = try #require(nav.running)
        #expect(r.record.transition.kind == .revealDown)
        #expect(r.record.transition.duration == 0.4)
        #expect(r.record.from == "sheet" && r.record.to == "home")
        #expect(nav.entries.map(\.scene) == ["home"])
    }

    @Test(arguments: TransitionKind.allCases)
    func everyKindReversesToItsOpposite(kind: TransitionKind) {
        let expected: [TransitionKind: TransitionKind] = [
            .none: .none, .crossfade: .crossfade,
            .pushLeft: .pushRight, .pushRight: .pushLeft, .pushUp: .pushDown, .pushDown: .pushUp,
            .coverLeft: .revealRight, .coverRight: .revealLeft, .coverUp: .revealDown, .coverDown: .revealUp,
            .revealLeft: .coverRight, .revealRight: .coverLeft, .revealUp: .coverDown, .revealDown: .coverUp,
        ]
        #expect(kind.reversed == expected[kind])
        #expect(kind.reversed.reversed == kind)
    }

    @Test func backAtRootIsSkippedAndLogged() throws {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        nav.request(.back, source: "tap on \"Back\"", at: 0.5, timeline: &tl)
        #expect(nav.entries.map(\.scene) == ["home"])
        #expect(nav.running == nil)
        #expect(tl.lifecycle.isEmpty)
        let (action, reason) = try #require(tl.skipped.first)
        #expect(action == .back)
        #expect(reason.contains("root"))
        #expect(tl.events.first?.time == 0.5)
        #expect(tl.actions.isEmpty)
    }

    @Test func dismissWithoutModalIsSkipped() {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        nav.request(Fixtures.push("a", .none), source: "t", at: 0, timeline: &tl)
        nav.request(.dismiss, source: "t", at: 0, timeline: &tl)
        #expect(nav.entries.map(\.scene) == ["home", "a"])
        #expect(tl.skipped.count == 1)
        #expect(tl.skipped.first?.0 == .dismiss)
    }

    @Test func dismissPopsEverythingAboveAndIncludingTheTopmostModal() throws {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        for action in [
            Fixtures.push("list", .none),
            Action.present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3)),
            Fixtures.push("step1", .pushLeft),
            Fixtures.push("step2", .pushLeft),
        ] {
            nav.request(action, source: "t", at: 0, timeline: &tl)
            finish(&nav, &tl, at: 10)
        }
        #expect(nav.entries.map(\.scene) == ["home", "list", "sheet", "step1", "step2"])
        #expect(nav.entries.map(\.isModal) == [false, false, true, false, false])

        nav.request(.dismiss, source: "t", at: 20, timeline: &tl)
        #expect(nav.entries.map(\.scene) == ["home", "list"])
        let r = try #require(nav.running)
        // From the visible top (step2) straight to the scene under the modal, undoing the
        // modal's own arrival (cover_up -> reveal_down).
        #expect(r.record.from == "step2")
        #expect(r.record.to == "list")
        #expect(r.record.transition.kind == .revealDown)
    }

    @Test func dismissTakesOnlyTheTopmostOfNestedModals() {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        nav.request(.present(scene: "m1", transition: .cut), source: "t", at: 0, timeline: &tl)
        nav.request(.present(scene: "m2", transition: .cut), source: "t", at: 0, timeline: &tl)
        nav.request(Fixtures.push("x", .none), source: "t", at: 0, timeline: &tl)
        nav.request(.dismiss, source: "t", at: 0, timeline: &tl)
        #expect(nav.entries.map(\.scene) == ["home", "m1"])
        nav.request(.dismiss, source: "t", at: 0, timeline: &tl)
        #expect(nav.entries.map(\.scene) == ["home"])
    }

    @Test func stackAfterMixedSequence() {
        var nav = Navigator(start: "a")
        var tl = Timeline()
        var t = 0.0
        func run(_ action: Action) {
            nav.request(action, source: "t", at: t, timeline: &tl)
            t += 1
            nav.framePresented(at: t, timeline: &tl)
        }
        run(Fixtures.push("b"))
        run(Fixtures.push("c", .crossfade))
        run(.back)
        run(Fixtures.push("d", .pushUp))
        #expect(nav.entries.map(\.scene) == ["a", "b", "d"])
        run(.back)
        run(.back)
        run(.back)  // skipped at root
        #expect(nav.entries.map(\.scene) == ["a"])
        #expect(nav.top == "a")
        #expect(tl.skipped.count == 1)
        #expect(tl.transitions.map(\.to) == ["b", "c", "b", "d", "b", "a"])
        #expect(
            tl.transitions.map(\.transition.kind) == [
                .pushLeft, .crossfade, .crossfade, .pushUp, .pushDown, .pushRight,
            ])
    }

    @Test func resetDropsStackRunningAndQueue() {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        nav.request(Fixtures.push("a"), source: "t", at: 0, timeline: &tl)
        nav.request(Fixtures.push("b"), source: "t", at: 0.1, timeline: &tl)
        #expect(!nav.isIdle)
        nav.reset(to: "home")
        #expect(nav.entries.map(\.scene) == ["home"])
        #expect(nav.running == nil)
        #expect(nav.queue.isEmpty)
        #expect(nav.isIdle)
        #expect(nav.mounted == ["home"])
    }

    @Test func zeroDurationAnimatedKindIsACut() {
        var nav = Navigator(start: "home")
        var tl = Timeline()
        nav.request(
            .go(scene: "a", transition: Transition(kind: .crossfade, duration: 0)), source: "t", at: 0, timeline: &tl)
        #expect(nav.running == nil)
        #expect(nav.top == "a")
        #expect(tl.lifecycle == [will("a", false), willGo("home", false), didGo("home", false), did("a", false)])
    }

    @Test func noneTransitionAlwaysHasZeroDuration() {
        #expect(Transition(kind: .none, duration: 2).duration == 0)
        #expect(!Transition(kind: .none, duration: 2).isAnimated)
        #expect(Transition(kind: .pushLeft).duration == 0.35)
        #expect(Transition(kind: .pushLeft).curve == .easeInOut)
    }
}
