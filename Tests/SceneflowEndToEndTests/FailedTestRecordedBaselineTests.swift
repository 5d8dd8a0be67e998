import Foundation
import SceneflowRunner
import Testing

/// Red-team 43 B G6: a test that recorded a missing baseline and then failed (`expect.screenshot
/// "n"; expect.scene "other"`) showed only its failure on the console and in TAP; the new,
/// unreviewed baseline was named in the JSON report and JUnit's system-out alone. Every report
/// names it under the failing test, as under a REC test.
@Suite struct FailedTestRecordedBaselineTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            "prototype \"Proto\"\ntest(\"t\", function() expect.screenshot \"n\"; expect.tree \"m\"; expect.scene \"detail\" end)\n"
        )
        return tmp
    }

    @Test(arguments: ["1", "2"])
    func theConsoleNamesTheBaselinesAFailingTestRecorded(_ jobs: String) throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", "a.lua", "--update-baselines", "missing", "--jobs", jobs], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let block = r.stdout.components(separatedBy: "FAIL  t").dropFirst().first ?? ""
        #expect(block.contains("recorded, though the test failed (review it): baseline written to"), "\(r.stdout)")
        #expect(block.contains("__screenshots__/a/n.png"), "\(r.stdout)")
        #expect(block.contains("__screenshots__/a/m.tree.txt"), "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("__screenshots__/a/n.png")))
    }

    @Test func tapNamesThemInTheFailingTestsYAMLBlock() throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", "a.lua", "--update-baselines", "missing", "--tap"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("not ok 1 - a.lua: t"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "  recorded_baselines:\n    - \"./__screenshots__/a/n.png\"\n    - \"./__screenshots__/a/m.tree.txt\""),
            "\(r.stdout)")
    }

    /// Red-team 46 A B1: a test (or its after_each hook) that recorded baselines and then had
    /// its worker stopped (a C call past the watchdog) was rebuilt by the runner without them:
    /// no report named the new baselines (JSON `visuals: []`). The checks travel with the
    /// test's records, so every report names them as for a test that failed by `error()`.
    @Test(arguments: [false, true], ["1", "2"])
    func aTestWhoseWorkerWasStoppedNamesThemToo(_ inAfterEach: Bool, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let checks = "expect.screenshot \"n\"; expect.tree \"m\"; \(AfterEachAfterEveryEndingTests.stuckCall)"
        try tmp.write(
            "a.lua",
            inAfterEach
                ? "prototype \"Proto\"\nafter_each(function() \(checks) end)\ntest(\"t\", function() end)\n"
                : "prototype \"Proto\"\ntest(\"t\", function() \(checks) end)\n")
        let options = ["test", "a.lua", "--update-baselines", "missing", "--jobs", jobs, "--timeout", "2"]
        let r = try Sceneflow.run(options + ["--json", "r.json"], in: tmp.url, timeout: 120)
        let what = "after_each \(inAfterEach), --jobs \(jobs)"
        #expect(r.status == 1, "\(what): \(r)")
        #expect(r.stdout.contains("recorded, though the test failed (review it): baseline written to"), "\(what): \(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = try #require(report.files.first?.outcomes.first { $0.name == "t" })
        #expect(outcome.visuals.map(\.status) == ["recorded", "recorded"], "\(what): \(outcome.visuals)")
        #expect(outcome.visuals.map(\.name) == ["n", "m"], "\(what)")
        // TAP, from a run that writes them again (`all`).
        let tap = try Sceneflow.run(
            ["test", "a.lua", "--update-baselines", "all", "--jobs", jobs, "--timeout", "2", "--tap"], in: tmp.url,
            timeout: 120)
        #expect(tap.stdout.contains("  recorded_baselines:\n    - \"./__screenshots__/a/n.png\""), "\(what): \(tap)")
    }
}

/// Red-team 47 A F1, F2: after_each hooks run in a fresh load (or a fresh worker) when the
/// test ended by a limit or its worker was stopped. Their captures and baseline checks were in
/// no report (F2), and that load knew nothing of what the test had made (F1): a capture of the
/// same name was written over, and under `--update-baselines all` the baseline the test had
/// just recorded was rewritten from another screen, in no report. They are the test's: named
/// in every report, and checked against what the test made, as in its own Lua state.
@Suite struct AfterEachInAFreshLoadVisualsTests {
    /// The test records `x` and captures `c` on the home screen, then ends by `ending`; its
    /// after_each, on the detail screen, captures `c` again or checks `x`.
    static func suite(ending: String, hook: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 30, 30)))
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            after_each(function() tap "Open"; \(hook) end)
            test("t", function() expect.screenshot "x"; capture "c"; \(ending) end)

            """)
        return tmp
    }

    static let endings = ["while true do end", AfterEachAfterEveryEndingTests.stuckCall]
    static let hooks = ["capture \"c\"", "expect.screenshot(\"x\", { timeout = 0 })"]

    @Test(arguments: endings, hooks)
    func theHooksChecksAreTheTestsAndKnowWhatItMade(_ ending: String, _ hook: String) throws {
        for jobs in ["1", "2"] {
            let tmp = try Self.suite(ending: ending, hook: hook)
            let r = try Sceneflow.run(
                ["test", "a.lua", "--update-baselines", "all", "--jobs", jobs, "--timeout", "2", "--json", "r.json"],
                in: tmp.url, timeout: 120)
            let what = "\(ending.prefix(12)), \(hook.prefix(9)), --jobs \(jobs)"
            #expect(r.status == 1, "\(what): \(r)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let outcome = try #require(report.files.first?.outcomes.first { $0.name == "t" })
            let message = outcome.failure?.message ?? ""
            let capture = hook.hasPrefix("capture")
            #expect(
                message.contains(
                    capture ? "already captured \"c\"" : "recorded in this run by an earlier check of this test"),
                "\(what): \(message)")
            // Every check is in the reports, the hook's too.
            #expect(outcome.visuals.map(\.name) == ["x", "c", capture ? "c" : "x"], "\(what): \(outcome.visuals)")
            #expect(outcome.visuals.last?.status == "failed", "\(what): \(outcome.visuals)")
            // The test's baseline is still the home screen it recorded.
            try tmp.write(
                "a.lua", "prototype \"Proto\"\ntest(\"t\", function() expect.screenshot(\"x\", { timeout = 0 }) end)\n")
            let again = try Sceneflow.run(["test", "a.lua"], in: tmp.url, timeout: 120)
            #expect(again.status == 0, "\(what): \(again)")
        }
    }
}
