import Foundation
import SceneflowRunner
import Testing

/// A file's `after_all` hooks run after its last test in a fresh load of the file (its
/// `before_all` run again for their globals) on a fresh session at the start scene: nothing
/// the last test left (a global, the scene it went to) reaches them, so their `(after_all)`
/// entry is the same in order, reversed, filtered and with `--jobs` (red-team finding T6: the
/// hook ran inside the last test's state, failed under `--reverse` and held in order). What
/// the hooks record (soft failures, log) before a limit stops them is their own entry's,
/// never the last test's (red-team finding T7: an empty last test failed with the hook's soft
/// failure).
@Suite struct AfterAllFreshStateTests {
    /// Tests that each leave a global and a scene behind, and an after_all that must see
    /// neither (but see before_all's global).
    static let leaky = """
        prototype "Proto"
        before_all(function() shared = "from before_all" end)
        test("a", function() leak = "a" tap "Open" expect.scene "detail" end)
        test("b", function() leak = "b" end)
        after_all(function()
          expect(leak).to_be_nil()
          expect(shared).to_be("from before_all")
          expect.scene "home"
        end)

        """

    static let modes: [[String]] = [[], ["--reverse"], ["--filter", "a"], ["--filter", "b"], ["--jobs", "2"]]

    @Test(arguments: modes)
    func afterAllSeesNoTestsLeftovers(_ mode: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("l.lua", Self.leaky)
        let r = try Sceneflow.run(["test", "l.lua", "--json", "r.json"] + mode, in: tmp.url)
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        #expect(r.status == 0, "\(mode): \(r)")
        #expect(outcomes["l.lua: (after_all)"] == nil, "\(mode): \(outcomes)")
        #expect(outcomes.values.allSatisfy { $0.hasPrefix("passed") }, "\(mode): \(outcomes)")
    }

    /// After_all hooks that record (a soft failure, a log line) and are then stopped: by the
    /// watchdog in a Lua loop, by it in a library call that never returns, by the clock limit.
    static let stopped = [
        "while true do end", #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#, "wait(1000000)",
    ]

    @Test(arguments: stopped.indices, [[], ["--reverse"], ["--jobs", "2"]])
    func whatAStoppedAfterAllRecordedIsItsOwn(_ stop: Int, _ mode: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("p1", function() end)
            test("p2", function() end)
            after_all(function() expect.soft(1).to_be(2) log.message("aa log") \(Self.stopped[stop]) end)

            """)
        let r = try Sceneflow.run(
            ["test", "s.lua", "--timeout", "2", "--clock-limit", "100", "--json", "r.json"] + mode, in: tmp.url,
            timeout: 120)
        #expect(r.status == 1 && !r.signalled, "\(mode): \(r)")
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        #expect(outcomes["s.lua: p1"] == "passed: ", "\(mode): \(outcomes)")
        #expect(outcomes["s.lua: p2"] == "passed: ", "\(mode): \(outcomes)")
        let entry = outcomes["s.lua: (after_all)"] ?? "missing"
        #expect(entry.hasPrefix("failed: ") && entry.contains("after_all"), "\(mode): \(entry)")
        #expect(!entry.contains("test \"p"), "the entry names a test, not the hook: \(entry)")
        // Its soft failure before the stop is its own (red-team finding p16).
        #expect(entry.contains("1 soft expectation failed"), "\(mode): \(entry)")
    }
}

/// A stop signal while the file's after_all hooks run makes their entry interrupted ("after_all
/// was stopped: the run was interrupted"), counted as interrupted, exit 143: not a failure
/// with the watchdog's "more than 30 s … (an endless loop?)" after 2 s (red-team finding T12).
@Suite struct AfterAllInterruptedTests {
    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func aSignalInAfterAllIsAnInterruption(_ jobs: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            after_all(function() local t = os.clock() while os.clock() - t < 20 do end end)
            test("a", function() end)

            """)
        let process = try WorkerProcesses.start(["test", "t.lua", "--json", "r.json"] + jobs, in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "after_all never began")
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 143)
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        #expect(outcomes["t.lua: a"] == "passed: ", "\(outcomes)")
        let entry = outcomes["t.lua: (after_all)"] ?? "missing"
        #expect(entry.hasPrefix("interrupted: ") && !entry.contains("watchdog"), "\(entry)")
    }
}
