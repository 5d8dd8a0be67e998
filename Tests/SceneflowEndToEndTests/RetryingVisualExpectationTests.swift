import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Issue 13.7: `expect.screenshot` and `expect.tree` retry on every settled frame until their
/// timeout, like the other expectations: a splash whose `after` timer has not fired yet does
/// not fail them, a timeout too short for it does, and only the final attempt is recorded.
@Suite struct RetryingVisualExpectationTests {
    /// "splash" (red) advances by itself after 1 s to "home" (blue, with "Open").
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.write("Proto/splash.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 30, 30)))
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (30, 30, 200)))
        try tmp.prototype(
            start: "splash",
            scenes: """
                    splash = { image = "splash.png", after = 1, on_after = replace("home", "crossfade", 0.3) },
                    home = { image = "home.png", elements = { { label = "Open", frame = { 2, 10, 30, 20 } } } },
                """, images: [])
        // The baselines: recorded once the home scene shows.
        let record = try tmp.write(
            "splash.lua",
            """
            prototype "Proto"
            test("record", function()
              wait_for "Open"
              expect.screenshot "home"
              expect.tree "home"
            end)

            """)
        let recorded = HeadlessTestRunner(options: .init(baselineMode: .missing)).run(script: record)
        #expect(recorded.outcomes.first?.verdict == .recorded, "\(recorded.outcomes)")
        return tmp
    }

    static func run(_ tmp: TempFolder, _ body: String) throws -> TestOutcome {
        let path = try tmp.write("splash.lua", "prototype \"Proto\"\ntest(\"t\", function()\n\(body)\nend)\n")
        let options = HeadlessTestRunner.Options(reportDirectory: tmp.file("report"), baselineMode: .never)
        return try #require(HeadlessTestRunner(options: options).run(script: path).outcomes.first)
    }

    @Test func theyWaitForTheSplashTimer() throws {
        let tmp = try Self.folder()
        for body in [
            "expect.screenshot(\"home\", {timeout = 5})", "expect.screenshot \"home\"",
            "expect.tree(\"home\", {timeout = 5})", "expect.tree \"home\"",
            "expect.tree([[\nscene \"home\"\n  hotspot \"Open\"\n]], {timeout = 5})",
            "expect.screenshot(\"home\", {timeout = 5, mask = {\"Open\"}})",
        ] {
            let outcome = try Self.run(tmp, body)
            #expect(outcome.verdict == .passed, "\(body): \(String(describing: outcome.failure))")
            #expect(outcome.clockSeconds >= 1.3 && outcome.clockSeconds < 1.5, "\(body): \(outcome.clockSeconds)")
            #expect(outcome.visuals.count == 1 && outcome.visuals.first?.status == "passed", "\(outcome.visuals)")
        }
    }

    @Test func aTimeoutTooShortFailsOnceWithTheLastFrame() throws {
        let tmp = try Self.folder()
        let shot = try Self.run(tmp, "expect.screenshot(\"home\", {timeout = 0.5})")
        #expect(shot.verdict == .failed)
        #expect(shot.failure?.line == 3, "\(String(describing: shot.failure))")
        let message = shot.failure?.message ?? ""
        #expect(message.hasPrefix("expect.screenshot(\"home\"): 2880 of 2880 pixels differ"), "\(message)")
        #expect(message.contains("(waited 0.5 s)"), "\(message)")
        #expect(
            shot.visuals.count == 1 && shot.visuals.first?.status == "failed", "only the last attempt: \(shot.visuals)")
        #expect(shot.clockSeconds >= 0.5 && shot.clockSeconds < 0.6, "\(shot.clockSeconds)")

        let tree = try Self.run(tmp, "expect.tree(\"home\", {timeout = 0.5})")
        #expect(tree.verdict == .failed)
        #expect(
            tree.failure?.message.hasPrefix("expect.tree(\"home\"): line 1 differs") == true,
            "\(String(describing: tree.failure))")
        #expect(tree.failure?.message.contains("(waited 0.5 s)") == true, "\(String(describing: tree.failure))")
        #expect(tree.visuals.count == 1, "\(tree.visuals)")

        let zero = try Self.run(tmp, "expect.screenshot(\"home\", {timeout = 0})")
        #expect(zero.verdict == .failed && zero.clockSeconds < 0.05, "timeout 0 compares once: \(zero.clockSeconds)")
    }

    @Test func aMissingBaselineIsRecordedAfterTheSplashTimer() throws {
        let tmp = try TempFolder()
        try tmp.write("Proto/splash.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 30, 30)))
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (30, 30, 200)))
        try tmp.prototype(
            start: "splash",
            scenes: """
                    splash = { image = "splash.png", after = 1, on_after = replace("home", "crossfade", 0.3) },
                    home = { image = "home.png", elements = { { label = "Open", frame = { 2, 10, 30, 20 } } } },
                """, images: [])
        let path = try tmp.write(
            "first.lua",
            "prototype \"Proto\"\ntest(\"t\", function()\n  expect.screenshot \"home\"\n  expect.tree \"home\"\nend)\n")
        let outcome = try #require(
            HeadlessTestRunner(options: .init(baselineMode: .missing)).run(script: path).outcomes.first)
        #expect(outcome.verdict == .recorded, "\(String(describing: outcome.failure))")
        #expect(outcome.clockSeconds >= 1.3, "recorded once the splash had gone: \(outcome.clockSeconds)")
        let tree = try String(contentsOfFile: tmp.file("__screenshots__/first/home.tree.txt"), encoding: .utf8)
        #expect(tree.hasPrefix("scene \"home\""), "\(tree)")
    }

    @Test func treeOptionsAreChecked() throws {
        let tmp = try Self.folder()
        let outcome = try Self.run(tmp, "expect.tree(\"home\", {timeot = 1})")
        #expect(
            outcome.failure?.message
                == "expect.tree(\"home\"): unknown option \"timeot\"; did you mean \"timeout\"? (options: timeout)",
            "\(String(describing: outcome.failure))")
    }

    @Test func aFixedTransitionProgressIsComparedOnceAndRefusesATimeout() throws {
        let tmp = try Self.folder()
        let once = try Self.run(tmp, "expect.screenshot(\"home\", {at = 1})")
        #expect(once.verdict == .failed, "no transition has run yet: `at` does not retry")
        #expect(once.clockSeconds < 0.05, "\(once.clockSeconds)")
        let refused = try Self.run(tmp, "expect.screenshot(\"home\", {at = 1, timeout = 5})")
        #expect(
            refused.failure?.message
                == "expect.screenshot(\"home\"): timeout does not apply with at: one frame of the last transition is compared once",
            "\(String(describing: refused.failure))")
    }
}
