import Foundation
import SceneflowRunner
import Testing

/// A worker process frozen from outside (SIGSTOP, a terminal's SIGTSTP, a cgroup freezer, a
/// debugger) sends nothing, and its own watchdog, a thread of the frozen process, cannot end
/// the test: the runner kills it once it has been silent longer than any limit of its own
/// allows (`TestWorkerPool.silenceLimit`), fails the running test saying so with what it
/// recorded, and a fresh worker runs the rest (red-team finding S1: the run waited for ever).
@Suite struct FrozenWorkerTests {
    /// A file whose first test logs, then computes for a minute; a second test follows, and a
    /// second file runs beside it.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "f.lua",
            """
            prototype "Proto"
            test("frozen", function()
              log.message("before the freeze")
              local t = os.clock() while os.clock() - t < 60 do end
            end)
            test("after", function() expect.scene "home" end)

            """)
        try tmp.write("g.lua", "prototype \"Proto\"\ntest(\"beside\", function() tap \"Open\" end)\n")
        return tmp
    }

    @Test(arguments: [SIGSTOP, SIGTSTP], [1, 2])
    func aFrozenWorkerIsKilledAndTheRunGoesOn(_ signal: Int32, _ jobs: Int) throws {
        let tmp = try Self.suite()
        let process = try WorkerProcesses.start(
            ["test", "f.lua", "g.lua", "--timeout", "8", "--jobs", "\(jobs)", "--json", "r.json"], in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let busy = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier), "the busy test never began")
        kill(busy[0], signal)
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        #expect(!process.isRunning, "the run did not end")
        #expect(process.terminationStatus == 1)
        #expect(!WorkerProcesses.alive(busy[0]), "the frozen worker outlived the run")
        let console = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(console.contains("stopped responding"), "\(console)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let verdicts = report.files.flatMap { file in file.outcomes.map { "\(file.file): \($0.name) \($0.verdict)" } }
        #expect(verdicts == ["f.lua: frozen failed", "f.lua: after passed", "g.lua: beside passed"], "\(verdicts)")
        let frozen = try #require(report.files.first?.outcomes.first)
        let message = frozen.failure?.message ?? ""
        #expect(message.contains("its worker process stopped responding"), "\(message)")
        #expect(message.contains("(stopped or frozen from outside?)"), "\(message)")
        #expect(frozen.log.map(\.message) == ["before the freeze"], "\(frozen.log)")
    }

    /// A slow but legal load is not taken for a frozen worker: the script's top level and its
    /// `prototype.lua` each spend about 3.6 s in library calls, under their own 10 s load
    /// limits, and the first load reads both twice: silent for 15 s and more (red-team finding S9: killed after 15 s as
    /// "stopped responding" when the runner went by silence alone; the worker's heartbeat now
    /// says it lives).
    @Test(arguments: [1, 2])
    func aSlowButLegalLoadIsNotTakenForFrozen(_ jobs: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // Library calls that backtrack for about 0.9 s each: time, not instructions.
        let slow = #"for i = 1, 4 do string.find(string.rep("a", 20), string.rep("a-", 10) .. "b") end"#
        let proto = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        try tmp.write("Proto/prototype.lua", slow + "\n" + proto)
        try tmp.write("slow.lua", "prototype \"Proto\"\n\(slow)\ntest(\"a\", function() end)\n")
        let r = try Sceneflow.run(
            ["test", "slow.lua", "--timeout", "1", "--jobs", "\(jobs)"], in: tmp.url, timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("1 passed, 0 failed"), "\(r.stdout)")
    }
}

/// A run stopped whole for longer than the silence limit (Ctrl-Z then `fg`, SIGSTOP/SIGCONT of
/// the process group, `docker pause`) goes on as if nothing happened: the runner, stopped too,
/// counts its workers' silence from when it runs again, so the worker resumed a moment after
/// it is not killed as frozen (red-team finding T5: the running test failed "its worker
/// process stopped responding" in 2-3 runs of 6).
@Suite struct StoppedRunResumeTests {
    @Test(arguments: [1, 2])
    func aRunStoppedWholeAndContinuedKeepsItsVerdicts(jobs: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "r.lua",
            """
            prototype "Proto"
            test("long", function() local t = os.clock() while os.clock() - t < 2 do end end)
            test("after", function() expect.scene "home" end)

            """)
        let process = try WorkerProcesses.start(
            ["test", "r.lua", "--timeout", "60", "--jobs", "\(jobs)", "--json", "r.json"], in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let runner = process.processIdentifier
        let busy = try #require(WorkerProcesses.waitUntilBusy(runner, cpu: 0.3), "the long test never began")
        let workers = WorkerProcesses.children(of: runner)
        kill(runner, SIGSTOP)
        for worker in workers { kill(worker, SIGSTOP) }
        sleep(12)
        // The runner runs again first, its workers a moment later: the order that lost the race.
        kill(runner, SIGCONT)
        usleep(400_000)
        for worker in workers { kill(worker, SIGCONT) }
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        #expect(!process.isRunning, "the run did not end")
        let console = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(console)")
        #expect(!console.contains("stopped responding"), "\(console)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let verdicts = report.files.flatMap { $0.outcomes.map { "\($0.name) \($0.verdict)" } }
        #expect(verdicts == ["long passed", "after passed"], "\(verdicts)")
        #expect(busy.allSatisfy { !WorkerProcesses.alive($0) })
    }

