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
