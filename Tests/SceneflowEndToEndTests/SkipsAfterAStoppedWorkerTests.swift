import Foundation
import SceneflowRunner
import Testing

/// Red-team R1: `skip()`ped tests after the last test that runs, when that test ended its worker
/// (a library call stuck past `--timeout` in it, its after_each or the file's after_all), vanished from every report
/// (TAP plan `1..1` for a file of three tests): the fresh worker that ran the file's hooks
/// said the file was done, and the runner took that for every test having its outcome. Every
/// reader must see them, as when the test fails in a live worker: the console, TAP, JSON and
/// JUnit agree on names and counts, with and without after_all, serially and in parallel.
@Suite struct SkipsAfterAStoppedWorkerTests {
    static let stuck = "string.find(string.rep(\"a\", 40), string.rep(\"a*\", 30) .. \"b\")"

    /// Where the last test that runs ends its worker: in its body, in its after_each, or (the
    /// live-worker case, which always held) by `error()`.
    static let endings: [(name: String, body: String, hooks: String, summary: String)] = [
        ("stuck body", stuck, "", "0 passed, 1 failed, 2 skipped"),
        ("stuck after_each", "", "after_each(function() \(stuck) end)\n", "0 passed, 1 failed, 2 skipped"),
        ("stuck after_all", "", "after_all(function() \(stuck) end)\n", "1 passed, 1 failed, 2 skipped"),
        ("error", "error(\"broke\")", "", "0 passed, 1 failed, 2 skipped"),
    ]

    static let modes: [(afterAll: Bool, options: [String])] = [
        (false, ["--jobs", "1"]), (true, ["--jobs", "1"]), (false, ["--jobs", "2", "--reverse"]),
        (true, ["--jobs", "2", "--reverse"]),
    ]

    @Test(arguments: endings.indices, modes.indices)
    func skipsAfterTheTestThatEndedItsWorkerAreReported(ending: Int, modeIndex: Int) throws {
        let (afterAll, mode) = Self.modes[modeIndex]
        let tmp = try TempFolder()
        try tmp.prototype()
        let (_, body, hooks, summary) = Self.endings[ending]
        let all = afterAll ? "after_all(function() log.message(\"done\") end)\n" : ""
        try tmp.write(
            "s/t.lua",
            """
            prototype "../Proto"
            \(hooks)\(all)test("t0", function() \(body) end)
            skip("t1", function() end, "reason one")
            skip("t2", function() end, "reason two")

            """)
        let r = try Sceneflow.run(
            ["test", "s", "--timeout", "1", "--json", "r.json", "--junit", "r.xml"] + mode,
            in: tmp.url, timeout: 120)
        let label = "\(Self.endings[ending].name), after_all \(afterAll), \(mode)"
        #expect(r.status == 1, "\(label): \(r)")
        #expect(r.stdout.contains(summary), "\(label): \(r.stdout)")
        for name in ["t1", "t2"] {
            #expect(r.stdout.contains("SKIP  \(name)  (reason"), "\(label): the console shows \(name)\n\(r.stdout)")
        }
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        let names = report.files.flatMap { $0.outcomes.map(\.name) }
        #expect(names.filter { $0 != "(after_all)" }.sorted() == ["t0", "t1", "t2"], "\(label): \(names)")
        let tap = try Sceneflow.run(["test", "s", "--timeout", "1", "--tap"] + mode, in: tmp.url, timeout: 120).stdout
        #expect(tap.contains("1..\(names.count)"), "\(label): TAP plan\n\(tap)")
        #expect(tap.components(separatedBy: "# SKIP").count - 1 == 2, "\(label): TAP skips\n\(tap)")
        let junit = try String(contentsOfFile: tmp.file("r.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == names.count, "\(label): \(junit)")
        #expect(junit.components(separatedBy: "<skipped").count - 1 == 2, "\(label): \(junit)")
    }
}
