import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner
import Testing

/// Issue 13.4: long flows and exact time. The per-test clock limit is configurable per test
/// (`test(name, {clock_limit = s}, fn)`) and on the command line (`--clock-limit`), its default
/// lets a 1 000-tap flow pass, and when it trips it names the running step, its line and how far
/// the test got. The virtual clock counts integer ticks, so equal times are equal everywhere.
@Suite struct ClockLimitTests {
    /// "a" pushes "b" over 0.35 s with "Next"; "Next" in "b" goes back (0.35 s).
    static let scenes = """
            a = { image = "a.png", elements = { { label = "Next", frame = { 2, 10, 30, 20 }, on_tap = go("b", "push_left", 0.35) } } },
            b = { image = "b.png", elements = { { label = "Next", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
        """

    static func folder(_ script: String) throws -> (TempFolder, String) {
        let tmp = try TempFolder()
        try tmp.prototype(start: "a", scenes: scenes, images: ["a.png", "b.png"])
        let path = try tmp.write("flow.lua", "prototype \"Proto\"\n" + script)
        return (tmp, path)
    }

    static func run(_ script: String, limits: LuaLimits = .standard) throws -> ScriptFileResult {
        let (tmp, path) = try folder(script)
        let result = HeadlessTestRunner(options: .init(limits: limits, baselineMode: .never)).run(script: path)
        withExtendedLifetime(tmp) {}
        #expect(result.loadProblems.isEmpty, "\(result.loadProblems)")
        return result
    }

