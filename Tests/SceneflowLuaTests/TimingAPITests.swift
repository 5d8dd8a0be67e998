import SceneflowCore
import Testing

@testable import SceneflowLua

/// `last_transition()` and `expect.transition{...}` (issue 6) on the virtual 60 Hz clock.
@Suite struct TimingAPITests {
    typealias H = ScriptAPIHarness

    @Test func lastTransitionReturnsTheRecordOfThisTest() throws {
        let results = try H.run(
            """
            test("push", function()
              expect(last_transition()).to_be_nil()
              tap "Continue"
              expect.scene "home"
              local t = last_transition()
              expect(t.from).to_be("login")
              expect(t.to).to_be("home")
              expect(t.kind).to_be("push_left")
              expect(t.curve).to_be("ease_in_out")
              expect(t.requested).to_be(0.35)
              expect(t.duration).to_be_close_to(0.35, 1e-9)
              expect(t.frames).to_be(22)
              expect(t.hitches).to_be(0)
              expect(t.hitch_ratio).to_be(0)
              expect(t.on_time).to_be(true)
              expect(t.slow_motion).to_be(1)
              expect(t.intervals.p95).to_be_close_to(1/60, 1e-9)
              expect(t.completion - t.start).to_be_close_to(0.35, 1e-9)
              expect(t.first_frame).to_be(t.start)
              expect(t.last_frame).to_be(t.completion)
            end)
            test("next test starts with none", function()
              expect(last_transition()).to_be_nil()
            end)
            """)
        for name in ["push", "next test starts with none"] {
            #expect(results[name]?.failure == nil, "\(name): \(results[name]?.failure ?? "missing")")
        }
    }

    @Test func expectTransitionChecksKindScenesAndMeasuredDuration() throws {
        let ok = try H.one(
            """
            tap "Continue"
            expect.transition{from = "login", to = "home", kind = "push_left", duration = 0.35}
            tap "Back"
            expect.transition{to = "login", kind = "push_right", duration = 0.36, within = 0.02}
            """)
        #expect(ok.failure == nil, "\(ok.failure ?? "")")
        #expect(ok.steps.contains { $0.call.hasPrefix("expect.transition") })
    }

    @Test func expectTransitionFailuresDescribeTheTransition() throws {
        let late = try H.one("tap \"Continue\"\nexpect.transition({to = \"home\", duration = 0.25, timeout = 0})")
        #expect(
            late.failure
                == "expect.transition{duration = 0.25, timeout = 0, to = \"home\"}: the last transition was login -> home push_left, requested 0.35 s, measured 0.35 s (22 frames): measured 0.35 s, more than 0.0166667 s from 0.25 s",
            "\(late.failure ?? "passed")")
        let kind = try H.one("tap \"Continue\"\nexpect.transition{kind = \"crossfade\", timeout = 0.1}")
        #expect(kind.failure?.contains(": kind \"push_left\" (waited 0.1 s)") == true, "\(kind.failure ?? "passed")")
        let none = try H.one("expect.transition{to = \"home\", timeout = 0}")
        #expect(none.failure?.hasSuffix(": no transition has completed in this test") == true, "\(none.failure ?? "")")
        let typo = try H.one("expect.transition{durtion = 0.35}")
        #expect(
            typo.failure?.contains("unknown field \"durtion\"; did you mean \"duration\"?") == true,
            "\(typo.failure ?? "")")
        let scene = try H.one("expect.transition{to = \"hom\"}")
        #expect(
            scene.failure?.contains("there is no scene \"hom\"; did you mean \"home\"?") == true,
            "\(scene.failure ?? "")")
        let badKind = try H.one("tap \"Continue\"\nexpect.transition{kind = \"slide-lft\"}")
        #expect(
            badKind.failure?.contains(
                ": kind: unknown transition \"slide-lft\"; did you mean \"push_left\"? (transitions: none, crossfade, push_left,"
            )
                == true, "\(badKind.failure ?? "passed")")
        let notTable = try H.one("expect.transition(\"home\")")
        #expect(notTable.failure?.hasPrefix("expect.transition: expected a table") == true, "\(notTable.failure ?? "")")
        let wrongType = try H.one("expect.transition{duration = \"fast\"}")
        #expect(
            wrongType.failure?.contains("duration must be a number, got \"fast\"") == true, "\(wrongType.failure ?? "")"
        )
    }
}
