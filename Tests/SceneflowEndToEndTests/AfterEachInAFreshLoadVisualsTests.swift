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

    /// Red-team 47 B J1: the hook's failed check of the test's name wrote its failure images
    /// into the folder of the test's own failed check (`…/01-t/x/`): the test's evidence was
    /// lost, and both failures named the same files. The hook's go to `x-2/`, as in one Lua state.
    @Test(arguments: endings)
    func theHooksFailureImagesKeepTheTests(_ ending: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("Proto/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 30, 30)))
        try tmp.write("__screenshots__/a/x.png", PNGWriter.solid(width: 36, height: 80, rgb: (0, 255, 0)))
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            after_each(function() expect.soft.screenshot("x", { timeout = 0 }) end)
            test("t", function() tap "Open"; expect.soft.screenshot("x", { timeout = 0 }); \(ending) end)

            """)
        let r = try Sceneflow.run(
            ["test", "a.lua", "--timeout", "2", "--report", "rep", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = try #require(report.files.first?.outcomes.first { $0.name == "t" })
        let actuals = outcome.visuals.compactMap { $0.files["actual"] }
        #expect(actuals.count == 2 && Set(actuals).count == 2, "\(ending.prefix(12)): \(actuals)")
        let images = try actuals.map { try Data(contentsOf: URL(fileURLWithPath: tmp.file($0))) }
        #expect(images.count == 2 && images[0] != images[1], "the test's (detail) and the hook's (home) frames")
    }

    /// Red-team 48 A F2: the fresh worker that runs a stopped test's after_each runs before_all
    /// first; a before_all that captured and recorded a baseline there and was then stopped
    /// left both on disk and in no report (the next run compared with a baseline no report
    /// named). They are named with the test. Red-team 49 A F2: with a test after it in the file,
    /// that stop was named "after_each of a.lua (for test "t") …" while it pointed at before_all's
    /// line; it is before_all's, whether the test is the file's last or not.
    @Test(arguments: [false, true])
    func aBeforeAllStoppedInTheHooksWorkerNamesWhatItWrote(testAfter: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            before_all(function()
              if os.time() - tonumber(param("t0")) >= 2 then
                capture "bac"; expect.screenshot "bas"; \(AfterEachAfterEveryEndingTests.stuckCall)
              end
            end)
            after_each(function() end)
            test("t", function() \(AfterEachAfterEveryEndingTests.stuckCall) end)
            \(testAfter ? "test(\"u\", function() end)" : "")

            """)
        let t0 = String(Int(Date().timeIntervalSince1970))
        let r = try Sceneflow.run(
            [
                "test", "a.lua", "--timeout", "2", "--param", "t0=\(t0)", "--update-baselines", "missing", "--json",
                "r.json",
            ],
            in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("__screenshots__/a/bas.png")), "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let names = report.files.flatMap(\.outcomes).flatMap(\.visuals).map(\.name)
        #expect(names.contains("bas") && names.contains("bac"), "\(names): \(r)")
        #expect(r.stdout.contains("bas.png"), "\(r.stdout)")
        let test = try #require(report.files.flatMap(\.outcomes).first { $0.name == "t" })
        let message = test.failure?.message ?? ""
        #expect(message.contains("then, in after_each: a.lua:8: before_all of a.lua"), "\(message)")
        #expect(!message.contains("after_each of a.lua"), "\(message)")
    }
}
