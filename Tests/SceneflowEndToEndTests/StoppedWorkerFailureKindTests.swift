import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 50 A F1: a test whose worker process was stopped (a library call stuck past the
/// watchdog, a crash, a kill) was a JUnit `<failure type="expectation">` with no failure kind in
/// JSON or TAP, while the watchdog in a Lua loop gives `<error>` and kind `error`: dashboards
/// that tell failures from errors counted a hang as a failed assertion. A stop is classified
/// as the watchdog in Lua classifies it, wherever it hit (the test, its hooks, its fresh load).
@Suite struct StoppedWorkerFailureKindTests {
    static let stuck = AfterEachAfterEveryEndingTests.stuckCall

    static let scripts: [String] = [
        "test(\"t\", function() \(stuck) end)\n",
        "before_each(function() \(stuck) end)\ntest(\"t\", function() end)\n",
        "after_each(function() \(stuck) end)\ntest(\"t\", function() end)\n",
        "after_each(function() \(stuck) end)\ntest(\"t\", function() expect.soft(1).to_be(2) end)\n",
        // Stuck in the test's own fresh load (the top level, once the first test ran).
        "if os.clock() > 0.3 then \(stuck) end\ntest(\"a\", function() local t = os.clock() while os.clock() - t < 0.4 do end end)\ntest(\"t\", function() end)\n",
    ]

    /// The kind, JUnit element and TAP `failure_kind` of test `t` when `script` runs.
    static func kinds(_ script: String, jobs: String) throws -> (TestFailureKind?, String, String) {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", "prototype \"Proto\"\n" + script)
        let r = try Sceneflow.run(
            ["test", "s.lua", "--timeout", "1", "--jobs", jobs, "--json", "r.json", "--junit", "j.xml", "--tap"],
            in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(script) jobs \(jobs): \(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let test = try #require(report.files.flatMap(\.outcomes).first { $0.name == "t" }, "\(r)")
        #expect(test.verdict == .failed, "\(r)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        let testcase = try #require(junit.range(of: "name=\"t\""), "\(junit)")
        let element = junit[testcase.upperBound...].contains("<error") ? "error" : "failure"
        let tap = r.stdout.components(separatedBy: "failure_kind: ").dropFirst().first?.prefix { $0 != "\n" } ?? ""
        return (test.failureKind, element, String(tap))
    }

    /// Each ending stuck in a library call (its worker stopped) is classified as the same
    /// ending in a Lua loop (the watchdog stops it in a live worker): an error, or the test's
    /// own expectation when that failed first.
    @Test(arguments: 0..<scripts.count, ["1", "2"])
    func aStopIsClassifiedAsTheWatchdogInLua(index: Int, jobs: String) throws {
        let script = Self.scripts[index]
        let inC = try Self.kinds(script, jobs: jobs)
        let inLua = try Self.kinds(script.replacingOccurrences(of: Self.stuck, with: "while true do end"), jobs: jobs)
        #expect(inC.0 != nil, "#\(index) jobs \(jobs)")
        #expect(inC.0 == inLua.0, "#\(index) jobs \(jobs): \(inC) against \(inLua)")
        #expect(inC.1 == inLua.1 && inC.2 == inLua.2, "#\(index) jobs \(jobs): \(inC) against \(inLua)")
        let expected: TestFailureKind = index == 3 ? .expectation : .error
        #expect(inC.0 == expected, "#\(index) jobs \(jobs): \(inC)")
    }

    /// Red-team 51 A F1: the same for a stop signal that came while the worker was inside the
    /// call (in before_all, the test or after_each): the interrupted test had no kind in JSON
    /// or TAP, while one interrupted in Lua code is an error.
    @Test(arguments: [
        "before_all(function() \(stuck) end)\ntest(\"t\", function() end)\n",
        "test(\"t\", function() \(stuck) end)\n",
        "after_each(function() \(stuck) end)\ntest(\"t\", function() end)\n",
    ])
    func aSignalInsideTheCallIsAnError(script: String) throws {
        for body in [script, script.replacingOccurrences(of: Self.stuck, with: "while true do end")] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write("s.lua", "prototype \"Proto\"\n" + body)
            let process = try WorkerProcesses.start(["test", "s.lua", "--timeout", "120", "--json", "r.json"], in: tmp)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            _ = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier), "the loop never began")
            kill(process.processIdentifier, SIGINT)
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            #expect(process.terminationStatus == 130, "\(body)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let test = try #require(report.files.flatMap(\.outcomes).first { $0.name == "t" })
            #expect(test.verdict == .interrupted, "\(body)")
            #expect(test.failureKind == .error, "\(body): \(test)")
        }
    }
}
