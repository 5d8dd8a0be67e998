import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// A file's hooks behave the same whatever ends a test: when the last test ends its worker
/// process (a call that never returns to Lua, `kill -9`), a fresh worker runs the file's
/// after_all hooks and their failure is the file's `(after_all)` entry; a limit that stops a
/// hook names the hook, not the test; stopped inside after_all, the test keeps the verdict it
/// had before the hooks; the `(after_all)` entry has its real time.
@Suite struct HooksAfterStoppedWorkerTests {
    static let stuckCall = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// Runs `sceneflow test r.lua --timeout 1 --clock-limit 5 --json r.json` on `script`;
    /// returns the console
    /// and the file's outcomes.
    func run(_ script: String) throws -> (console: String, outcomes: [TestOutcome]) {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("r.lua", "prototype \"Proto\"\n" + script)
        let r = try Sceneflow.run(
            ["test", "r.lua", "--timeout", "1", "--clock-limit", "5", "--json", "r.json"], in: tmp.url, timeout: 90)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        return (r.stdout, report.files.first?.outcomes ?? [])
    }

    /// How the last test ends before the file's after_all hooks.
    static let lastTestEndings = [
        ("a library call that never returns", stuckCall), ("the watchdog", "while true do end"),
        ("the clock limit", "wait(1000)"),
    ]

    @Test(arguments: lastTestEndings.map(\.0))
    func afterAllRunsWhenALimitEndsTheLastTest(_ ending: String) throws {
        let body = try #require(Self.lastTestEndings.first { $0.0 == ending }).1
        let (console, outcomes) = try run(
            """
            after_all(function() error("after_all broke") end)
            test("first", function() end)
            test("stuck", function() \(body) end)
            skip("skipped", function() end)

            """)
        // The entry follows the last test that ran, as when no limit ended it.
        #expect(outcomes.map(\.name) == ["first", "stuck", TestOutcome.afterAllName, "skipped"], "\(outcomes)")
        #expect(outcomes.map(\.verdict) == [.passed, .failed, .failed, .skipped], "\(console)")
        #expect(outcomes[2].failure?.message == "in after_all: after_all broke", "\(console)")
        #expect(outcomes[2].hook == "after_all")
        #expect(console.contains("  FAIL  (after_all)  ("), "\(console)")
        #expect(!console.contains("time unknown"), "the (after_all) entry has its time: \(console)")
    }

    @Test func afterAllRunsWhenTheLastTestsWorkerIsKilled() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            after_all(function() error("after_all broke") end)
            test("first", function() end)
            test("stuck", function() \(Self.stuckCall) end)

            """)
        let process = try WorkerProcesses.start(["test", "r.lua", "--timeout", "120", "--json", "r.json"], in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let busy = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier), "the stuck call never began")
        kill(busy[0], SIGKILL)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 1)
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = report.files.first?.outcomes ?? []
        #expect(outcomes.map(\.name) == ["first", "stuck", TestOutcome.afterAllName], "\(outcomes)")
        #expect(outcomes.last?.failure?.message == "in after_all: after_all broke", "\(outcomes)")
    }

    @Test func aLoopingAfterAllIsNamedAndTheTestsKeepTheirVerdicts() throws {
        let (console, outcomes) = try run(
            """
            after_all(function() while true do end end)
            test("d1", function() end)
            test("d2", function() expect.soft(1).to_equal(2) end)

            """)
        #expect(outcomes.map(\.verdict) == [.passed, .failed, .failed], "\(console)")
        #expect(outcomes[1].failure?.message.contains("expected 1 to equal 2") == true, "\(console)")
        let entry = try #require(outcomes.last)
        #expect(entry.name == TestOutcome.afterAllName)
        #expect(
            entry.failure?.message.hasPrefix("after_all of r.lua ran its Lua code for more than 1 s") == true,
            "\(console)")
        #expect(!console.contains("test \"d2\" ran its Lua code"), "\(console)")
        #expect(entry.wallSeconds != nil, "\(entry)")
    }

    @Test func anAfterAllStuckInALibraryCallIsNamedAndTheTestKeepsItsFailure() throws {
        let (console, outcomes) = try run(
            """
            after_all(function() \(Self.stuckCall) end)
            test("d1", function() end)
            test("d2", function() error("own failure") end)

            """)
        #expect(outcomes.map(\.verdict) == [.passed, .failed, .failed], "\(console)")
        #expect(outcomes[1].failure?.message == "own failure", "\(console)")
        #expect(outcomes[1].failure?.line == 4, "\(console)")
        let message = outcomes.last?.failure?.message ?? ""
        #expect(message.hasPrefix("after_all of r.lua ran its Lua code for more than 1 s"), "\(console)")
        #expect(message.contains("its worker process was stopped"), "\(console)")
    }

    @Test(arguments: ["before_each", "after_each", "before_all"])
    func aLoopingHookIsNamed(_ hook: String) throws {
        let (console, outcomes) = try run(
            """
            \(hook)(function() while true do end end)
            test("e1", function() end)

            """)
        let message = outcomes.first?.failure?.message ?? ""
        let who = hook == "before_all" ? "before_all of r.lua" : "\(hook) of r.lua (for test \"e1\")"
        #expect(message.hasPrefix("\(who) ran its Lua code for more than 1 s"), "\(console)")
    }
}
