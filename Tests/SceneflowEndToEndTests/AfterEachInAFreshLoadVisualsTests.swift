import Foundation
import SceneflowRunner
import Testing

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