    @Test func aThousandTapFlowPassesUnderTheDefaultLimit() throws {
        let result = try Self.run(
            """
            test("a thousand taps", function()
              for i = 1, 1000 do tap "Next" end
              expect.scene "a"
            end)

            """)
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.verdict == .passed, "\(String(describing: outcome.failure))")
        #expect(outcome.clockSeconds > 350, "1000 pushes of 0.35 s: \(outcome.clockSeconds) s of clock time")
        #expect(
            (outcome.wallSeconds ?? 0) < 20,
            "virtual time costs little real time: \(String(describing: outcome.wallSeconds)) s")
    }

    @Test func aTestsOwnLimitTripsNamingTheRunningStepItsLineAndTheProgress() throws {
        let result = try Self.run(
            """
            test("long", {clock_limit = 30}, function()
              for i = 1, 1000 do
                tap "Next"
              end
            end)
            test("waits", {clock_limit = 2.5}, function()
              wait(1)
              wait(10)
            end)
            test("yields", {clock_limit = 1}, function()
              while true do coroutine.yield() end
            end)
            test("short limit, short test", {clock_limit = 1}, function() tap "Next" end)

            """)
        let long = try #require(result.outcomes.first { $0.name == "long" })
        let failure = try #require(long.failure)
        #expect(failure.line == 4, "the line of the running step: \(failure)")
        #expect(failure.message.hasPrefix("test \"long\" did not finish within 30 s of clock time (its clock_limit): "))
        #expect(failure.message.contains("tap(\"Next\") was running"), "\(failure.message)")
        #expect(failure.message.contains("steps had passed"), "\(failure.message)")
        #expect(failure.message.contains("--clock-limit"), "says how to raise it: \(failure.message)")
        #expect(long.clockSeconds > 30 && long.clockSeconds < 30.1, "\(long.clockSeconds)")

        let waits = try #require(result.outcomes.first { $0.name == "waits" }?.failure)
        #expect(waits.line == 9, "\(waits)")
        #expect(waits.message.contains("wait(10) was running"), "\(waits.message)")
        #expect(waits.message.contains("1 step had passed"), "\(waits.message)")

        let yields = try #require(result.outcomes.first { $0.name == "yields" }?.failure)
        #expect(yields.line == 11, "no step runs: the test's own line: \(yields)")
        #expect(yields.message.contains("no step was running"), "\(yields.message)")

        #expect(result.outcomes.first { $0.name == "short limit, short test" }?.passed == true)
    }

    @Test func theLimitFromTheRunnerApplies() throws {
        let result = try Self.run(
            """
            test("waits", function() wait(10) end)
            test("own limit wins", {clock_limit = 20}, function() wait(10) end)

            """, limits: LuaLimits(testTimeout: 5))
        #expect(
            result.outcomes[0].failure?.message.hasPrefix(
                "test \"waits\" did not finish within 5 s of clock time (--clock-limit): wait(10) was running") == true,
            "\(String(describing: result.outcomes[0].failure))")
        #expect(result.outcomes[1].passed, "\(String(describing: result.outcomes[1].failure))")
    }

    @Test func badTestOptionsFailToLoadWithTheirLine() throws {
        for (options, message) in [
            ("{clock_limt = 5}", "unknown option \"clock_limt\"; did you mean \"clock_limit\"?"),
            ("{clock_limit = -1}", "clock_limit must be a finite number of seconds > 0, got -1"),
            ("{clock_limit = 0}", "clock_limit must be a finite number of seconds > 0, got 0"),
            ("{clock_limit = 1/0}", "clock_limit must be a finite number of seconds > 0, got infinity"),
            ("\"fast\"", "got string"),
        ] {
            let (tmp, path) = try Self.folder("\ntest(\"t\", \(options), function() end)\n")
            let result = HeadlessTestRunner().run(script: path)
            withExtendedLifetime(tmp) {}
            let problem = try #require(result.loadProblems.first, "\(options) is refused")
            #expect(problem.line == 3, "\(options): \(problem)")
            #expect(problem.message.contains(message), "\(options): \(problem.message)")
        }
    }

    @Test func theCommandLineSetsTheLimitForEveryWorker() throws {
        let (tmp, path) = try Self.folder(
            """
            test("waits", function() wait(10) end)

            """)
        for jobs in ["1", "2"] {
            let r = try Sceneflow.run(["test", path, "--clock-limit", "5", "--jobs", jobs])
            #expect(r.status == 1, "\(r)")
            #expect(
                r.stdout.contains("did not finish within 5 s of clock time (--clock-limit): wait(10) was running"),
                "\(r)")
        }
        for bad in ["abc", "0", "-3", "inf", "nan"] {
            let r = try Sceneflow.run(["test", path, "--clock-limit", bad])
            #expect(r.status == 64, "\(bad): \(r)")
            #expect(r.stderr.contains("--clock-limit expects a number of seconds > 0, got \"\(bad)\""), "\(bad): \(r)")
        }
        withExtendedLifetime(tmp) {}
    }

    @Test func nowIsExactAfterHundredsOfFramesAndStepsMeetExactly() throws {
        let result = try Self.run(
            """
            test("exact", function()
              for i = 1, 100 do wait(0.4) end
              expect(now()).to_be(40)
              for i = 1, 100 do tap "Next" end
              local t = now()
              local frames = math.floor(t * 60 + 0.5)
              expect(t).to_be(frames / 60)
              expect(last_transition().completion).to_be(t)
            end)

            """)
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.passed, "\(String(describing: outcome.failure))")
        let steps = outcome.steps
        for (i, step) in steps.prefix(100).enumerated() {
            #expect(
                step.clockEnd == Double(24 * (i + 1)) / 60, "wait \(i + 1) ends at \(String(describing: step.clockEnd))"
            )
        }
        for (previous, next) in zip(steps, steps.dropFirst()) {
            #expect(previous.clockEnd == next.clockStart, "\(previous.call) -> \(next.call)")
        }
        let frames = (outcome.clockSeconds * 60).rounded()
        #expect(outcome.clockSeconds == frames / 60, "the test's clock time is a whole number of frames")
    }

    @Test func aSceneTimerFiresExactlyItsSecondsAfterTheSceneAppeared() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            start: "splash",
            scenes: """
                    splash = { image = "a.png", after = 0.5, on_after = replace("home", "crossfade", 0.3) },
                    home = { image = "b.png", elements = { { label = "Next", frame = { 2, 10, 30, 20 }, on_tap = go("ad", "push_left", 0.35) } } },
                    ad = { image = "a.png", after = 1.25, on_after = back() },
                """, images: ["a.png", "b.png"])
        let path = try tmp.write(
            "timer.lua",
            """
            prototype "Proto"
            test("first", function()
              wait_for "Next"
              expect(last_transition().start).to_be(0.5)
              tap "Next"
              local arrived = last_transition().completion
              wait_for(function() return scene() == "home" end)
              expect(last_transition().start).to_be(arrived + 1.25)
            end)
            test("second", function()
              local t0 = now()
              wait_for "Next"
              expect(last_transition().start - t0).to_be(0.5)
            end)

            """)
        let result = HeadlessTestRunner(options: .init(baselineMode: .never)).run(script: path)
        for outcome in result.outcomes {
            #expect(outcome.passed, "\(outcome.name): \(String(describing: outcome.failure))")
        }
    }

    @Test func theVirtualClockCountsIntegerTicks() {
        let clock = VirtualClock()
        for _ in 0..<6000 { clock.advanceFrame() }
        #expect(clock.now == 100)
        clock.advance(by: 0.35)
        #expect(clock.now == 100.35)
        let other = VirtualClock(start: 1, frameDuration: 0.5)
        other.advanceFrame()
        #expect(other.now == 1.5)
        other.advance(by: -3)
        #expect(other.now == 1.5)
    }
}
