import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 42 A1, A2: the last test is stopped, the load made for its after_each hooks gets
/// stuck in C, and so does the load of the worker that runs the after_all hooks next. That
/// worker's own load of the file was never said to be the hooks' load: the `(after_all)`
/// entry blamed the test's watchdog (`test "stopped" ran its Lua code for more than 3 s …`)
/// or "the worker running this test" after a `kill -9`, and a stop signal there dropped the
/// entry from every report and exited 1 ("SIGTERM arrived after every test had run").
@Suite struct AfterAllLoadAfterStuckLoadsTests {
    /// `r.lua`: after_each and after_all hooks, a passing test, then one stopped by the
    /// watchdog; every load from 2 s after `--param t0` on gets stuck in C at its top level.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            if os.time() - tonumber(param("t0")) >= 2 then \(AfterEachAfterEveryEndingTests.stuckCall) end
            after_each(function() log.message("AE log") end)
            after_all(function() log.message("AA log") end)
            test("first", function() end)
            test("stopped", function() while true do end end)

            """)
        return tmp
    }

    static let arguments = ["test", "r.lua", "--timeout", "3", "--json", "r.json"]

    /// The `(after_all)` entry of `r.json` in `tmp`.
    static func entry(_ tmp: TempFolder) throws -> TestOutcome? {
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        return report.files.flatMap(\.outcomes).first { $0.name == TestOutcome.afterAllName }
    }

    /// The second worker `runner` starts, the one that runs only the after_all hooks (the
    /// first runs the tests and the load for the after_each hooks; each is busy in Lua or a
    /// stuck call as it runs), or nil after `limit` seconds.
    static func hooksWorker(of runner: Int32, limit: Double = 90) -> Int32? {
        var seen: [Int32] = []
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            for pid in WorkerProcesses.children(of: runner) where !seen.contains(pid) {
                if WorkerProcesses.cpuSeconds(pid) >= 0.5 { seen.append(pid) }
            }
            if seen.count >= 2 { return seen[1] }
            usleep(20_000)
        }
        return nil
    }

    @Test(arguments: ["1", "2"])
    func theEntryNamesTheLoadsOwnLimit(_ jobs: String) throws {
        let tmp = try Self.suite()
        let t0 = Int(Date().timeIntervalSince1970)
        let r = try Sceneflow.run(
            Self.arguments + ["--jobs", jobs, "--param", "t0=\(t0)"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "--jobs \(jobs): \(r)")
        let message = try Self.entry(tmp)?.failure?.message ?? "no entry: \(r)"
        #expect(
            message.hasPrefix(
                "after_all did not run: loading the script again for them was stopped: the top level of r.lua did not finish loading within 10 s of real time"
            ), "--jobs \(jobs): \(message)")
        #expect(!message.contains("watchdog") && !message.contains("test \"stopped\""), "--jobs \(jobs): \(message)")
    }

    @Test func aWorkerKilledInThatLoadIsNamedAsTheLoad() throws {
        let tmp = try Self.suite()
        let t0 = Int(Date().timeIntervalSince1970)
        let runner = try WorkerProcesses.start(Self.arguments + ["--param", "t0=\(t0)"], in: tmp)
        let worker = try #require(Self.hooksWorker(of: runner.processIdentifier))
        kill(worker, SIGKILL)
        runner.waitUntilExit()
        #expect(runner.terminationStatus == 1)
        let message = try Self.entry(tmp)?.failure?.message ?? "no entry"
        #expect(
            message.hasPrefix(
                "after_all did not run: loading the script again for them was stopped: the worker running the top level of r.lua exited on signal 9"
            ), "\(message)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStopSignalInThatLoadInterruptsTheEntry(_ signal: Int32) throws {
        let tmp = try Self.suite()
        let t0 = Int(Date().timeIntervalSince1970)
        let runner = try WorkerProcesses.start(Self.arguments + ["--param", "t0=\(t0)"], in: tmp)
        _ = try #require(Self.hooksWorker(of: runner.processIdentifier))
        kill(runner.processIdentifier, signal)
        runner.waitUntilExit()
        #expect(runner.terminationStatus == 128 + signal, "signal \(signal)")
        let entry = try Self.entry(tmp)
        #expect(entry?.verdict == .interrupted, "signal \(signal): \(String(describing: entry))")
        #expect(
            entry?.failure?.message.contains("after_all was stopped: the run was interrupted") == true,
            "signal \(signal): \(entry?.failure?.message ?? "no entry")")
    }
}
