import Foundation
import Testing

/// A second stop signal, and SIGHUP, still leave the reports (red-team findings F10, F11): a
/// double Ctrl-C, SIGTERM after SIGINT (how CI escalates) or SIGINT after SIGTERM during the
/// shutdown, for serial runs and `--jobs` workers, end with the exit code of the *first*
/// signal and every report written; SIGHUP (a closed terminal or SSH session) stops a run as
/// SIGTERM does and exits 129. The second signal is sent right after the first, while the
/// runner is writing its reports or waiting for its workers.
@Suite struct RepeatedSignalTests {
    let helper = InterruptionTests()

    /// Runs a busy suite, sends `signals` (the first once the worker is busy in Lua, each later
    /// one 20 ms after the one before) and checks the exit and the reports.
    func check(_ signals: [Int32], jobs: Int = 1, expected: Int32) throws {
        let tmp = try helper.busySuite(files: jobs == 1 ? ["busy.lua"] : ["a.lua", "b.lua"])
        let process = try helper.start(
            [
                "test", "suite", "--jobs", String(jobs), "--junit", "j.xml", "--json", "r.json", "--report", "rep",
                "--timeout", "60",
            ], in: tmp)
        #expect(
            WorkerProcesses.waitUntilBusy(process.processIdentifier, count: jobs) != nil, "the busy test never started")
        for (index, signal) in signals.enumerated() {
            if index > 0 { usleep(20_000) }
            kill(process.processIdentifier, signal)
        }
        #expect(helper.waitForExit(process), "the run must stop within seconds")
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == expected)
        for file in ["j.xml", "r.json", "rep/results.json", "rep/junit.xml", "rep/index.html"] {
            #expect(FileManager.default.fileExists(atPath: tmp.file(file)), "\(file) not written after \(signals)")
        }
        let json = (try? String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)) ?? ""
        #expect(json.contains("\"verdict\" : \"interrupted\""), "\(json)")
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(
            stdout.split(separator: "\n").last?.contains("; the run failed: stopped by SIG") == true,
            "the console must end with its summary, which names the stop: \(stdout)")
    }

    @Test func doubleSigintWritesTheReports() throws { try check([SIGINT, SIGINT], expected: 130) }
    @Test func sigintThenSigtermWritesTheReports() throws { try check([SIGINT, SIGTERM], expected: 130) }
    @Test func sigtermThenSigintWritesTheReports() throws { try check([SIGTERM, SIGINT], expected: 143) }
    @Test func doubleSigtermWithJobsWritesTheReports() throws { try check([SIGTERM, SIGTERM], jobs: 2, expected: 143) }
    @Test func sighupStopsTheRunWithReportsAndExits129() throws { try check([SIGHUP], expected: 129) }
    @Test func sighupWithJobsStopsTheRunWithReports() throws { try check([SIGHUP], jobs: 2, expected: 129) }
    /// Red-team finding: SIGQUIT (Ctrl-backslash) printed the Swift runtime's crash report and
    /// the run went on to exit 0. It stops the run as SIGTERM does and exits 131.
    @Test func sigquitStopsTheRunWithReportsAndExits131() throws { try check([SIGQUIT], expected: 131) }
    @Test func sigquitWithJobsStopsTheRunWithReports() throws { try check([SIGQUIT], jobs: 2, expected: 131) }

    /// Red-team finding: SIGABRT or SIGSEGV sent to a worker was caught by the Swift runtime's
    /// backtracer and the test then passed. A worker killed by a fatal signal fails its test.
    @Test(arguments: [SIGABRT, SIGSEGV, SIGBUS])
    func aFatalSignalToAWorkerFailsItsTest(_ signal: Int32) throws {
        let tmp = try helper.busySuite(files: ["busy.lua"])
        let process = try helper.start(["test", "suite", "--json", "r.json", "--timeout", "60"], in: tmp)
        let worker = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier, count: 1)?.first)
        kill(worker, signal)
        guard helper.waitForExit(process, seconds: 60) else {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("the run did not end within 60 s after the worker got signal \(signal)")
            return
        }
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationStatus)")
        let json = (try? String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)) ?? ""
        #expect(json.contains("\"verdict\" : \"failed\""), "\(json)")
        #expect(json.contains("exited on signal \(signal)"), "the failure says how the worker ended: \(json)")
    }
}