    /// Red-team R5: the time a run stands stopped whole is no test's real time, nor a load's:
    /// a test busy for 1 s of CPU under `--timeout 10`, or a top level that spends about 1.8 s
    /// in library calls under the load's 10 s, stopped with the whole run for longer than the
    /// limit, passes once continued (the watchdog had failed it, and a load had failed with
    /// "instruction budget exhausted"). The limits count the time the process runs.
    @Test(arguments: [
        ("test(\"busy\", function() local t = os.clock() while os.clock() - t < 1 do end end)\n", 12),
        (
            "for i = 1, 2 do string.find(string.rep(\"a\", 20), string.rep(\"a-\", 10) .. \"b\") end\n"
                + "test(\"busy\", function() end)\n", 11
        ),
    ])
    func aStopLongerThanALimitIsNotCountedAgainstIt(script: String, stop: UInt32) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("r.lua", "prototype \"Proto\"\n" + script)
        let process = try WorkerProcesses.start(["test", "r.lua", "--timeout", "10", "--json", "r.json"], in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let runner = process.processIdentifier
        _ = try #require(WorkerProcesses.waitUntilBusy(runner, cpu: 0.3), "the worker never got busy")
        let workers = WorkerProcesses.children(of: runner)
        for pid in [runner] + workers { kill(pid, SIGSTOP) }
        sleep(stop)
        for pid in [runner] + workers { kill(pid, SIGCONT) }
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        let console = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(console)")
        #expect(console.contains("1 passed, 0 failed"), "\(console)")
    }

    /// Red-team 9 R3: the runner alone stopped (a debugger attached to it, a tool freezing one
    /// process) for longer than `--timeout`: its worker, healthy, waits to write its lines to
    /// the pipe nobody reads. That wait is no test's time: the tests pass once the runner runs
    /// again (the watchdog had failed one "inside the Sceneflow call step(…)").
    @Test(arguments: ["1", "2"])
    func aWorkerWaitingForItsStoppedRunnerIsNotCounted(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let body = "for k = 1, 3000 do log.message(string.rep(\"m\", 200) .. k) step(\"s\" .. k, function() end) end"
        for file in ["f1", "f2"] {
            try tmp.write(
                "suite/\(file).lua",
                "prototype \"../Proto\"\nfor i = 1, 6 do test(\"t\" .. i, function() \(body) end) end\n")
        }
        let process = try WorkerProcesses.start(
            ["test", "suite", "--timeout", "3", "--jobs", jobs, "--json", "r.json"], in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let runner = process.processIdentifier
        _ = try #require(WorkerProcesses.waitUntilBusy(runner, cpu: 0.2), "the worker never got busy")
        kill(runner, SIGSTOP)
        sleep(8)
        kill(runner, SIGCONT)
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        let console = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(console)")
        #expect(console.contains("12 passed, 0 failed"), "\(console)")
    }
}

/// Workers are started from the running image (`/proc/self/exe`), not from the executable's
/// path (red-team 11 m7): a binary deleted during a run left the rest of a file whose worker
/// had to be replaced "not run (the run was interrupted)", exit 70.
@Suite struct WorkerImageTests {
    @Test func aWorkerReplacedAfterTheBinaryWasDeletedRunsTheRest() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let original = try #require(Sceneflow.binary)
        try FileManager.default.createDirectory(atPath: tmp.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: original.path, toPath: tmp.file("bin/sceneflow"))
        // The first test is stuck inside one library call: its worker is killed and replaced.
        try tmp.write(
            "w.lua",
            """
            prototype "Proto"
            test("stuck", function() string.find(string.rep("a", 40), string.rep("a-", 20) .. "b") end)
            test("after", function() end)

            """)
        let bash = "(sleep 0.3; rm bin/sceneflow) & exec bin/sceneflow test w.lua --jobs 1 --timeout 1"
        let r = try Sceneflow.run(
            ["-c", bash], in: tmp.url, timeout: 120, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(!FileManager.default.fileExists(atPath: tmp.file("bin/sceneflow")), "the binary was not removed")
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("PASS  after"), "\(r)")
        #expect(!r.output.contains("could not start a worker"), "\(r)")
    }
}
