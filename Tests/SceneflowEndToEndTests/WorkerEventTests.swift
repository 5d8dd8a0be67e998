import Foundation
import Testing

/// A worker holds its event lines until the next Lua code runs (a test's load and run) or its
/// file ends, so the runner is woken about twice per small file; whenever the worker could be
/// stopped, the runner still knows every verdict so far and which test runs.
@Suite struct WorkerEventTests {
    /// Two tests that end (one passing, one failing), a test that keeps its worker busy for
    /// minutes of CPU time, and one after it.
    static let script = """
        prototype "Proto"
        test("first", function() end)
        test("second", function() error("second fails") end)
        test("busy", function()
          while true do
            local x = 0
            for j = 1, 1000000 do x = x + j end
            wait(0.1)
          end
        end)
        test("after", function() end)

        """

    /// Killed from outside while the third test runs, the worker costs only that test: the
    /// first two keep the verdicts their worker sent (the second's own message), the third
    /// fails naming the kill, the fourth runs in a new worker.
    @Test(arguments: ["1", "2"])
    func aKilledWorkerKeepsTheVerdictsItSent(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("suite.lua", Self.script)
        let process = try WorkerProcesses.start(
            ["test", "suite.lua", "--jobs", jobs, "--timeout", "600", "--json", "r.json"], in: tmp)
        // The busy test runs once its worker has used 0.5 s of CPU time (the first two tests
        // and the loads take milliseconds).
        let workers = WorkerProcesses.waitUntilBusy(process.processIdentifier) ?? []
        #expect(workers.count == 1, "the busy test never started")
        for pid in workers { kill(pid, SIGKILL) }
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let console = (try? String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 1, "\(console)")
        let report = try VerdictIsolationTests.verdicts(tmp.file("r.json"))
        #expect(
            report.tests == [
                "suite.lua: first": "passed", "suite.lua: second": "failed", "suite.lua: busy": "failed",
                "suite.lua: after": "passed",
            ], "\(report) \(console)")
        #expect(console.contains("second fails"), "\(console)")
        #expect(console.contains("exited on signal 9"), "\(console)")
    }
}
