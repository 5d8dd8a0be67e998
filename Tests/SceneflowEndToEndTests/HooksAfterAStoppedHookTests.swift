import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 33 C1: a limit that stopped one after_each or after_all hook skipped the file's
/// later hooks of that kind without a word (their log, failures and soft failures were in no
/// report). A stopped hook ends its Lua state, not the hooks after it: they run in a fresh load
/// (a fresh worker after a stuck call), the stopped one is not run again, and their failures
/// follow its stop, as errors of hooks that ran in one state do. Every way a hook can be
/// stopped, for after_each after a test that passed or was stopped itself, and for after_all;
/// the errors of the hooks before the stopped one are kept too (a worker stopped in a later
/// hook lost them).
@Suite struct HooksAfterAStoppedHookTests {
    /// How the second hook is stopped.
    static let endings: [(name: String, body: String)] = [
        ("the watchdog", "while true do end"),
        ("the clock limit", "wait(1000)"),
        ("the memory limit", "pcall(string.rep, \"x\", 300 * 1024 * 1024)"),
        ("an action's instruction limit", "tap \"Loop\""),
        ("a failing action", "tap \"Broken\""),
        ("a library call that never returns", AfterEachAfterEveryEndingTests.stuckCall),
    ]

    /// The file: four hooks of `kind`, the first failing, the second stopped by `ending`, the
    /// third failing, the fourth failing a soft expectation; one test running `body`.
    static func folder(kind: String, ending: String, body: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            \(kind)(function() log.message("first hook ran") error("first hook broke") end)
            \(kind)(function() log.message("second hook began") \(ending) end)
            \(kind)(function() log.message("third hook ran") error("third hook broke") end)
            \(kind)(function() log.message("fourth hook ran") expect.soft(3).to_be(4) end)
            test("t", function() \(body) end)

            """)
        return tmp
    }

    /// Runs `r.lua` with short limits and gives the JSON report's outcomes and the console.
    static func run(_ tmp: TempFolder, jobs: String) throws -> (outcomes: [TestOutcome], console: String) {
        let r = try Sceneflow.run(
            ["test", "r.lua", "--timeout", "1", "--clock-limit", "5", "--jobs", jobs, "--json", "r.json"],
            in: tmp.url, timeout: 180)
        #expect(r.status == 1 && !r.timedOut, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        return (report.files.first?.outcomes ?? [], r.stdout + r.stderr)
    }

    /// The hooks' messages in `log`, and that the second began once.
    static func expectEveryHookRan(_ log: [TestLogEntry], _ where: String) {
        let messages = log.map(\.message)
        for hook in ["first hook ran", "third hook ran", "fourth hook ran"] {
            #expect(messages.contains(hook), "\(`where`): \(hook) missing from \(messages)")
        }
        #expect(messages.filter { $0 == "second hook began" }.count == 1, "\(`where`): \(messages)")
    }

    @Test(arguments: endings.map(\.name), ["", "while true do end"])
    func afterEachHooksAfterAStoppedOneRun(_ ending: String, testBody: String) throws {
        let body = try #require(Self.endings.first { $0.name == ending }).body
        for jobs in ending.hasPrefix("a library call") ? ["1", "2"] : ["1"] {
            let tmp = try Self.folder(kind: "after_each", ending: body, body: testBody)
            let (outcomes, console) = try Self.run(tmp, jobs: jobs)
            let place = "\(ending), test \(testBody.isEmpty ? "passing" : "stopped"), --jobs \(jobs)"
            let test = try #require(outcomes.first, "\(place): \(console)")
            #expect(outcomes.count == 1 && test.verdict == .failed, "\(place): \(outcomes)")
            Self.expectEveryHookRan(test.log, place)
            let failure = test.failure?.message ?? ""
            #expect(failure.contains("in after_each: r.lua:4: third hook broke"), "\(place): \(failure)")
            #expect(failure.contains("first hook broke"), "\(place): \(failure)")
            #expect(failure.contains("expected 3 to be 4"), "\(place): \(failure)")
            #expect(console.contains("third hook broke"), "\(place): \(console)")
        }
    }

    @Test(arguments: endings.map(\.name))
    func afterAllHooksAfterAStoppedOneRun(_ ending: String) throws {
        let body = try #require(Self.endings.first { $0.name == ending }).body
        for jobs in ending.hasPrefix("a library call") ? ["1", "2"] : ["1"] {
            let tmp = try Self.folder(kind: "after_all", ending: body, body: "")
            let (outcomes, console) = try Self.run(tmp, jobs: jobs)
            let place = "\(ending), --jobs \(jobs)"
            #expect(outcomes.map(\.name) == ["t", TestOutcome.afterAllName], "\(place): \(console)")
            #expect(outcomes.first?.verdict == .passed, "\(place): \(outcomes)")
            let entry = try #require(outcomes.last)
            #expect(entry.verdict == .failed, "\(place): \(entry)")
            Self.expectEveryHookRan(entry.log, place)
            let failure = entry.failure?.message ?? ""
            #expect(failure.contains("r.lua:4: third hook broke"), "\(place): \(failure)")
            #expect(failure.contains("first hook broke"), "\(place): \(failure)")
            #expect(failure.contains("expected 3 to be 4"), "\(place): \(failure)")
            #expect(console.contains("third hook broke"), "\(place): \(console)")
        }
    }

    /// Red-team 34 C6: a test stopped by a limit, whose after_each hooks then ran in a fresh
    /// load where one failed and a later one got its worker stopped: the test's own failure
    /// and soft failures were in no report (the message began `in after_each: `).
    @Test(arguments: [
        ("while true do end", "ran its Lua code for more than 1 s"), ("tap \"Broken\"", "action broke"),
        ("wait(1000)", "did not finish within 5 s of clock time"),
    ])
    func theTestsOwnFailureStaysWhenALaterHookIsStuck(_ ending: String, _ said: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            after_each(function() error("first hook broke") end)
            after_each(function() \(AfterEachAfterEveryEndingTests.stuckCall) end)
            test("t", function() expect.soft("t").to_be("y") \(ending) end)

            """)
        for jobs in ["1", "2"] {
            let (outcomes, console) = try Self.run(tmp, jobs: jobs)
            let failure = outcomes.first?.failure?.message ?? ""
            for part in [said, "expected \"t\" to be \"y\"", "first hook broke", "its worker process was stopped"] {
                #expect(failure.contains(part), "--jobs \(jobs): \(part) missing: \(failure)")
            }
            #expect(console.contains(said), "\(console)")
        }
    }

    /// Red-team 34 C2: an after_all hook stopped in one load (a failing action, the watchdog),
    /// then a later one stuck in a library call in the next load's worker: everything the
    /// earlier load recorded (its stop, soft failures, log) was in no report.
    @Test(arguments: [
        ("tap \"Broken\"", "action broke"), ("expect.soft(1).to_be(2) while true do end", "expected 1 to be 2"),
    ])
    func afterAllLoadsBeforeAStoppedWorkerAreKept(_ first: String, _ said: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            after_all(function() log.message("first hook ran") \(first) end)
            after_all(function() log.message("second hook began") \(AfterEachAfterEveryEndingTests.stuckCall) end)
            after_all(function() log.message("third hook ran") error("third hook broke") end)
            test("t", function() end)

            """)
        for jobs in ["1", "2"] {
            let (outcomes, console) = try Self.run(tmp, jobs: jobs)
            let entry = try #require(outcomes.last, "\(console)")
            let failure = entry.failure?.message ?? ""
            for part in [said, "its worker process was stopped", "third hook broke"] {
                #expect(failure.contains(part), "--jobs \(jobs): \(part) missing: \(failure)")
            }
            let log = entry.log.map(\.message)
            #expect(log == ["first hook ran", "second hook began", "third hook ran"], "--jobs \(jobs): \(log)")
        }
    }

    /// Red-team 34 C3: a stop signal while a later after_all hook runs kept only "after_all
    /// was stopped": the errors and soft failures of the hooks before it (in its load or an
    /// earlier one) were dropped.
    @Test(arguments: [
        ("expect.soft(1).to_be(2) error(\"first hook broke\")", ["expected 1 to be 2", "first hook broke"]),
        ("tap \"Broken\"", ["action broke"]),
    ])
    func aStopSignalInALaterAfterAllHookKeepsTheEarlierFailures(_ first: String, _ said: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            after_all(function() log.message("first hook ran") \(first) end)
            after_all(function() log.message("second hook began") while true do end end)
            test("t", function() end)

            """)
        let binary = try #require(Sceneflow.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["test", "r.lua", "--timeout", "60", "--json", "r.json"]
        process.currentDirectoryURL = tmp.url
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["XDG_CACHE_HOME"] = tmp.file("cache")
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until the second hook loops (its log line is streamed: wait for the JSON's absence
        // and a few seconds).
        usleep(3_000_000)
        kill(process.processIdentifier, SIGTERM)
        let child = process
        poll(timeout: 30) { !child.isRunning }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let entry = try #require(report.files.first?.outcomes.last)
        #expect(entry.name == TestOutcome.afterAllName && entry.verdict == .interrupted, "\(entry)")
        let failure = entry.failure?.message ?? ""
        for part in said + ["after_all was stopped: the run was interrupted"] {
            #expect(failure.contains(part), "\(part) missing: \(failure)")
        }
        #expect(entry.log.map(\.message).contains("first hook ran"), "\(entry.log)")
    }

    /// Red-team 34 U1: a prototype action failing in after_all was placed at prototype.lua and
    /// the hook's line in the script (a line of the prototype that has nothing to do with it);
    /// in after_each its failure did not say `in after_each:`.
    @Test func aFailingActionInAHookIsPlacedAndNamed() throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        let prototype = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        let actionLine =
            try #require(
                prototype.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.contains("action broke")
                })
            + 1
        try tmp.write(
            "r.lua",
            "prototype \"Proto\"\nafter_all(function() tap \"Broken\" end)\nafter_each(function() tap \"Broken\" end)\ntest(\"t\", function() end)\n"
        )
        let (outcomes, console) = try Self.run(tmp, jobs: "1")
        let test = try #require(outcomes.first, "\(console)")
        #expect(
            test.failure?.message.hasPrefix("in after_each: prototype.lua:\(actionLine): action broke") == true,
            "\(test)")
        let entry = try #require(outcomes.last)
        #expect(entry.failure?.file.hasSuffix("prototype.lua") == true, "\(entry)")
        #expect(entry.failure?.line == actionLine, "\(entry)")
    }

    /// Red-team 35 H2: a prototype action failing in the hook after a stopped one (so in the
    /// fresh load) was glued to the stop's part of the message, and the line's cut hid it
    /// (`then, in … (139 more characters)`); in after_all it read `then, ACTION ERR` with no
    /// hook and no place. Every hook's part keeps its start, its hook and its place, whatever
    /// stopped the one before it, with long errors around them.
    @Test(arguments: ["after_each", "after_all"], [0, 4, 5])
    func anActionFailingAfterAStoppedHookKeepsItsPart(_ kind: String, _ ending: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        let long = "string.rep(\"q\", 300)"
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            \(kind)(function() error("first hook broke " .. \(long)) end)
            \(kind)(function() \(Self.endings[ending].body) end)
            \(kind)(function() tap "Broken" end)
            \(kind)(function() error("fourth hook broke " .. \(long)) end)
            test("t", function() end)

            """)
        for jobs in ["1", "2"] {
            let (outcomes, console) = try Self.run(tmp, jobs: jobs)
            let entry = try #require(kind == "after_all" ? outcomes.last : outcomes.first, "\(console)")
            let failure = entry.failure?.message ?? ""
            let said = "\(Self.endings[ending].name), --jobs \(jobs): \(failure)"
            #expect(failure.contains("first hook broke"), "\(said)")
            #expect(failure.contains("in \(kind): prototype.lua:") && failure.contains("action broke"), "\(said)")
            #expect(failure.contains("in \(kind): r.lua:5: fourth hook broke"), "\(said)")
        }
    }
}
