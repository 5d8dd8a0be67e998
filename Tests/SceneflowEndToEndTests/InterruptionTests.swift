import Foundation
import SceneflowRunner
import Testing

/// Nothing is lost when a run is stopped: SIGTERM ends the running test as interrupted (a
/// busy Lua loop included), writes the partial reports and exits 143, for a serial run and for
/// `--jobs` workers; `kill -9` leaves the reports of the previous run intact, because reports
/// are written to a temporary file and renamed into place; orphaned workers stop by themselves. Each waits for the workers to be busy in Lua (their CPU
/// time), not for a guessed real time.
@Suite struct InterruptionTests {
    /// Starts `sceneflow arguments…` in `folder` without waiting; standard output goes to
    /// `folder/stdout.txt`.
    func start(_ arguments: [String], in folder: TempFolder) throws -> Process {
        try WorkerProcesses.start(arguments, in: folder)
    }

    /// Waits until `process` ends, up to `seconds`; false when it is still running.
    func waitForExit(_ process: Process, seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// A prototype and `busy.lua`: a test that loops in Lua for ever, then one never reached.
    func busySuite(files: [String] = ["busy.lua"]) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for name in files {
            try tmp.write(
                "suite/\(name)",
                """
                prototype "../Proto"
                test("spins in Lua", function() while true do end end)
                test("never starts", function() end)

                """)
        }
        return tmp
    }

