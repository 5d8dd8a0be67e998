import Foundation
import SceneflowRunner
import Testing

/// A test's reported time is all the real time it costs: its fresh load of the file (the
/// script's top level, `prototype.lua`), the before_all hooks it runs again, before_each,
/// itself and after_each; the first test that runs has the file's first load, and a failing
/// after_all's entry its own load and hooks. So the times of a file's entries add up to the
/// file's time (JSON `wallSeconds`, JUnit's `<testsuite time>`), as JUnit readers expect of a
/// suite's testcases (red-team finding p10: the loads, top-level setup code included, were in
/// the file's time and no test's).
@Suite struct TestTimesAddUpTests {
    /// A file whose every load spends 0.2 s of CPU in its top level and whose before_all
    /// spends 0.1 s, with three quick tests, and the after_all hook `hook`.
    static func script(_ hook: String) -> String {
        """
        prototype "Proto"
        local function spend(s) local t = os.clock() while os.clock() - t < s do end end
        spend(0.2)
        before_all(function() spend(0.1) end)
        \(hook)
        test("a", function() end)
        test("b", function() end)
        test("c", function() end)

        """
    }

    @Test(arguments: ["-- no after_all", #"after_all(function() error("hook broke") end)"#], ["1", "2"])
    func theEntriesTimesAddUpToTheFilesTime(_ hook: String, _ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", Self.script(hook))
        try tmp.write("u.lua", Self.script(hook))
        let r = try Sceneflow.run(
            ["test", "t.lua", "u.lua", "--jobs", jobs, "--json", "r.json", "--junit", "j.xml"], in: tmp.url,
            timeout: 120)
        #expect(!r.timedOut && !r.signalled, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        #expect(report.files.count == 2)
        for file in report.files {
            let total = try #require(file.wallSeconds)
            let sum = file.outcomes.compactMap(\.wallSeconds).reduce(0, +)
            #expect(file.outcomes.allSatisfy { $0.wallSeconds != nil }, "\(file.outcomes)")
            // Every load spends at least 0.2 s: each test's time holds its own.
            for outcome in file.outcomes {
                #expect((outcome.wallSeconds ?? 0) >= 0.2, "\(outcome.name): \(outcome.wallSeconds ?? -1) s")
            }
            #expect(
                abs(total - sum) <= max(0.05, total * 0.05),
                "\(file.file): its entries add up to \(sum) s of its \(total) s")
        }
        // JUnit: each testsuite's time is its testcases' times added up (to the millisecond
        // rounding of each).
        let junit = try String(contentsOf: tmp.url.appendingPathComponent("j.xml"), encoding: .utf8)
        for suite in junit.components(separatedBy: "<testsuite ").dropFirst() {
            let times = suite.components(separatedBy: " time=\"").dropFirst().compactMap {
                Double($0.prefix { $0 != "\"" })
            }
            let total = try #require(times.first)
            let sum = times.dropFirst().reduce(0, +)
            #expect(abs(total - sum) <= max(0.05, total * 0.05), "JUnit: \(sum) s of \(total) s")
        }
    }

    /// Red-team 43 A F1: when before_all, run again for the after_all hooks, was stopped (a C
    /// call the watchdog ended, here), the `(after_all)` entry's time was the whole file's
    /// (the file's send, not that load's start), in every report, and the entries added up
    /// to more than the file. It is that load's time.
    @Test(arguments: ["1", "2"])
    func anAfterAllLoadStoppedInBeforeAllHasItsOwnTime(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // The worker's CPU time passes 0.7 s only in the test "wait": the load after it, for
        // the after_all hook, gets stuck in before_all (a watchdog of 5 s, so "wait" is not
        // stopped on a loaded machine).
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            before_all(function()
              if os.clock() > 0.7 then string.find(string.rep("a", 40), string.rep("a-", 20) .. "b") end
            end)
            after_all(function() end)
            test("first", function() end)
            test("wait", function() local t = os.clock() while os.clock() - t < 1 do end end)

            """)
        let r = try Sceneflow.run(
            ["test", "t.lua", "--jobs", jobs, "--timeout", "5", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let file = try #require(report.files.first)
        let total = try #require(file.wallSeconds)
        let entry = try #require(file.outcomes.first { $0.name == "(after_all)" })
        let wait = try #require(file.outcomes.first { $0.name == "wait" }?.wallSeconds)
        let sum = file.outcomes.compactMap(\.wallSeconds).reduce(0, +)
        #expect(wait >= 0.9, "\(wait)")
        #expect(
            (entry.wallSeconds ?? 0) <= total - wait + 0.1, "(after_all) \(entry.wallSeconds ?? -1) s of \(total) s")
        #expect(abs(total - sum) <= max(0.1, total * 0.05), "the entries add up to \(sum) s of \(total) s")
    }

    /// Red-team 47 A F2: a test whose worker was stopped (a C call past the watchdog) has its
    /// after_each hooks run in a fresh worker; that worker's time (the hooks, or their own stop)
    /// was no entry's, so the entries added up to less than the file (3.06 s of 6.18 s).
    @Test(arguments: ["local t = os.clock() while os.clock() - t < 1 do end", AfterEachAfterEveryEndingTests.stuckCall])
    func aStoppedTestsAfterEachInAFreshWorkerIsItsTime(_ hook: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            after_each(function() \(hook) end)
            test("stuck", function() \(AfterEachAfterEveryEndingTests.stuckCall) end)
            test("next", function() end)

            """)
        let r = try Sceneflow.run(["test", "t.lua", "--timeout", "2", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let file = try #require(report.files.first)
        let total = try #require(file.wallSeconds)
        let sum = file.outcomes.compactMap(\.wallSeconds).reduce(0, +)
        #expect(abs(total - sum) <= max(0.25, total * 0.05), "\(hook.prefix(10)): entries \(sum) s of \(total) s")
    }
}
