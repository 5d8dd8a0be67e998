import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// A test's after_each hooks run however the test ended (as Jest, busted and XCTest run their
/// tear-down after a timeout): after a limit (the watchdog, the clock limit, the memory limit,
/// a prototype action's instruction limit) in a fresh load of the file, since the stopped Lua
/// state cannot be trusted, and after the test's worker process was stopped or killed in a
/// fresh worker. Their log is the test's, and their failure is added to the test's, as when
/// they run in the test's own Lua state; every report format and `--jobs` show the same.
@Suite struct AfterEachAfterEveryEndingTests {
    static let stuckCall = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// How the test ends, and the start of the failure that ending gives it.
    static let endings: [(name: String, body: String, message: String)] = [
        ("the watchdog", "while true do end", "test \"ends\" ran its Lua code for more than 1 s"),
        ("the clock limit", "wait(1000)", "test \"ends\" did not finish within 5 s of clock time"),
        ("the memory limit", "pcall(string.rep, \"x\", 300 * 1024 * 1024)", ""),
        ("an action's instruction limit", "tap \"Loop\"", ""),
        ("a failing action", "tap \"Broken\"", "action broke"),
        ("a library call that never returns", stuckCall, "test \"ends\" ran its Lua code for more than 1 s"),
    ]

    static let scenes = """
            home = {
              image = "home.png",
              elements = {
                { label = "Loop", frame = { 2, 10, 30, 20 }, on_tap = function(app) while true do end end },
                { label = "Broken", frame = { 2, 40, 30, 20 }, on_tap = function(app) error("action broke") end },
              },
            },
        """

    /// Writes the file whose test "ends" ends by `body`, with an after_each that logs and fails.
    static func folder(_ body: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: scenes, images: ["home.png"])
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            local cleaned = "in the file's own load"
            before_all(function() cleaned = "after before_all" end)
            after_each(function()
              log.message("cleanup ran " .. cleaned)
              error("cleanup broke")
            end)
            test("ends", function() \(body) end)

            """)
        return tmp
    }

    static let jobs = ["1", "2"]

    @Test(arguments: endings.map(\.name), jobs)
    func afterEachRunsAndItsFailureIsTheTestsInEveryReport(_ ending: String, jobs: String) throws {
        let (_, body, message) = try #require(Self.endings.first { $0.name == ending })
        let tmp = try Self.folder(body)
        let r = try Sceneflow.run(
            ["test", "r.lua", "--timeout", "1", "--clock-limit", "5", "--jobs", jobs, "--report", "rep"],
            in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("rep/results.json")))
        let outcomes = report.files.first?.outcomes ?? []
        #expect(outcomes.map(\.name) == ["ends"], "\(r.stdout)")
        let test = try #require(outcomes.first)
        #expect(test.verdict == .failed)
        let failure = test.failure?.message ?? ""
        #expect(failure.hasPrefix(message), "\(failure)")
        // As in the test's own Lua state: the test's failure, then the hook's.
        #expect(failure.contains("; then, in after_each: "), "\(failure)")
        #expect(failure.hasSuffix("cleanup broke"), "\(failure)")
        // The hook ran after before_all, as in the test's own state.
        #expect(test.log.map(\.message).contains("cleanup ran after before_all"), "\(test.log)")
        let junit = try String(contentsOf: tmp.url.appendingPathComponent("rep/junit.xml"), encoding: .utf8)
        let html = try String(contentsOf: tmp.url.appendingPathComponent("rep/index.html"), encoding: .utf8)
        for (format, text) in [("console", r.stdout), ("JUnit", junit), ("HTML", html)] {
            #expect(text.contains("in after_each: r.lua:6: cleanup broke"), "\(format): \(text)")
        }
        let tap = try Sceneflow.run(
            ["test", "r.lua", "--timeout", "1", "--clock-limit", "5", "--jobs", jobs, "--tap"], in: tmp.url,
            timeout: 120)
        #expect(tap.stdout.contains("not ok 1 - r.lua: ends"), "\(tap.stdout)")
        #expect(tap.stdout.contains("in after_each: r.lua:6: cleanup broke"), "TAP: \(tap.stdout)")
    }

    /// A test ended by a limit that reached its after_each hooks (stopped inside them) does not
    /// run them a second time.
    @Test(arguments: jobs)
    func aHookStoppedItselfIsNotRunAgain(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            after_each(function() log.message("cleanup began") while true do end end)
            test("ends", function() end)

            """)
        let r = try Sceneflow.run(
            ["test", "r.lua", "--timeout", "1", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let test = try #require(report.files.first?.outcomes.first)
        #expect(test.log.filter { $0.message == "cleanup began" }.count == 1, "\(test.log)")
        #expect(
            test.failure?.message.hasPrefix("after_each of r.lua (for test \"ends\") ran its Lua code") == true,
            "\(test)")
    }

    /// The worker of the test was killed (`kill -9`): a fresh worker runs after_each.
    @Test func afterEachRunsWhenTheTestsWorkerIsKilled() throws {
        let tmp = try Self.folder(Self.stuckCall)
        let process = try WorkerProcesses.start(
            ["test", "r.lua", "--timeout", "120", "--json", "r.json"], in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let busy = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier), "the stuck call never began")
        kill(busy[0], SIGKILL)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 1)
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let test = try #require(report.files.first?.outcomes.first)
        #expect(report.files.first?.outcomes.count == 1)
        #expect(test.failure?.message.hasSuffix("; then, in after_each: r.lua:6: cleanup broke") == true, "\(test)")
        #expect(test.log.map(\.message).contains("cleanup ran after before_all"), "\(test.log)")
    }
}
