import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Runs script files in up to `jobs` worker processes (`TestWorker`), one file per worker at a
/// time, and hands the results back in file order, so the console reads as a serial run.
/// `sceneflow test` always runs this way, `--jobs 1` included: the runner process never runs
/// a script's Lua, so it can always stop a worker and still write its reports.
///
/// - A worker that stops without finishing its file (the watchdog found its Lua stuck in a
///   library call, or it crashed) costs only the running test: that test fails with the
///   reason and a new worker goes on with the next test.
/// - After SIGINT/SIGTERM the signal is forwarded once; a worker still running 0.7 s later is
///   killed, its running test reported as interrupted and the rest as skipped.
///
/// The worker protocol carries run positions, not a file per line, because each worker runs
/// one file; a pool of long-lived workers taking files from a queue (issue 19) would add the
/// file to `WorkerEvent` and a request line from the runner.
final class TestWorkerPool {
    private let settings: TestSettings
    private let jobs: Int
    /// Real seconds a worker gets to finish after the forwarded signal before it is killed.
    static let signalGrace = 0.7

    init(settings: TestSettings, jobs: Int) {
        self.settings = settings
        self.jobs = jobs
    }

    /// One running worker process and what it sent.
    private final class Worker {
        let process: Process
        let pipe: Pipe
        let errors: String
        var buffer = Data()
        var stuck: (reason: LuaWatchdog.Reason, subject: String)?
        var finished: ScriptFileResult?
        var killed = false

        init(process: Process, pipe: Pipe, errors: String) {
            self.process = process
            self.pipe = pipe
            self.errors = errors
        }
    }

    /// One script file: its plan, the outcomes so far and the worker running it.
    private final class FileRun {
        let file: String
        var planned: [TestOutcome]?
        var outcomes: [Int: TestOutcome] = [:]
        var running: Int?
        /// When the running test started (`ProcessInfo.systemUptime`).
        var runningSince = 0.0
        var next = 0
        var worker: Worker?
        var result: ScriptFileResult?
        var started: Double?
        var attempts = 0

        init(file: String) { self.file = file }
    }

    /// Runs `scripts`. `onOutcome` gets each test as it ends when one worker runs at a time
    /// (`jobs == 1`, for the serial console); `onResult` gets each file in order.
    func run(
        _ scripts: [String], onOutcome: @escaping (TestOutcome) -> Void, onResult: (ScriptFileResult) -> Void
    ) -> [ScriptFileResult] {
        let folder = NSTemporaryDirectory() + "sceneflow-jobs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runs = scripts.map(FileRun.init)
        var nextFile = 0
        var shown = 0
        var signalTime: Double?
        let interruption = Interruption.install()
        while shown < runs.count {
            let active = runs.filter { $0.worker != nil }
            var running = active.count
            while running < jobs && nextFile < runs.count && interruption.signal == nil {
                start(runs[nextFile], folder: folder)
                nextFile += 1
                running += 1
            }
            if let signal = interruption.signal {
                let now = ProcessInfo.processInfo.systemUptime
                if signalTime == nil {
                    signalTime = now
                    for run in runs { if let worker = run.worker { kill(worker.process.processIdentifier, signal) } }
                } else if now - signalTime! > Self.signalGrace {
                    for run in runs {
                        guard let worker = run.worker, !worker.killed else { continue }
                        worker.killed = true
                        kill(worker.process.processIdentifier, SIGKILL)
                    }
                }
            }
            wait(for: runs.compactMap(\.worker))
            for run in runs {
                guard let worker = run.worker else { continue }
                // Tests are shown as they end only when one file runs at a time.
                let progress: (TestOutcome) -> Void = jobs == 1 ? onOutcome : { _ in }
                read(worker, into: run, onOutcome: progress)
                if !worker.process.isRunning {
                    read(worker, into: run, onOutcome: progress)
                    ended(worker, run, folder: folder, interrupted: interruption.signal != nil, onOutcome: progress)
                }
            }
            if interruption.signal != nil && runs.allSatisfy({ $0.worker == nil }) {
                for run in runs[nextFile...] where run.result == nil { run.result = ScriptFileResult.notRun(run.file) }
                nextFile = runs.count
            }
            while shown < runs.count, let result = runs[shown].result {
                onResult(result)
                shown += 1
            }
        }
        return runs.compactMap(\.result)
    }

