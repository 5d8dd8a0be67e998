import SceneflowCore
import Testing

@testable import SceneflowLua

/// `step(name, fn)` (issue 20, as Playwright's `test.step`): the calls inside are recorded one
/// level deeper than the step, nested steps nest, and a failure inside marks every open step
/// failed.
@Suite struct StepTests {
    typealias H = ScriptAPIHarness

    @Test func stepsGroupTheCallsInsideAndNest() throws {
        let r = try H.one(
            """
            local n = step("sign in", function()
              tap "Continue"
              step("check", function() expect.scene "home" end)
              return 7
            end)
            expect(n).to_be(7)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
        #expect(
            r.steps.map(\.call) == [
                "step(\"sign in\")", "tap(\"Continue\")", "step(\"check\")", "expect.scene(\"home\")",
            ])
        #expect(r.steps.map(\.depth) == [0, 1, 1, 2])
        #expect(r.steps.map(\.group) == ["sign in", nil, "check", nil])
        #expect(r.steps.map(\.line) == [3, 4, 5, 5])
        #expect((r.steps[0].clockEnd ?? 0) >= (r.steps[3].clockEnd ?? 1))
        #expect(r.steps.filter { !$0.passed }.isEmpty)
    }

    @Test func aFailureInsideFailsEveryOpenStepAndLaterStepsAreTopLevelAgain() throws {
        let results = try H.run(
            """
            after_each(function() expect.scene "login" end)
            test("t", function()
              step("outer", function()
                step("inner", function() expect.scene("home", {timeout = 0}) end)
              end)
            end)
            """)
        let r = try #require(results["t"])
        #expect(r.failure?.hasPrefix("expect.scene(\"home\"): expected scene \"home\"") == true, "\(r.failure ?? "")")
        #expect(r.line == 5)
        #expect(
            r.steps.map(\.call) == [
                "step(\"outer\")", "step(\"inner\")", "expect.scene(\"home\", {timeout = 0})",
                "expect.scene(\"login\")",
            ])
        #expect(r.steps.map(\.passed) == [false, false, false, true])
        #expect(r.steps.map(\.depth) == [0, 1, 2, 0])
    }

    @Test func badCallsNameTheProblem() throws {
        #expect(
            try H.one("step(3, function() end)").failure == "step: expected a name (a non-empty string) first, got 3")
        #expect(try H.one("step(\"x\")").failure == "step(\"x\"): expected the step's function second, got nil")
        do {
            _ = try H.run("step(\"x\", function() end)\ntest(\"t\", function() end)")
            Issue.record("a step outside a test loaded")
        } catch let error as DiagnosticList {
            #expect(error.diagnostics.first?.line == 2)
            #expect(error.diagnostics.first?.message.hasPrefix("step(\"x\"): ") == true, "\(error)")
            #expect(error.diagnostics.first?.message.contains("inside test(") == true, "\(error)")
        }
    }

    @Test func aSoftFailureInsideFailsTheStepButTheTestGoesOn() throws {
        let r = try H.one(
            """
            step("checks", function()
              step("inner", function() expect.soft(1).to_be(2) end)
              log.message("on")
            end)
            step("fine", function() end)
            """)
        #expect(r.failure == "1 soft expectation failed:\n  line 4: expected 1 to be 2")
        #expect(r.log.map(\.message) == ["on"])
        #expect(r.steps.map(\.call) == ["step(\"checks\")", "step(\"inner\")", "step(\"fine\")"])
        #expect(r.steps.map(\.passed) == [false, false, true])
        #expect(r.steps.map { $0.clockEnd != nil } == [true, true, true])
    }

    /// A step whose failure the script's own `pcall` caught ends failed where it failed: the
    /// step around it, returning, ended it as passed and itself stayed open, to end failed at
    /// the test's end (found with red-team 28 F5). A step(), a Sceneflow call, nested twice.
    static let caught = [
        ("pcall(step, \"inner\", function() error(\"x\") end)", "step(\"inner\")"),
        ("pcall(tap, \"Nowhere\")", "tap(\"Nowhere\")"),
        ("pcall(step, \"inner\", function() step(\"deeper\", function() error(\"x\") end) end)", "step(\"inner\")"),
    ]

    @Test(arguments: caught)
    func aCaughtFailureEndsItsOwnStepFailed(_ c: (code: String, failed: String)) throws {
        let r = try H.one(
            """
            step("outer", function() \(c.code) end)
            tap "Continue"
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let outer = try #require(r.steps.first { $0.call == "step(\"outer\")" })
        #expect(outer.passed, "\(r.steps)")
        #expect(outer.clockEnd != nil)
        let failed = try #require(r.steps.first { $0.call == c.failed })
        #expect(!failed.passed, "\(r.steps)")
        let after = try #require(r.steps.last)
        #expect(after.call == "tap(\"Continue\")" && after.depth == 0 && after.passed, "\(r.steps)")
    }

    /// A step whose failure the script's own `pcall` caught at the top level ends there: the
    /// steps after it are top level again, in order (red-team 30 F2: each later step nested one
    /// level deeper inside the failed one).
    @Test func aCaughtStepAtTheTopLevelEndsThere() throws {
        let r = try H.one(
            """
            pcall(step, "s1", function() error("a") end)
            pcall(step, "s2", function() expect(1).to_be(2) end)
            pcall(function() step("w1", function() error(nil) end) end)
            step("s3", function() step("s3a", function() end) end)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let steps = r.steps.filter { $0.group != nil }
        #expect(steps.map(\.group) == ["s1", "s2", "w1", "s3", "s3a"], "\(steps)")
        #expect(steps.map(\.depth) == [0, 0, 0, 0, 1], "\(steps)")
        #expect(steps.map(\.passed) == [false, false, false, true, true], "\(steps)")
    }
}
