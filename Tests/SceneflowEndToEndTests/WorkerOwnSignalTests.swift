import Foundation
import SceneflowRunner
import Testing

/// A stop signal sent to a `--jobs` worker alone (SIGTERM, SIGINT or SIGHUP from a CI clean-up
/// that signals the children of a process group, or `kill PID`) is not the run's: the worker
/// ends as a `kill -9`ed one does, its test fails naming the signal, the rest of its file runs
/// in a fresh worker and the run ends normally (exit 1, not 128 + the signal). The same signal
/// sent to the runner still stops the whole run (`InterruptionTests`, `RepeatedSignalTests`).
@Suite struct WorkerOwnSignalTests {
    let helper = InterruptionTests()

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP], [1, 2])
    func aSignalToAWorkerAloneFailsItsTestAndTheRunGoesOn(_ signal: Int32, jobs: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/a.lua",
            """
            prototype "../Proto"
            test("spins", function() while true do end end)
            test("after", function() end)
            test("last", function() end)

            """)
        try tmp.write("suite/b.lua", "prototype \"../Proto\"\ntest(\"other\", function() end)\n")
        let process = try helper.start(
            ["test", "suite", "--jobs", String(jobs), "--json", "r.json", "--timeout", "60"], in: tmp)
        let worker = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier, count: 1)?.first)
        kill(worker, signal)
        guard helper.waitForExit(process, seconds: 60) else {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the run did not end within 60 s after its worker got signal \(signal)")
            return
        }
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationStatus)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = report.files.flatMap(\.outcomes)
        let byName = Dictionary(outcomes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let spins = try #require(byName["spins"])
        #expect(spins.verdict == .failed, "\(spins)")
        let name = ["\(SIGTERM)": "SIGTERM", "\(SIGINT)": "SIGINT", "\(SIGHUP)": "SIGHUP"]["\(signal)"]!
        #expect(
            spins.failure?.message.contains(
                "exited on signal \(signal) (\(name), sent to it alone from outside the run)")
                == true, "\(spins.failure.map { "\($0)" } ?? "")")
        // The rest of the file ran in a fresh worker, and the other file ran.
        for test in ["after", "last", "other"] {
            #expect(byName[test]?.verdict == .passed, "\(test): \(outcomes.map { ($0.name, $0.verdict) })")
        }
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(stdout.contains("3 passed, 1 failed\n"), "\(stdout)")
        #expect(!stdout.contains("interrupted"), "\(stdout)")
    }
}
