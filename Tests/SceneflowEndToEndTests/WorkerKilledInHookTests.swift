import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 40 K1: a worker killed from outside (`kill -9`) while a test's before_each or
/// before_all hooks, or the file's after_all hooks, ran said "the worker running this test
/// exited …", where a limit or a stop signal there names the hook. It now names it too.
@Suite struct WorkerKilledInHookTests {
    @Test(arguments: [
        ("before_each", "before_each of k.lua (for test \"one\")"), ("before_all", "before_all of k.lua"),
        ("after_all", "after_all of k.lua"),
    ])
    func aWorkerKilledInAHookNamesTheHook(_ hook: String, _ named: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "k.lua",
            """
            prototype "Proto"
            \(hook)(function() log.message("HOOK log") local t = os.clock() while os.clock() - t < 30 do end end)
            test("one", function() end)

            """)
        let process = try WorkerProcesses.start(
            ["test", "k.lua", "--jobs", "1", "--timeout", "60", "--json", "r.json"], in: tmp,
            environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let busy = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier), "the hook never began")
        kill(busy[0], SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(hook)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = report.files.flatMap(\.outcomes)
        let failed = outcomes.first { $0.verdict == .failed }
        let message = failed?.failure?.message ?? "no failure: \(outcomes.map(\.name))"
        #expect(
            message.hasPrefix("the worker running \(named) exited on signal 9 (SIGKILL) without its result"),
            "\(hook): \(message)")
    }
}