    @Test func sigtermStopsABusyTestWritesPartialReportsAndExits143() throws {
        let tmp = try busySuite()
        let process = try start(
            ["test", "suite", "--junit", "j.xml", "--json", "r.json", "--report", "rep", "--timeout", "60"], in: tmp)
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the busy test never started")
        kill(process.processIdentifier, SIGTERM)
        #expect(waitForExit(process), "a SIGTERM must end a busy Lua loop within seconds, not after the 60 s watchdog")
        #expect(process.terminationStatus == 143)
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("\"verdict\" : \"interrupted\""), "\(json)")
        #expect(json.contains("\"skipReason\" : \"the run was interrupted\""), "\(json)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        #expect(junit.hasPrefix("<?xml") && junit.contains("</testsuites>"), "\(junit)")
        #expect(junit.contains("interrupted by a signal while the test ran"), "\(junit)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("rep/results.json")))
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(stdout.contains("  INT   spins in Lua"), "\(stdout)")
        #expect(
            stdout.hasSuffix(
                "0 passed, 0 failed, 1 skipped, 1 interrupted; the run failed: stopped by SIGTERM before the run ended: 1 test interrupted, 1 test not run\n"
            ), "\(stdout)")
    }

    @Test func kill9LeavesThePreviousReportsIntact() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("suite/flow.lua", "prototype \"../Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let arguments = ["test", "suite", "--junit", "j.xml", "--json", "r.json", "--report", "rep"]
        let first = try Sceneflow.run(arguments, in: tmp.url)
        #expect(first.status == 0, "\(first)")
        let names = ["j.xml", "r.json", "rep/results.json", "rep/junit.xml"]
        let before = try names.map { try Data(contentsOf: tmp.url.appendingPathComponent($0)) }
        // The second run loops for ever and is killed without a chance to clean up.
        try tmp.write("suite/flow.lua", "prototype \"../Proto\"\ntest(\"spins\", function() while true do end end)\n")
        let process = try start(arguments + ["--timeout", "60"], in: tmp)
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the busy test never started")
        kill(process.processIdentifier, SIGKILL)
        #expect(waitForExit(process))
        #expect(process.terminationReason == .uncaughtSignal)
        let after = try names.map { try Data(contentsOf: tmp.url.appendingPathComponent($0)) }
        #expect(after == before, "kill -9 must leave the previous reports byte for byte")
        let entries = Set(try FileManager.default.contentsOfDirectory(atPath: tmp.path))
        #expect(
            entries == ["Proto", "suite", "j.xml", "r.json", "rep", "stdout.txt"], "no half-written files: \(entries)")
    }

    @Test func sigtermReachesJobsWorkersAndEveryFileIsReported() throws {
        let tmp = try busySuite(files: ["a.lua", "b.lua", "c.lua"])
        let process = try start(
            ["test", tmp.file("suite"), "--jobs", "2", "--json", "r.json", "--timeout", "60"], in: tmp)
        #expect(
            WorkerProcesses.waitUntilBusy(process.processIdentifier, count: 2) != nil, "the busy tests never started")
        let workers = WorkerProcesses.children(of: process.processIdentifier)
        kill(process.processIdentifier, SIGTERM)
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 143)
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        for file in ["a.lua", "b.lua", "c.lua"] { #expect(json.contains("suite/\(file)"), "\(file) missing: \(json)") }
        #expect(json.contains("\"verdict\" : \"interrupted\""), "\(json)")
        #expect(!json.contains("without results"), "a worker died instead of reporting: \(json)")
        #expect(WorkerProcesses.waitUntilGone(workers, limit: 5).isEmpty, "workers left running")
    }

    @Test func filesThatNeverRanAreListedOnceAsNotRunAndCountedAlike() throws {
        let tmp = try busySuite(files: ["a.lua", "b.lua", "c.lua", "d.lua"])
        let process = try start(
            ["test", "suite", "--jobs", "2", "--json", "r.json", "--junit", "j.xml", "--timeout", "60"], in: tmp)
        #expect(
            WorkerProcesses.waitUntilBusy(process.processIdentifier, count: 2) != nil, "the busy tests never started")
        kill(process.processIdentifier, SIGTERM)
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 143)
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        let lines = stdout.split(separator: "\n").map(String.init)
        for file in ["suite/c.lua", "suite/d.lua"] {
            #expect(lines.filter { $0.hasPrefix(file) } == ["\(file)  not run (interrupted)"], "\(stdout)")
        }
        #expect(lines.filter { $0 == "suite/a.lua" || $0 == "suite/b.lua" }.count == 2, "\(stdout)")
        let stop = "stopped by SIGTERM before the run ended: 2 tests interrupted, 2 tests not run, 2 files not run"
        #expect(
            stdout.hasSuffix(
                "0 passed, 0 failed, 2 skipped, 2 interrupted, 2 files not run; the run failed: \(stop)\n"),
            "\(stdout)")
        // The reports count the same: JSON's summary and line; JUnit's errors: the 2 interrupted
        // tests, the 2 tests and the 2 files the signal kept from running (no reader may take an
        // interrupted run for a passing one: red-team 18 A-F2), none skipped.
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(
            json.contains(
                "\"line\" : \"0 passed, 0 failed, 2 skipped, 2 interrupted, 2 files not run; the run failed: \(stop)\""),
            "\(json)")
        #expect(json.contains("\"notRun\" : 2"), "\(json)")
        #expect(json.components(separatedBy: "\"notRun\" : \"interrupted\"").count == 3, "\(json)")
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        // … and the run's own (run) entry, which names the stop.
        #expect(junit.contains("<testsuites name=\"sceneflow\" tests=\"7\" failures=\"0\" errors=\"7\""), "\(junit)")
        #expect(junit.contains("type=\"interrupted\">\(stop)</error>"), "\(junit)")
        let skipped = junit.matches(of: /<testsuite [^>]* skipped="(\d+)"/).compactMap { Int($0.output.1) }
        #expect(skipped.reduce(0, +) == 0, "\(junit)")
        #expect(
            junit.components(separatedBy: "<error message=\"not run (interrupted)\" type=\"interrupted\">").count == 3,
            "\(junit)")
    }

    @Test func aSerialRunDoesNotLoadTheFilesAfterTheSignal() throws {
        let tmp = try busySuite(files: ["a.lua", "b.lua", "c.lua"])
        let process = try start(["test", "suite", "--timeout", "60"], in: tmp)
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the busy test never started")
        kill(process.processIdentifier, SIGTERM)
        #expect(waitForExit(process))
        #expect(process.terminationStatus == 143)
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(!stdout.contains("ERROR"), "later files must not be loaded (and fail) after the signal: \(stdout)")
        #expect(
            stdout.contains("suite/b.lua  not run (interrupted)\nsuite/c.lua  not run (interrupted)\n"), "\(stdout)")
        #expect(
            stdout.hasSuffix(
                "0 passed, 0 failed, 1 skipped, 1 interrupted, 2 files not run; the run failed: stopped by SIGTERM before the run ended: 1 test interrupted, 1 test not run, 2 files not run\n"
            ), "\(stdout)")
    }

    @Test func workersOfAKilledRunStopByThemselves() throws {
        let tmp = try busySuite(files: ["a.lua", "b.lua"])
        let process = try start(["test", tmp.file("suite"), "--jobs", "2", "--timeout", "60"], in: tmp)
        let workers = WorkerProcesses.waitUntilBusy(process.processIdentifier, count: 2) ?? []
        #expect(workers.count == 2, "expected two busy workers")
        kill(process.processIdentifier, SIGKILL)
        #expect(waitForExit(process))
        let left = WorkerProcesses.waitUntilGone(workers)
        #expect(left.isEmpty, "orphaned workers still running: \(left)")
        for pid in left { kill(pid, SIGKILL) }
    }
}

