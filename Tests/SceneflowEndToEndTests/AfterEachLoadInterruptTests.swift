import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// A test that ended before its after_each hooks (here a failing prototype action) has them
/// run in a fresh load. Red-team 37 S2: a stop signal while that load ran its slow before_all
/// gave FAIL with no word of after_each in one run, and INT "while the test ran" (it had ended)
/// in another. X1: with `-x --jobs 2`, another worker's failure cut that load and the test read
/// as a plain FAIL, its after_each dropped unsaid. Now the test is interrupted in every timing,
/// and its failure says the after_each hooks were stopped, and by what.
@Suite struct AfterEachLoadInterruptTests {
    /// `e.lua`: the test fails by a prototype action after burning 0.7 s of CPU time; in the
    /// fresh load for its after_each hooks, before_all then burns `seconds` of CPU time.
    static func suite(beforeAllSeconds seconds: Int) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write(
            "e.lua",
            """
            prototype "Proto"
            before_all(function() if os.clock() > 0.5 then local t = os.clock() while os.clock() - t < \(seconds) do end end end)
            after_each(function() log.message("AE log") error("AE ERR") end)
            test("breaks", function() local t = os.clock() while os.clock() - t < 0.7 do end tap "Broken" end)
            test("next", function() end)

            """)
        return tmp
    }

    @Test(arguments: ["1", "2"], [2.5, 4.0])
    func aSignalInTheAfterEachLoadInterruptsTheTestSayingSo(_ jobs: String, _ after: Double) throws {
        let tmp = try Self.suite(beforeAllSeconds: 20)
        let process = try WorkerProcesses.start(
            ["test", "e.lua", "--jobs", jobs, "--timeout", "60", "--json", "r.json"], in: tmp,
            environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        // Into the fresh load's before_all by the worker's CPU time (the test burns 0.7 s, its
        // load less than 0.3 s), not by a sleep: on a loaded machine 2.5 s of real time could
        // still be the test itself.
        let busy = WorkerProcesses.waitUntilBusy(process.processIdentifier, cpu: after - 1.3)
        #expect(busy != nil, "--jobs \(jobs): no worker reached \(after - 1.3) s of CPU time")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143, "--jobs \(jobs), after \(after) s")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = report.files.first?.outcomes.first { $0.name == "breaks" }
        let message = outcome?.failure?.message ?? "no outcome"
        #expect(outcome?.verdict == .interrupted, "--jobs \(jobs), after \(after) s: \(message)")
        #expect(message.contains("action broke"), "the test's own failure first: \(message)")
        #expect(
            message.contains("in after_each: ") && message.contains(HeadlessTestRunner.interruptedInAfterEachMessage),
            "--jobs \(jobs), after \(after) s: \(message)")
        #expect(!message.contains(HeadlessTestRunner.interruptedMessage), "the test had ended: \(message)")
    }

    @Test func anotherWorkersFailureUnderMaxFailuresSaysItStoppedTheAfterEachHooks() throws {
        let tmp = try Self.suite(beforeAllSeconds: 4)
        try tmp.write(
            "d.lua",
            """
            prototype "Proto"
            test("fails late", function() local t = os.clock() while os.clock() - t < 2 do end error("D FAILS") end)

            """)
        let r = try Sceneflow.run(
            ["test", "e.lua", "d.lua", "-x", "--jobs", "2", "--timeout", "20", "--json", "r.json"], in: tmp.url,
            timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = report.files.flatMap(\.outcomes).first { $0.name == "breaks" }
        let message = outcome?.failure?.message ?? "no outcome"
        #expect(message.contains("action broke"), "\(message)")
        // Either its after_each ran (before d failed) or the stop says it ended them.
        let ran = message.contains("AE ERR") && outcome?.log.map(\.message).contains("AE log") == true
        let said =
            outcome?.verdict == .interrupted
            && message.contains("stopped after 1 failure (--max-failures) while its after_each hooks ran")
        #expect(ran || said, "\(outcome?.verdict as Any): \(message)\n\(r.stdout)")
    }
}
