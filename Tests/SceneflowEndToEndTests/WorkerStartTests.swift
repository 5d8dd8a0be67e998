import Foundation
import Testing

/// Worker processes are started with `posix_spawn` before the runner has found its scripts
/// (`TestWorkerPool.prestart`): whatever the runner's own standard streams are, however many
/// workers start early and however many files there turn out to be, every test gets the
/// verdict a plain run gives it, and no worker is left running.
@Suite struct WorkerStartTests {
    /// A folder `S` of `files` scripts, each with one passing and one failing test.
    static func suite(files: Int) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for index in 1...files {
            try tmp.write(
                "S/f\(index).lua",
                """
                prototype "../Proto"
                test("pass \(index)", function() tap "Open" expect.scene "detail" end)
                test("fail \(index)", function() tap "Open" expect.scene "home" end)

                """)
        }
        return tmp
    }

    static func expected(files: Int) -> [String: String] {
        var verdicts: [String: String] = [:]
        for index in 1...files {
            verdicts["f\(index).lua: pass \(index)"] = "passed"
            verdicts["f\(index).lua: fail \(index)"] = "failed"
        }
        return verdicts
    }

    /// A closed standard stream makes the next descriptor the runner opens 0, 1 or 2: a pipe
    /// to a worker on such a number must still reach the worker's own standard stream.
    @Test func closedStandardStreamsLeaveEveryVerdictIntact() throws {
        let tmp = try Self.suite(files: 2)
        let binary = try #require(Sceneflow.binary)
        for closing in ["0<&-", "1>&-", "2>&-", "0<&- 1>&-", "0<&- 1>&- 2>&-"] {
            for jobs in ["1", "2"] {
                let report = tmp.file("r-\(jobs).json")
                try? FileManager.default.removeItem(atPath: report)
                let r = try Sceneflow.run(
                    ["-c", "exec \"$SF\" test S --jobs \(jobs) --json \"$REPORT\" \(closing)"],
                    in: URL(fileURLWithPath: tmp.path), environment: ["SF": binary.path, "REPORT": report],
                    executable: URL(fileURLWithPath: "/bin/sh"))
                // A closed standard output fails the run's console (70, LimitsAndExitCodes); the
                // reports are still written and hold every verdict.
                let status: Int32 = closing.contains("1>&-") ? 70 : 1
                #expect(r.status == status && r.didNotCrash, "\(closing) --jobs \(jobs): \(r)")
                let json = try RunnerCommandLineTests.json(report)
                #expect(
                    RunnerCommandLineTests.verdicts(json) == Self.expected(files: 2), "\(closing) --jobs \(jobs): \(r)")
            }
        }
    }

    /// More workers than files (`--jobs 4` for one file, a folder of fewer scripts than jobs),
    /// or a run that ends before any file is handed out: the same verdicts, no worker left.
    @Test func workersStartedEarlyMatchTheFilesFound() throws {
        for files in 1...3 {
            let tmp = try Self.suite(files: files)
            let here = URL(fileURLWithPath: tmp.path)
            for arguments in [["S"], ["S/f1.lua"], ["S", "S/f1.lua"]] {
                for jobs in 1...4 {
                    let r = try Sceneflow.run(
                        ["test"] + arguments + ["--jobs", String(jobs), "--json", "r.json"], in: here)
                    #expect(r.status == 1 && r.didNotCrash, "\(files) files, \(arguments) --jobs \(jobs): \(r)")
                    let verdicts = RunnerCommandLineTests.verdicts(try RunnerCommandLineTests.json(tmp.file("r.json")))
                    let wanted = arguments == ["S/f1.lua"] ? Self.expected(files: 1) : Self.expected(files: files)
                    #expect(verdicts == wanted, "\(files) files, \(arguments) --jobs \(jobs): \(r)")
                    // With one worker the console shows each test as it ends, in order.
                    if jobs == 1 {
                        let lines = r.stdout.split(separator: "\n").filter {
                            $0.contains("PASS") || $0.contains("FAIL")
                        }
                        #expect(lines.count == wanted.count, "\(r)")
                    }
                }
            }
        }
    }

    /// Runs that end before any worker gets a file (nothing left to rerun, no script found):
    /// the workers started early end with the run, which exits at once.
    @Test func aRunThatEndsEarlyEndsItsEarlyWorkers() throws {
        let tmp = try Self.suite(files: 1)
        let here = URL(fileURLWithPath: tmp.path)
        let binary = try #require(Sceneflow.binary)
        try tmp.write("S/f1.lua", "prototype \"../Proto\"\ntest(\"ok\", function() end)\n")
        try tmp.write("E/notes.txt", "no scripts here\n")
        let cache = tmp.file("cache")
        let runs: [(arguments: String, status: Int32, says: String)] = [
            ("S --jobs 3", 0, "1 passed"),
            ("S --jobs 3 --last-failed", 0, "nothing to run"),
            ("E --jobs 3", 65, "no *.lua scripts found"),
        ]
        for run in runs {
            // The shell's process ID is the runner's (exec): its workers name it.
            let r = try Sceneflow.run(
                ["-c", "echo $$ > runner.pid; exec \"$SF\" test \(run.arguments)"], in: here,
                environment: ["SF": binary.path, "XDG_CACHE_HOME": cache], executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(r.status == run.status && r.output.contains(run.says), "\(run.arguments): \(r)")
            let runner = try String(contentsOfFile: tmp.file("runner.pid"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Self.workers(of: runner).isEmpty, "\(run.arguments): workers of \(runner) still run")
        }
    }

    /// Live processes started as workers of the runner with process ID `runner`.
    static func workers(of runner: String) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { Int32($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let index = arguments.firstIndex(of: "--worker"), index + 1 < arguments.count else { return false }
            return arguments[index + 1] == runner && WorkerProcesses.alive(pid)
        }
    }
}