/// A run a stop signal interrupts never reads as passed to the programs CI systems read its
/// reports with, wherever the signal lands: inside a file's load (its top level or its
/// prototype's Lua stuck in a slow library call) or inside a test. `prove` and tappy read the
/// TAP and junitparser the JUnit report; each must see a failure (red-team 18 A-F2: the file
/// being loaded was `# SKIP not run`, and every reader said PASS for a killed run).
@Suite struct InterruptedRunNeverPassesTests {
    static let stuck = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    @Test(arguments: ["top level", "prototype.lua", "test"], [false, true])
    func everyReaderSeesAFailure(_ place: String, _ jobs: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        if place == "prototype.lua" {
            try tmp.write("Slow/home.png", PNGWriter.solid(width: 36, height: 80))
            try tmp.write(
                "Slow/prototype.lua",
                "\(Self.stuck)\nreturn { device = { width = 36, height = 80, scale = 1 }, start = \"home\", scenes = { home = { image = \"home.png\" } } }\n"
            )
        }
        try tmp.write("s/a.lua", "prototype \"../Proto\"\ntest(\"quick\", function() end)\n")
        let b: String
        switch place {
        case "top level": b = "prototype \"../Proto\"\n\(Self.stuck)\ntest(\"never\", function() end)\n"
        case "prototype.lua": b = "prototype \"../Slow\"\ntest(\"never\", function() end)\n"
        default:
            b =
                "prototype \"../Proto\"\ntest(\"stuck\", function() \(Self.stuck) end)\ntest(\"after\", function() end)\n"
        }
        try tmp.write("s/b.lua", b)
        let process = try WorkerProcesses.start(
            ["test", "s/a.lua", "s/b.lua", "--tap", "--junit", "j.xml"] + (jobs ? ["--jobs", "2"] : []), in: tmp)
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "b.lua never became busy")
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 143, "\(place)")
        let tap = tmp.file("stdout.txt")
        let prove = try ConsumerTool.run("prove", ["--exec", "cat", tap])
        #expect(prove.status != 0 && !prove.stdout.contains("Result: PASS"), "\(place) jobs \(jobs): \(prove)")
        let tappy = try ConsumerTool.run("tappy", [tap])
        #expect(tappy.status != 0, "\(place) jobs \(jobs): \(tappy)")
        let junit = try ConsumerTool.run(
            "python3",
            [
                "-c",
                "import junitparser, sys; x = junitparser.JUnitXml.fromfile(sys.argv[1]); print(x.failures + x.errors)",
                tmp.file("j.xml"),
            ])
        #expect(Int(junit.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0, "\(place): \(junit)")
    }
}

/// A stop signal that comes while after_each runs keeps the test's own failure (its error and
/// soft failures) before the stop, in every report, serial and with `--jobs` (red-team 19 F5:
/// only "interrupted by a signal while the test ran" was left).
@Suite struct SignalInAfterEachTests {
    @Test(arguments: ["1", "2"])
    func theTestsOwnFailureComesFirst(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            after_each(function() while true do end end)
            test("t", function() expect.soft(1).to_be(2) error("own failure") end)

            """)
        let process = try WorkerProcesses.start(
            ["test", "t.lua", "--jobs", jobs, "--json", "r.json", "--timeout", "60"], in: tmp)
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "after_each never became busy")
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 143)
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = try #require(report.files.first?.outcomes.first)
        #expect(outcome.verdict == .interrupted)
        let message = "\(try #require(outcome.failure))"
        #expect(message.hasPrefix("t.lua:3: own failure\nand 1 soft expectation failed:"), "\(message)")
        #expect(
            message.contains("expected 1 to be 2; then, in after_each: t.lua:3: interrupted by a signal"), "\(message)")
    }
}
