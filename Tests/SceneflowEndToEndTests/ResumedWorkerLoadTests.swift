import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 40 W1 and L1: a test stuck in a C call ends its worker, and a fresh worker goes on
/// with the file. That worker's load is one more fresh load, and it was not checked: a hook or
/// test declared only there ran (a test that fails alone passed, an undeclared test was
/// reported), and when it failed the tests left vanished from every report and the file read
/// as a load error (exit 65). Now it is checked as every test's load is, and its failure is
/// the tests' it was to run, as in a live worker.
@Suite struct ResumedWorkerLoadTests {
    /// `r.lua`: its top level runs `late` in every load made 2 s or more after `--param t0`
    /// (so in the fresh worker, which starts after the stuck test's 3 s watchdog), then
    /// declares a test stuck in C, a second test and `more`.
    static func suite(late: String, more: String = "") throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            if os.time() - tonumber(param("t0")) >= 2 then \(late) end
            test("stuck", function() \(AfterEachAfterEveryEndingTests.stuckCall) end)
            test("two", function() expect(X).to_be(nil) end)
            \(more)

            """)
        return tmp
    }

    /// Runs `r.lua` with `--jobs jobs` and gives the exit status and the JSON report's outcomes.
    static func run(_ tmp: TempFolder, jobs: String) throws -> (status: Int32, outcomes: [TestOutcome], output: String)
    {
        let t0 = Int(Date().timeIntervalSince1970)
        let r = try Sceneflow.run(
            ["test", "r.lua", "--jobs", jobs, "--timeout", "3", "--param", "t0=\(t0)", "--json", "r.json"],
            in: tmp.url, timeout: 120)
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        return (r.status, report.files.flatMap(\.outcomes), r.stdout + r.stderr)
    }

    @Test(arguments: ["a before_each", "a test"], ["1", "2"])
    func aDeclarationOnlyInTheFreshWorkersLoadFailsWhatItRan(_ what: String, _ jobs: String) throws {
        let tmp =
            what == "a test"
            ? try Self.suite(late: "LATE = true", more: #"if LATE then test("extra", function() end) end"#)
            : try Self.suite(late: "before_each(function() X = 1 end)")
        let r = try Self.run(tmp, jobs: jobs)
        #expect(r.status == 1, "\(what), --jobs \(jobs): \(r.output)")
        let two = r.outcomes.first { $0.name == "two" }
        #expect(two?.verdict == .failed, "\(what), --jobs \(jobs): \(r.output)")
        #expect(
            two?.failure?.message.contains("gave a different result when loaded again") == true,
            "\(what), --jobs \(jobs): \(two?.failure?.message ?? r.output)")
        #expect(r.outcomes.map(\.name) == ["stuck", "two"], "\(what), --jobs \(jobs): \(r.outcomes.map(\.name))")
    }

    @Test(arguments: ["1", "2"])
    func aFreshWorkersLoadThatFailsFailsTheTestsLeft(_ jobs: String) throws {
        let tmp = try Self.suite(
            late: #"error("TOP LATE")"#, more: #"after_each(function() log.message("AE log") end)"#)
        let r = try Self.run(tmp, jobs: jobs)
        #expect(r.status == 1, "--jobs \(jobs): a test's failure, not a file that cannot load: \(r.output)")
        #expect(r.outcomes.map(\.name) == ["stuck", "two"], "--jobs \(jobs): \(r.outcomes.map(\.name))")
        let stuck = r.outcomes.first { $0.name == "stuck" }?.failure?.message ?? ""
        #expect(
            stuck.contains("; then, in after_each: ")
                && stuck.contains("after_each did not run: loading the script again failed: ")
                && stuck.contains("TOP LATE"), "--jobs \(jobs): \(stuck)")
        let two = r.outcomes.first { $0.name == "two" }
        #expect(two?.verdict == .failed, "--jobs \(jobs): \(r.output)")
        #expect(
            two?.failure?.message.hasPrefix("loading the script again failed: ") == true
                && two?.failure?.message.contains("TOP LATE") == true, "--jobs \(jobs): \(two?.failure?.message ?? "")")
        #expect(!r.output.contains("was read by no test"), "the first load read it: \(r.output)")
    }

    /// Red-team 41 L2: when the last test's load failed (in the live worker, or in the fresh
    /// one after a stuck call), the after_all hooks never ran and no entry said so.
    @Test(arguments: ["stuck", "slow"], ["1", "2"])
    func theAfterAllEntrySaysItsHooksDidNotRun(_ first: String, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let body =
            first == "stuck"
            ? AfterEachAfterEveryEndingTests.stuckCall : "local t = os.clock() while os.clock() - t < 3.5 do end"
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            if os.time() - tonumber(param("t0")) >= 2 then error("TOP LATE") end
            after_all(function() log.message("AA log") end)
            test("first", function() \(body) end)
            test("two", function() end)

            """)
        let r = try Self.run(tmp, jobs: jobs)
        #expect(r.status == 1, "\(first), --jobs \(jobs): \(r.output)")
        let entry = r.outcomes.first { $0.name == TestOutcome.afterAllName }
        #expect(
            entry?.failure?.message.contains("after_all did not run: loading the script again") == true
                && entry?.failure?.message.contains("TOP LATE") == true,
            "\(first), --jobs \(jobs): \(r.outcomes.map(\.name)) \(entry?.failure?.message ?? r.output)")
    }

    /// Red-team 41 A1: the last test's own load stuck in C, in a file without after_all hooks:
    /// a fresh worker was started for hooks the file does not have, got stuck in its load too,
    /// and a failed `(after_all)` entry counted against the run.
    @Test func noEntryForAfterAllHooksAFileDoesNotHave() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            if os.time() - tonumber(param("t0")) >= 2 then \(AfterEachAfterEveryEndingTests.stuckCall) end
            test("first", function() local t = os.clock() while os.clock() - t < 2.5 do end end)
            test("two", function() end)

            """)
        let r = try Self.run(tmp, jobs: "1")
        #expect(r.status == 1, "\(r.output)")
        #expect(r.outcomes.map(\.name) == ["first", "two"], "\(r.outcomes.map(\.name)): \(r.output)")
    }

    /// Red-team 41 A H1 (a hang): a fresh worker going on with a file got stuck in C in its own
    /// load of it. Nothing was charged for it, so the runner started another worker for the
    /// same test, which got stuck the same way, every 10 s without end. Its load is the tests'
    /// it was to run: they fail with the load's stop (and the after_all entry says its hooks
    /// did not run), as when that load fails with an error.
    @Test(arguments: ["no hooks", "after_each", "after_all"], ["1", "2"])
    func aFreshWorkersLoadStuckInCFailsTheTestsLeft(_ hooks: String, _ jobs: String) throws {
        let more =
            [
                "after_each": #"after_each(function() log.message("AE log") end)"#,
                "after_all": #"after_all(function() log.message("AA log") end)"#,
            ][hooks] ?? ""
        let tmp = try Self.suite(
            late: AfterEachAfterEveryEndingTests.stuckCall, more: more + "\ntest(\"three\", function() end)")
        let r = try Self.run(tmp, jobs: jobs)
        #expect(r.status == 1, "\(hooks), --jobs \(jobs): \(r.output)")
        let names = ["stuck", "two", "three"] + (hooks == "after_all" ? [TestOutcome.afterAllName] : [])
        #expect(r.outcomes.map(\.name) == names, "\(hooks), --jobs \(jobs): \(r.outcomes.map(\.name)) \(r.output)")
        for name in names.dropFirst() {
            let outcome = r.outcomes.first { $0.name == name }
            let message = outcome?.failure?.message ?? ""
            #expect(outcome?.verdict == .failed, "\(hooks), --jobs \(jobs): \(name): \(r.output)")
            #expect(
                message.contains("the top level of r.lua did not finish loading within 10 s of real time")
                    && message.contains("string.find"), "\(hooks), --jobs \(jobs): \(name): \(message)")
        }
        if hooks == "after_each" {
            let stuck = r.outcomes.first { $0.name == "stuck" }?.failure?.message ?? ""
            #expect(
                stuck.contains("after_each did not run: loading the script again for them was stopped: the top level"),
                "--jobs \(jobs): \(stuck)")
        }
    }
    /// Red-team 41 A M1: the same stuck load, made for the after_each hooks of the last test,
    /// stopped in C (so in a worker that also runs the after_all hooks, if any), was blamed on
    /// the hooks and the test's watchdog ("after_each of r.lua … more than 3 s … (the
    /// watchdog)"); it is the load's own 10 s limit, and the hooks never began.
    @Test(arguments: [false, true], ["1", "2"])
    func theAfterEachLoadOfTheLastTestStuckInCIsNamedAsSuch(_ afterAll: Bool, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            if os.time() - tonumber(param("t0")) >= 2 then \(AfterEachAfterEveryEndingTests.stuckCall) end
            after_each(function() log.message("AE log") end)
            \(afterAll ? #"after_all(function() log.message("AA log") end)"# : "")
            test("stuck", function() \(AfterEachAfterEveryEndingTests.stuckCall) end)

            """)
        let r = try Self.run(tmp, jobs: jobs)
        #expect(r.status == 1, "after_all \(afterAll), --jobs \(jobs): \(r.output)")
        let stuck = r.outcomes.first { $0.name == "stuck" }?.failure?.message ?? r.output
        #expect(
            stuck.contains(
                "; then, in after_each: r.lua:5: after_each did not run: loading the script again for them was stopped: the top level of r.lua did not finish loading within 10 s of real time"
            ), "after_all \(afterAll), --jobs \(jobs): \(stuck)")
        #expect(!stuck.contains("after_each of r.lua"), "after_all \(afterAll), --jobs \(jobs): \(stuck)")
    }
}
