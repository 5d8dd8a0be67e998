import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// The after_all hooks run in a fresh load of their own after the last test, in which
/// before_all runs again for its globals. Red-team 35 (36 A) W2, S1: when a limit stopped
/// before_all there (the watchdog, a stuck C call, the clock limit, a failing prototype action)
/// the after_all hooks never ran and nothing said so, the run green in every report; a stop
/// signal there exited 0, "after every test had run". Now the stop is the `(after_all)`
/// entry's, after_all still runs in a load that leaves before_all out, and a signal there
/// leaves the entry interrupted (exit 128 + the signal).
@Suite struct AfterAllLoadStopTests {
    /// before_all's body, run only in a load after the test burned 0.4 s of CPU time.
    static let endings = [
        "while true do end", AfterEachAfterEveryEndingTests.stuckCall, "wait(100000)", "tap \"Broken\"",
    ]

    static func script(_ late: String) -> String {
        """
        prototype "Proto"
        before_all(function() if os.clock() > 0.3 then \(late) end end)
        after_all(function() log.message("after_all ran") error("AA ERR") end)
        test("burns", function() local t = os.clock() while os.clock() - t < 0.4 do end end)

        """
    }

    @Test(arguments: endings.indices, ["1", "2"])
    func aLimitInBeforeAllOfTheAfterAllLoadFailsTheEntryAndAfterAllRuns(_ ending: Int, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write("a.lua", Self.script(Self.endings[ending]))
        let r = try Sceneflow.run(
            ["test", "a.lua", "--timeout", "5", "--clock-limit", "5", "--jobs", jobs, "--json", "r.json"], in: tmp.url,
            timeout: 120)
        #expect(r.status == 1, "\(Self.endings[ending]) --jobs \(jobs): \(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = report.files.first?.outcomes ?? []
        let entry = outcomes.first { $0.name == TestOutcome.afterAllName }
        let failure = entry?.failure?.message ?? "no (after_all) entry: \(outcomes.map(\.name))"
        #expect(entry?.verdict == .failed, "\(Self.endings[ending]) --jobs \(jobs): \(failure)")
        #expect(failure.contains("before_all") && failure.contains("AA ERR"), "\(Self.endings[ending]): \(failure)")
        // Red-team 43 A F2: a C call the watchdog ended (its worker stopped) lacked the prefix.
        #expect(
            failure.contains("before_all, run again for the after_all hooks, was stopped: "),
            "\(Self.endings[ending]): \(failure)")
        #expect(entry?.log.map(\.message).contains("after_all ran") == true, "\(entry?.log ?? [])")
        #expect(outcomes.first { $0.name == "burns" }?.verdict == .passed, "\(outcomes)")
    }

    @Test(arguments: ["1", "2"])
    func aSignalInBeforeAllOfTheAfterAllLoadInterruptsTheEntry(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("a.lua", Self.script("local t = os.clock() while os.clock() - t < 10 do end"))
        let process = try WorkerProcesses.start(
            ["test", "a.lua", "--timeout", "60", "--jobs", jobs, "--json", "r.json"], in: tmp,
            environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        // The test burns 0.4 s of CPU time; before_all then runs for 10 s in the after_all load.
        usleep(3_000_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143, "--jobs \(jobs)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcomes = report.files.first?.outcomes ?? []
        let entry = outcomes.first { $0.name == TestOutcome.afterAllName }
        #expect(entry?.verdict == .interrupted, "--jobs \(jobs): \(outcomes.map { ($0.name, $0.verdict) })")
        #expect(entry?.failure?.message.contains("after_all was stopped") == true, "\(entry?.failure?.message ?? "")")
    }
}