    private func start(_ run: FileRun, folder: String) {
        run.attempts += 1
        if run.started == nil { run.started = ProcessInfo.processInfo.systemUptime }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let errors = (folder as NSString).appendingPathComponent("\(UInt32.random(in: 0...UInt32.max)).err")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            ["test", run.file, "--worker", String(getpid()), "--worker-skip", String(run.next)]
            + settings.workerArguments
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            finish(run, loadProblems: [Diagnostic(file: run.file, message: "could not start a worker: \(error)")])
            return
        }
        let fd = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        run.worker = Worker(process: process, pipe: pipe, errors: errors)
    }

    /// Waits up to 5 ms for a worker to write.
    private func wait(for workers: [Worker]) {
        var fds = workers.map {
            pollfd(fd: $0.pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        }
        if fds.isEmpty {
            usleep(5_000)
            return
        }
        _ = poll(&fds, nfds_t(fds.count), 5)
    }

    /// Reads what `worker` wrote and applies each complete line.
    private func read(_ worker: Worker, into run: FileRun, onOutcome: (TestOutcome) -> Void) {
        let fd = worker.pipe.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            worker.buffer.append(contentsOf: chunk[0..<count])
        }
        while let newline = worker.buffer.firstIndex(of: 10) {
            let line = worker.buffer[worker.buffer.startIndex..<newline]
            worker.buffer.removeSubrange(worker.buffer.startIndex...newline)
            guard let event = try? JSONDecoder().decode(WorkerEvent.self, from: Data(line)) else { continue }
            switch event {
            case .planned(let outcomes):
                if run.planned == nil { run.planned = outcomes }
            case .started(let position):
                run.running = position
                run.runningSince = ProcessInfo.processInfo.systemUptime
            case .ended(let position, let outcome):
                run.outcomes[position] = outcome
                run.running = nil
                run.next = position + 1
                onOutcome(outcome)
            case .finished(let result):
                worker.finished = result
            case .stuck(let reason, let subject):
                worker.stuck = (reason, subject)
            }
        }
    }

    /// Handles the end of `run`'s worker: the file is done, or the running test gets its
    /// verdict here and a new worker goes on after it.
    private func ended(
        _ worker: Worker, _ run: FileRun, folder: String, interrupted: Bool, onOutcome: (TestOutcome) -> Void
    ) {
        run.worker = nil
        try? FileManager.default.removeItem(atPath: worker.errors)
        if let finished = worker.finished {
            finish(run, loadProblems: finished.loadProblems, timeline: finished.timeline)
            return
        }
        let stoppedBySignal = interrupted || worker.stuck?.reason == .afterStop
        guard let planned = run.planned else {
            // Stopped while loading the file.
            if stoppedBySignal {
                finish(run, notRun: true)
            } else {
                finish(run, loadProblems: [loadProblem(worker, run)])
            }
            return
        }
        if let position = run.running, planned.indices.contains(position) {
            let test = planned[position]
            var outcome = TestOutcome(
                name: test.name, file: run.file, line: test.line, verdict: .failed,
                wallSeconds: ProcessInfo.processInfo.systemUptime - run.runningSince)
            if stoppedBySignal {
                outcome.verdict = .interrupted
                outcome.failure = Diagnostic(
                    file: run.file, line: test.line, message: "interrupted by a signal while the test ran")
            } else {
                outcome.failure = Diagnostic(file: run.file, line: test.line, message: testProblem(worker, run, test))
            }
            run.outcomes[position] = outcome
            run.running = nil
            run.next = position + 1
            onOutcome(outcome)
        }
        if stoppedBySignal || run.next >= planned.count {
            finish(run)
        } else {
            start(run, folder: folder)
        }
    }

    /// Why the test running in `worker` has no result.
    private func testProblem(_ worker: Worker, _ run: FileRun, _ test: TestOutcome) -> String {
        let stopped =
            "inside one library call or error handler that never returned to Lua (a string pattern that backtracks?); its worker process was stopped"
        if let stuck = worker.stuck {
            if stuck.subject == run.file {
                let seconds = settings.timeout ?? LuaLimits.standard.testWallSeconds
                return
                    "test \"\(test.name)\" ran its Lua code for more than \(formatNumber(seconds)) s of real time (the watchdog) \(stopped)"
            }
            return "\(stuck.subject) ran its Lua code for more than 10 s of real time during this test \(stopped)"
        }
        return "the worker running this test exited \(exitText(worker.process)) without its result"
            + errorTail(worker)
    }

    /// Why the file in `worker` did not load.
    private func loadProblem(_ worker: Worker, _ run: FileRun) -> Diagnostic {
        if let stuck = worker.stuck {
            return Diagnostic(
                file: stuck.subject.isEmpty ? run.file : stuck.subject,
                message:
                    "did not finish loading within 10 s of real time: its Lua code is stuck inside one library call or error handler that does not return to Lua (a string pattern that backtracks?); its worker process was stopped"
            )
        }
        return Diagnostic(
            file: run.file,
            message: "the worker running this file exited \(exitText(worker.process)) without results"
                + errorTail(worker))
    }

    private func exitText(_ process: Process) -> String {
        process.terminationReason == .uncaughtSignal
            ? "on signal \(process.terminationStatus)" : "with status \(process.terminationStatus)"
    }

    private func errorTail(_ worker: Worker) -> String {
        let stderr = (try? String(contentsOfFile: worker.errors, encoding: .utf8)) ?? ""
        let tail = stderr.split(separator: "\n").suffix(5).joined(separator: " | ")
        return tail.isEmpty ? "" : ": \(MessageClip.clip(tail))"
    }

    /// Ends `run` with its outcomes in run order (a test never reached gets its planned
    /// outcome: skipped because the run was interrupted, or its own skip).
    private func finish(
        _ run: FileRun, loadProblems: [Diagnostic] = [], timeline: TimelineRun? = nil, notRun: Bool = false
    ) {
        if notRun {
            run.result = ScriptFileResult.notRun(run.file)
            return
        }
        let planned = run.planned ?? []
        var result = ScriptFileResult(
            file: run.file, outcomes: planned.indices.map { run.outcomes[$0] ?? planned[$0] },
            loadProblems: loadProblems)
        result.wallSeconds = run.started.map { ProcessInfo.processInfo.systemUptime - $0 }
        result.timeline = timeline
        run.result = result
    }
}
