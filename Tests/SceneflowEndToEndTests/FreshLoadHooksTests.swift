import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Every test, the after_all hooks and the after_each hooks of a stopped test run in a fresh
/// load of the script, each one checked against the first load. Red-team 37 W3: before_all
/// failing (an error, a failed soft expectation) only in the load made for after_all was in no
/// report, and a passing after_all left the run green. W4: a hook declared in the first load
/// but not in a later one (or the other way round) silently never ran there.
@Suite struct FreshLoadHooksTests {
    /// What before_all does only in a load that begins after the test burned 0.7 s of CPU time,
    /// and the text its failure must show.
    static let lateFailures: [(body: String, shows: String)] = [
        ("error(\"BA LATER\")", "BA LATER"),
        ("expect.soft(1).to_be(2)", "expected 1 to be 2"),
        ("error({code = 7})", "before_all"),
        ("expect(1)", "matcher"),
    ]

    static let burn = "local t = os.clock() while os.clock() - t < 0.7 do end"

    /// The JSON report's outcomes of the only file of `r.json` in `tmp`.
    static func outcomes(_ tmp: TempFolder) throws -> [TestOutcome] {
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        return report.files.first?.outcomes ?? []
    }

    @Test(arguments: lateFailures.indices, [false, true])
    func beforeAllFailingOnlyInTheAfterAllLoadFailsTheEntry(_ late: Int, _ afterAllFails: Bool) throws {
        let failure = Self.lateFailures[late]
        for jobs in ["1", "2"] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "a.lua",
                """
                prototype "Proto"
                before_all(function() if os.clock() > 0.5 then \(failure.body) end end)
                after_all(function() log.message("AA ran") \(afterAllFails ? "error(\"AA ERR\")" : "") end)
                test("burns", function() \(Self.burn) end)

                """)
            let r = try Sceneflow.run(
                ["test", "a.lua", "--jobs", jobs, "--json", "r.json", "--junit", "r.xml"], in: tmp.url, timeout: 120)
            let label = "\(failure.body), after_all fails: \(afterAllFails), --jobs \(jobs)"
            #expect(r.status == 1, "\(label): \(r)")
            let outcomes = try Self.outcomes(tmp)
            let entry = outcomes.first { $0.name == TestOutcome.afterAllName }
            let message = entry?.failure?.message ?? "no (after_all) entry: \(outcomes.map(\.name))"
            #expect(entry?.verdict == .failed, "\(label): \(message)")
            #expect(message.contains("before_all, run again for the after_all hooks, failed"), "\(label): \(message)")
            #expect(message.contains(failure.shows), "\(label): \(message)")
            #expect(!afterAllFails || message.contains("AA ERR"), "\(label): \(message)")
            #expect(outcomes.first { $0.name == "burns" }?.verdict == .passed, "\(label): \(outcomes)")
            #expect(r.stdout.contains("FAIL  (after_all)"), "\(label): \(r.stdout)")
            let junit = try String(contentsOf: tmp.url.appendingPathComponent("r.xml"), encoding: .utf8)
            #expect(!junit.contains("failures=\"0\" errors=\"0\""), "\(label): \(junit)")
        }
    }

    /// Where a hook is declared only in the first load (the tests' list), or only in later
    /// ones: `<kind>(function() … end)` under `if os.clock() < 0.5` or `> 0.5`.
    static let kinds = ["before_all", "before_each", "after_each", "after_all"]

    @Test(arguments: kinds, [true, false])
    func aHookDeclaredInOnlySomeLoadsFailsWhatRanWithoutIt(_ kind: String, _ onlyFirst: Bool) throws {
        for jobs in ["1", "2"] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "a.lua",
                """
                prototype "Proto"
                if os.clock() \(onlyFirst ? "<" : ">") 0.5 then \(kind)(function() log.message("HOOK ran") end) end
                test("first burns", function() \(Self.burn) end)
                test("second", function() end)

                """)
            let r = try Sceneflow.run(["test", "a.lua", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
            let label = "\(kind) only in the \(onlyFirst ? "first load" : "later loads"), --jobs \(jobs)"
            #expect(r.status == 1, "\(label): \(r)")
            let outcomes = try Self.outcomes(tmp)
            let failures = outcomes.compactMap(\.failure?.message).joined(separator: "\n")
            #expect(failures.contains("when loaded again"), "\(label): \(outcomes.map { ($0.name, $0.verdict) })")
        }
    }

    @Test(arguments: ["1", "2"])
    func anAfterAllHookMissingFromItsOwnLoadFailsTheEntry(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            if os.clock() < 0.5 then after_all(function() error("AA ERR") end) end
            test("burns", function() \(Self.burn) end)

            """)
        let r = try Sceneflow.run(["test", "a.lua", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "--jobs \(jobs): \(r)")
        let outcomes = try Self.outcomes(tmp)
        let entry = outcomes.first { $0.name == TestOutcome.afterAllName }
        let message = entry?.failure?.message ?? "no (after_all) entry: \(outcomes.map(\.name))"
        #expect(entry?.verdict == .failed, "--jobs \(jobs): \(message)")
        #expect(message.contains("after_all did not run") && message.contains("when loaded again"), "\(message)")
    }

    @Test(arguments: ["1", "2"])
    func anAfterEachHookMissingFromTheLoadForAStoppedTestIsSaid(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        // A failing prototype action ends the test before after_each, which then runs in a
        // fresh load (the stopped Lua state cannot be trusted).
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            if os.clock() < 0.5 then after_each(function() error("AE ERR") end) end
            test("breaks", function() \(Self.burn) tap "Broken" end)

            """)
        let r = try Sceneflow.run(["test", "a.lua", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "--jobs \(jobs): \(r)")
        let outcomes = try Self.outcomes(tmp)
        let message = outcomes.first { $0.name == "breaks" }?.failure?.message ?? "\(outcomes)"
        #expect(message.contains("action broke"), "--jobs \(jobs): \(message)")
        #expect(
            message.contains("after_each did not run") && message.contains("when loaded again"),
            "--jobs \(jobs): \(message)")
    }

    /// A prototype and `a.lua`, whose top level gets stuck in a C call once 0.5 s of CPU time
    /// has passed (in every load after the first), then declares `declarations`.
    static func stuckInLaterLoads(_ declarations: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            if os.clock() > 0.5 then \(AfterEachAfterEveryEndingTests.stuckCall) end
            \(declarations)

            """)
        return tmp
    }

    /// Red-team 37 M1: a top level stuck in a C call only in the load made for the after_all
    /// hooks was blamed on the test before ("test \"burns\" ran its Lua code … inside
    /// string.find"), which had passed; the hooks never ran.
    @Test(arguments: ["1", "2"])
    func aTopLevelStuckInTheAfterAllLoadIsNamedAsSuch(_ jobs: String) throws {
        let tmp = try Self.stuckInLaterLoads(
            """
            after_all(function() error("AA ERR") end)
            test("burns", function() \(Self.burn) end)
            """)
        let r = try Sceneflow.run(
            ["test", "a.lua", "--jobs", jobs, "--timeout", "2", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "--jobs \(jobs): \(r)")
        let outcomes = try Self.outcomes(tmp)
        let entry = outcomes.first { $0.name == TestOutcome.afterAllName }
        let message = entry?.failure?.message ?? "no (after_all) entry: \(outcomes.map(\.name))"
        #expect(entry?.verdict == .failed, "--jobs \(jobs): \(message)")
        #expect(
            message.hasPrefix(
                "after_all did not run: loading the script again for them was stopped: the top level of a.lua"),
            "--jobs \(jobs): \(message)")
        #expect(!message.contains("test \"burns\""), "--jobs \(jobs): \(message)")
        #expect(outcomes.first { $0.name == "burns" }?.verdict == .passed, "\(outcomes)")
    }

    /// Red-team 39 M2b: a test's own fresh load stuck in C at its top level was blamed on the
    /// test and on the watchdog's `--timeout` ("test \"second\" ran its Lua code for more
    /// than 30 s … (the watchdog)"), though it was stopped by the load's own 10 s limit and
    /// the test's function never ran. It now names the top level, as the after_all load does,
    /// and runs no after_each hook for the test.
    @Test(arguments: ["1", "2"])
    func aTopLevelStuckInATestsOwnLoadIsNamedAsSuch(_ jobs: String) throws {
        let tmp = try Self.stuckInLaterLoads(
            """
            after_each(function() log.message("AE log") end)
            test("burns", function() \(Self.burn) end)
            test("second", function() end)
            """)
        let r = try Sceneflow.run(
            ["test", "a.lua", "--jobs", jobs, "--timeout", "30", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "--jobs \(jobs): \(r)")
        let outcomes = try Self.outcomes(tmp)
        let second = outcomes.first { $0.name == "second" }
        let message = second?.failure?.message ?? "no outcome: \(outcomes.map(\.name))"
        #expect(second?.verdict == .failed, "--jobs \(jobs): \(message)")
        #expect(
            message.hasPrefix("the top level of a.lua did not finish loading within 10 s of real time"),
            "--jobs \(jobs): \(message)")
        #expect(!message.contains("30 s") && !message.contains("watchdog"), "--jobs \(jobs): \(message)")
        // Its function never began, so no after_each hook runs for it (one did, in a fresh
        // worker, and its log read as the stuck test's).
        #expect(second?.log.map(\.message) == [], "--jobs \(jobs): \(second?.log.map(\.message) ?? [])")
        #expect(!message.contains("after_each"), "--jobs \(jobs): \(message)")
        // The file declares no after_all hooks: no entry (red-team 41 A1: a failed one).
        #expect(outcomes.map(\.name) == ["burns", "second"], "--jobs \(jobs): \(outcomes.map(\.name))")
        #expect(outcomes.first { $0.name == "burns" }?.verdict == .passed, "\(outcomes)")
    }

    /// The M1 form for after_each: a test that failed by a prototype action has its after_each
    /// hooks run in a fresh load, whose top level got stuck in C. That was blamed on the hook
    /// and the watchdog ("after_each of a.lua … ran its Lua code for more than 30 s … (the
    /// watchdog)"); it now says the load's own 10 s limit stopped it, after the test's failure.
    @Test(arguments: ["1", "2"])
    func aTopLevelStuckInTheAfterEachLoadIsNamedAsSuch(_ jobs: String) throws {
        let tmp = try Self.stuckInLaterLoads(
            """
            after_each(function() log.message("AE log") end)
            test("breaks", function() \(Self.burn) tap "Broken" end)
            test("next", function() end)
            """)
        let r = try Sceneflow.run(
            ["test", "a.lua", "--jobs", jobs, "--timeout", "30", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "--jobs \(jobs): \(r)")
        let outcomes = try Self.outcomes(tmp)
        let breaks = outcomes.first { $0.name == "breaks" }
        let message = breaks?.failure?.message ?? "no outcome: \(outcomes.map(\.name))"
        #expect(breaks?.verdict == .failed, "--jobs \(jobs): \(message)")
        #expect(message.contains("action broke"), "the test's own failure first: \(message)")
        #expect(
            message.contains(
                "; then, in after_each: a.lua:4: after_each did not run: loading the script again for them was stopped: the top level of a.lua did not finish loading within 10 s of real time"
            ), "--jobs \(jobs): \(message)")
        #expect(!message.contains("30 s") && !message.contains("watchdog"), "--jobs \(jobs): \(message)")
    }
}
