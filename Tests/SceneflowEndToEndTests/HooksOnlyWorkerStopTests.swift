import Foundation
import SceneflowRunner
import Testing

/// When the last test of a file ends its worker, a fresh worker runs only the file's hooks
/// (before_all for its globals, then after_all); when that worker is stopped too (its
/// after_all stuck in a library call that never returns to Lua), the stop is the file's
/// `(after_all)` entry and the run goes on: a third worker is never started (red-team finding
/// S6: workers were started and stopped for ever, and the run never ended). A last test
/// stopped in before_all has the fresh worker leave before_all out (it would be stopped
/// again): after_all runs, and its own failure is the entry (red-team finding o10).
@Suite struct HooksOnlyWorkerStopTests {
    /// A library call that does not return for minutes.
    static let stuck = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// Files whose hooks-only worker is stopped, and the hook its entry names.
    static let files: [(name: String, text: String, hook: String)] = [
        (
            "cc.lua",
            "after_all(function() \(stuck) end)\ntest(\"a\", function() end)\ntest(\"b\", function() \(stuck) end)\n",
            "after_all of cc.lua"
        ),
        (
            "bb.lua",
            "before_all(function() \(stuck) end)\nafter_all(function() error(\"ab\") end)\ntest(\"a\", function() end)\n",
            "in after_all: ab"
        ),
    ]

    /// A file without after_all whose before_all is stuck: each test fails naming the hook,
    /// and no `(after_all)` entry follows (there is no after_all to run).
    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func aStuckBeforeAllWithoutAfterAllAddsNoEntry(_ jobs: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "bo.lua",
            "prototype \"Proto\"\nbefore_all(function() \(Self.stuck) end)\ntest(\"a\", function() end)\ntest(\"b\", function() end)\n"
        )
        let r = try Sceneflow.run(
            ["test", "bo.lua", "--timeout", "1", "--json", "r.json"] + jobs, in: tmp.url, timeout: 100)
        #expect(!r.timedOut && r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = try #require(report.files.first?.outcomes)
        #expect(outcomes.map(\.name) == ["a", "b"], "\(outcomes.map(\.name))")
        for outcome in outcomes {
            #expect(outcome.failure?.message.contains("before_all of bo.lua") == true, "\(outcome)")
        }
    }

    @Test(arguments: files.indices, [["--jobs", "1"], ["--jobs", "2"]])
    func aStoppedHooksOnlyWorkerIsTheAfterAllEntry(_ index: Int, _ jobs: [String]) throws {
        let (name, text, hook) = Self.files[index]
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(name, "prototype \"Proto\"\n" + text)
        try tmp.write("other.lua", "prototype \"Proto\"\ntest(\"other\", function() end)\n")
        let r = try Sceneflow.run(
            ["test", name, "other.lua", "--timeout", "1", "--json", "r.json"] + jobs, in: tmp.url, timeout: 100)
        #expect(!r.timedOut, "the run never ended: \(r)")
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = try #require(report.files.first { $0.file == name }?.outcomes)
        let entries = outcomes.filter { $0.name == TestOutcome.afterAllName }
        #expect(entries.count == 1, "\(outcomes.map(\.name))")
        let message = entries.first?.failure?.message ?? ""
        #expect(message.contains(hook), "\(message)")
        #expect(message.contains("its worker process was stopped") == (name == "cc.lua"), "\(message)")
        #expect(report.files.first { $0.file == "other.lua" }?.outcomes.first?.verdict == .passed)
        if name == "cc.lua" {
            #expect(outcomes.first { $0.name == "a" }?.verdict == .passed, "\(outcomes)")
        }
    }
}
