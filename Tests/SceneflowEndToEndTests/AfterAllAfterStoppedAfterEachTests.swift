import Foundation
import SceneflowRunner
import Testing

/// When the last test of a file is stopped before its after_each hooks, those hooks run in a
/// fresh load (or a fresh worker); when they are stopped there too (the watchdog, the clock
/// limit, the memory limit, or a call that never returns to Lua, which ends that worker), the
/// file's after_all hooks still run, in a fresh load of their own, and their verdict is
/// reported as when nothing was stopped (red-team finding p8: after_all never ran).
@Suite struct AfterAllAfterStoppedAfterEachTests {
    /// A library call that does not return for minutes.
    static let stuck = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// How the test "b" ends before its after_each hooks: a limit (its worker lives on) or a
    /// call that never returns (its worker is ended).
    static let testEndings = ["while true do end", stuck]

    /// How the after_each hook is stopped, and words of the failure it adds to the test.
    static let hookEndings: [(body: String, words: String)] = [
        ("while true do end", "after_each of h.lua (for test \"b\") ran its Lua code"),
        ("wait(1000)", "did not finish within 5 s of clock time"),
        ("local t = {} for i = 1, 1e9 do t[i] = i end", "used more than"),
        (stuck, "after_each of h.lua (for test \"b\")"),
    ]

    @Test(arguments: testEndings.indices, hookEndings.indices)
    func afterAllRunsAfterAStoppedAfterEach(_ testEnding: Int, _ hookEnding: Int) throws {
        let (hook, words) = Self.hookEndings[hookEnding]
        for jobs in ["1", "2"] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "h.lua",
                """
                prototype "Proto"
                after_each(function() log.message("ae began") \(hook) end)
                after_all(function() log.message("aa ran") error("hook broke") end)
                test("b", function() \(Self.testEndings[testEnding]) end)

                """)
            try tmp.write("other.lua", "prototype \"Proto\"\ntest(\"other\", function() end)\n")
            let r = try Sceneflow.run(
                [
                    "test", "h.lua", "other.lua", "--timeout", "3", "--clock-limit", "5", "--jobs", jobs, "--json",
                    "r.json",
                ],
                in: tmp.url, timeout: 150)
            #expect(!r.timedOut && r.status == 1, "\(r)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let outcomes = try #require(report.files.first { $0.file == "h.lua" }?.outcomes)
            #expect(outcomes.map(\.name) == ["b", TestOutcome.afterAllName], "jobs \(jobs): \(outcomes)")
            let test = try #require(outcomes.first)
            #expect(test.verdict == .failed)
            #expect(test.failure?.message.contains(words) == true, "jobs \(jobs): \(test.failure?.message ?? "")")
            #expect(test.log.filter { $0.message == "ae began" }.count == 1, "jobs \(jobs): \(test.log)")
            let entry = outcomes.last
            #expect(entry?.verdict == .failed, "jobs \(jobs)")
            #expect(
                entry?.failure?.message.hasPrefix("in after_all: ") == true
                    && entry?.failure?.message.contains("hook broke") == true,
                "jobs \(jobs): \(entry?.failure?.message ?? "")")
            #expect(entry?.log.map(\.message) == ["aa ran"], "jobs \(jobs): \(entry?.log ?? [])")
            #expect(report.files.first { $0.file == "other.lua" }?.outcomes.first?.verdict == .passed)
        }
    }
}
