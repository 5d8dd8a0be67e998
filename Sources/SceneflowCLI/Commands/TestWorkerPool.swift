import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Runs script files in up to `jobs` long-lived worker processes (`TestWorker`) that take files
/// from one queue, and hands the results back in file order, so the console reads as a serial
/// run. `sceneflow test` always runs this way, `--jobs 1` included: the runner process never
/// runs a script's Lua, so it can always stop a worker and still write its reports.
///
/// - Each worker holds at most `queueDepth` files: the one it runs and the next, so it never
///   waits for the runner between files (the runner refills it when a file finishes); near
///   the end of the queue only idle workers get a file.
/// - A worker that stops without finishing its file (the watchdog found its Lua stuck in a
///   library call, or it crashed) costs only the running test: that test fails with the
///   reason, the rest of its file goes back to the front of the queue and a fresh worker takes
///   it; the files queued behind it go back too; the other workers go on.
/// - After SIGINT/SIGTERM the signal is forwarded once and no file is handed out; a worker
///   still running 0.7 s later is killed, its running test reported as interrupted, the rest
///   of its file as skipped and every file not started as not run.
/// - With `--max-failures N` the pool stops the same way once N tests failed (a file that
///   could not load counts as one): every worker is told to stop (a worker also stops by itself
///   before its next test once it saw N), and `stoppedAtMaxFailures` is set.
final class TestWorkerPool {
    private let settings: TestSettings
    private let jobs: Int
    /// Per file, the only tests to run (`--last-failed`); files not named run every test.
    private let tests: [String: [String]]
    /// Failed tests (and files that could not load) so far.
    private var failures = 0
    /// True once `--max-failures` stopped the run.
    private(set) var stoppedAtMaxFailures = false
    /// Called as each file loads with its number of tests, and whether every file has now
    /// loaded or ended (for the console's `[n/N]`).
    var onPlanned: (Int, Bool) -> Void = { _, _ in }
    /// Files that loaded or ended, and all files of the run.
    private var settledFiles = 0
    private var totalFiles = 0
    /// Real seconds a worker gets to finish after the forwarded signal before it is killed.
    static let signalGrace = 0.7
    /// Files a worker holds at once (the running one and the next).
    static let queueDepth = 2

    /// A pool of up to `jobs` workers running with `settings`; `tests` names, per file, the
    /// only tests to run.
    init(settings: TestSettings, jobs: Int, tests: [String: [String]] = [:]) {
        self.settings = settings
        self.jobs = jobs
        self.tests = tests
    }

    /// Why files were not run: `interrupted`, or the `--max-failures` stop.
    private var notRunReason: String {
        guard Interruption.received == 0, let limit = settings.maxFailures, failures >= limit else {
            return "interrupted"
        }
        return TestSettings.maxFailuresReason(limit)
    }

    /// The signal that stops the run: the one received, or SIGINT once `--max-failures` was
    /// reached; nil while the run goes on.
    private func stopSignal(_ interruption: Interruption) -> Int32? {
        if let signal = interruption.signal { return signal }
        if let limit = settings.maxFailures, failures >= limit {
            stoppedAtMaxFailures = true
            return SIGINT
        }
        return nil
    }

    /// One running worker process, what it was given and what it sent.
    private final class Worker {
        let process: Process
        let events: Pipe
        let requests: Pipe
        let errors: String
        var buffer = Data()
        /// The files handed to this worker, in order: the first is the one it runs.
        var assigned: [FileRun] = []
        var stuck: (reason: LuaWatchdog.Reason, subject: String)?
        var killed = false
        var closed = false
        /// Its exit was handled (`TestWorkerPool.ended`).
        var ended = false

        init(process: Process, events: Pipe, requests: Pipe, errors: String) {
            self.process = process
            self.events = events
            self.requests = requests
            self.errors = errors
        }

        /// Ends the worker's input: it exits after the files it holds.
        func close() {
            guard !closed else { return }
            closed = true
            try? requests.fileHandleForWriting.close()
        }
    }

    /// One script file: its plan, the outcomes so far and where it stands.
    private final class FileRun {
        let file: String
        /// The worker's `planned` line, decoded only when needed (a worker stopped mid-file,
        /// a test never reached): decoding every event would cost the runner more CPU than the
        /// rest of its work per file.
        var plannedLine: Data?
        private var decodedPlan: [TestOutcome]?

        /// The plan (one outcome per test from the first worker's position on), or nil before
        /// the file loaded.
        func planned(_ decoder: JSONDecoder) -> [TestOutcome]? {
            if decodedPlan == nil, let line = plannedLine,
                case .planned(let outcomes) = try? decoder.decode(WorkerEvent.self, from: line)
            {
                decodedPlan = outcomes
            }
            return decodedPlan
        }
        var outcomes: [Int: TestOutcome] = [:]
        var running: Int?
        /// When the running test started (`ProcessInfo.systemUptime`).
        var runningSince = 0.0
        /// The run position to resume at after a stopped worker.
        var next = 0
        var result: ScriptFileResult?
        var started: Double?
        /// How many times the file was handed to a worker (more than once after a stop).
        var sends = 0

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
        totalFiles = runs.count
        // Files not handed out yet, in order; a file resumed after a stopped worker goes first.
        var queue = runs[...]
        var resumed: [FileRun] = []
        var workers: [Worker] = []
        var shown = 0
        var signalTime: Double?
        let interruption = Interruption.install()
        // Tests are shown as they end only when one file runs at a time.
        let progress: (TestOutcome) -> Void = jobs == 1 ? onOutcome : { _ in }
        while shown < runs.count {
            if let stop = stopSignal(interruption) {
                let now = ProcessInfo.processInfo.systemUptime
                if signalTime == nil {
                    signalTime = now
                    for worker in workers {
                        kill(worker.process.processIdentifier, stop)
                        worker.close()
                    }
                    for run in resumed + queue where run.result == nil {
                        run.result = ScriptFileResult.notRun(run.file, reason: notRunReason)
                    }
                    resumed = []
                    queue = []
                } else if now - signalTime! > Self.signalGrace {
                    for worker in workers where !worker.killed {
                        worker.killed = true
                        kill(worker.process.processIdentifier, SIGKILL)
                    }
                }
            } else {
                assign(&resumed, &queue, to: &workers, folder: folder)
            }
            wait(for: workers)
            for worker in workers {
                read(worker, onOutcome: progress)
                if !worker.process.isRunning {
                    read(worker, onOutcome: progress)
                    ended(
                        worker, resumed: &resumed, interrupted: signalTime != nil || interruption.signal != nil,
                        onOutcome: progress)
                }
            }
            // Only workers handled by `ended` leave: one that exits between the check above and
            // here is handled in the next round (its files must not be lost).
            workers.removeAll(where: \.ended)
            if workers.isEmpty && resumed.isEmpty && queue.isEmpty {
                // Nothing is running or waiting: a file without a result now would never get one.
                for run in runs where run.result == nil {
                    run.result =
                        signalTime != nil || interruption.signal != nil
                        ? ScriptFileResult.notRun(run.file, reason: notRunReason)
                        : ScriptFileResult(
                            file: run.file,
                            loadProblems: [Diagnostic(file: run.file, message: "no worker ran this file")])
                }
            }
            while shown < runs.count, let result = runs[shown].result {
                onResult(result)
                shown += 1
            }
        }
        // Idle workers exit at the end of their input; reap them (so their CPU time is counted
        // for this process, see `sceneflow bench --test-files`), killing any that lingers.
        for worker in workers { worker.close() }
        let deadline = ProcessInfo.processInfo.systemUptime + 1
        for worker in workers {
            while worker.process.isRunning && ProcessInfo.processInfo.systemUptime < deadline { usleep(1_000) }
            if worker.process.isRunning { kill(worker.process.processIdentifier, SIGKILL) }
            worker.process.waitUntilExit()
        }
        return runs.compactMap(\.result)
    }

    /// Hands out files to the workers until each holds `queueDepth` (starting workers as
    /// needed, up to `jobs`).
    private func assign(
        _ resumed: inout [FileRun], _ queue: inout ArraySlice<FileRun>, to workers: inout [Worker], folder: String
    ) {
        func nextFile() -> FileRun? {
            if !resumed.isEmpty { return resumed.removeFirst() }
            return queue.popFirst()
        }
        while workers.count < jobs, !resumed.isEmpty || !queue.isEmpty {
            guard let worker = startWorker(folder: folder) else {
                // No worker can be started: every file left fails to load with the reason.
                while let run = nextFile() {
                    finish(run, loadProblems: [Diagnostic(file: run.file, message: "could not start a worker")])
                }
                return
            }
            workers.append(worker)
        }
        // Fill the least busy worker first, so files spread over all of them.
        // A second file goes to a busy worker only while the queue holds one for every worker:
        // near the end of a run a file waits for an idle worker, not behind a long one.
        while !resumed.isEmpty || !queue.isEmpty {
            let open = workers.filter { !$0.closed }
            guard let worker = open.min(by: { $0.assigned.count < $1.assigned.count }),
                worker.assigned.count < Self.queueDepth,
                worker.assigned.isEmpty || resumed.count + queue.count >= open.count, let run = nextFile()
            else { return }
            send(run, to: worker)
        }
        if resumed.isEmpty && queue.isEmpty {
            for worker in workers where worker.assigned.isEmpty { worker.close() }
        }
    }

    /// Starts one worker process, or nil when none can be started.
    private func startWorker(folder: String) -> Worker? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let errors = (folder as NSString).appendingPathComponent("\(UInt32.random(in: 0...UInt32.max)).err")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["test", "--worker", String(getpid())] + settings.workerArguments
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
        let events = Pipe()
        let requests = Pipe()
        process.standardOutput = events
        process.standardInput = requests
        do {
            try process.run()
        } catch {
            return nil
        }
        let fd = events.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return Worker(process: process, events: events, requests: requests, errors: errors)
    }

    /// Asks `worker` to run `run` from its next test on.
    private func send(_ run: FileRun, to worker: Worker) {
        guard
            var line = try? JSONEncoder().encode(
                WorkerRequest(
                    file: run.file, skip: run.next, timeline: settings.runnerOptions.recordsTimeline,
                    tests: tests[run.file]))
        else { return }
        line.append(10)
        worker.assigned.append(run)
        run.sends += 1
        // A worker that died meanwhile is handled as it ends (its files go back to the queue).
        let fd = worker.requests.fileHandleForWriting.fileDescriptor
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Waits up to 5 ms for a worker to write.
    private func wait(for workers: [Worker]) {
        var fds = workers.map {
            pollfd(fd: $0.events.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        }
        if fds.isEmpty {
            usleep(5_000)
            return
        }
        _ = poll(&fds, nfds_t(fds.count), 5)
    }

    private let decoder = JSONDecoder()
    /// How a `planned` event's line starts (`JSONEncoder`'s form of `WorkerEvent.planned`).
    private static let plannedPrefix = Data(#"{"planned""#.utf8)
    /// The buffer each read from a worker's pipe goes through (allocated once: a run reads
    /// several times per file).
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// Reads what `worker` wrote and applies each complete line to the file it runs.
    private func read(_ worker: Worker, onOutcome: (TestOutcome) -> Void) {
        let fd = worker.events.fileHandleForReading.fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            worker.buffer.append(contentsOf: chunk[0..<count])
        }
        var start = worker.buffer.startIndex
        while let newline = worker.buffer[start...].firstIndex(of: 10) {
            let line = worker.buffer[start..<newline]
            start = newline + 1
            if line.starts(with: Self.plannedPrefix) {
                if let run = worker.assigned.first, run.plannedLine == nil {
                    run.plannedLine = Data(line)
                    run.started = ProcessInfo.processInfo.systemUptime
                    if run.result == nil { settledFiles += 1 }
                }
                continue
            }
            guard let event = try? decoder.decode(WorkerEvent.self, from: line) else { continue }
            if case .stuck(let reason, let subject) = event {
                worker.stuck = (reason, subject)
                continue
            }
            guard let run = worker.assigned.first else { continue }
            switch event {
            case .planned: break
            case .count(let count): onPlanned(count, settledFiles >= totalFiles)
            case .started(let position):
                run.running = position
                run.runningSince = ProcessInfo.processInfo.systemUptime
            case .ended(let position, let outcome):
                run.outcomes[position] = outcome
                run.running = nil
                run.next = position + 1
                if outcome.verdict == .failed { failures += 1 }
                onOutcome(outcome)
            case .finished(let result) where result.notRun != nil:
                // The worker had seen --max-failures failures before this file's turn.
                worker.assigned.removeFirst()
                finish(run, notRun: true)
            case .finished(let result):
                if !result.loadProblems.isEmpty { failures += 1 }
                worker.assigned.removeFirst()
                finish(
                    run, loadProblems: result.loadProblems, timeline: result.timeline,
                    wallSeconds: run.sends == 1 ? result.wallSeconds : nil, complete: true)
            case .stuck: break
            }
        }
        worker.buffer.removeSubrange(worker.buffer.startIndex..<start)
    }

    /// Handles the end of `worker`: the test it was running gets its verdict here, the rest of
    /// that file and the files queued behind it go back to the front of the queue (or, after
    /// a signal, are reported as interrupted and not run).
    private func ended(
        _ worker: Worker, resumed: inout [FileRun], interrupted: Bool, onOutcome: (TestOutcome) -> Void
    ) {
        defer { try? FileManager.default.removeItem(atPath: worker.errors) }
        worker.ended = true
        worker.close()
        guard let run = worker.assigned.first else { return }
        let queued = worker.assigned.dropFirst()
        worker.assigned = []
        let stoppedBySignal = interrupted || worker.stuck?.reason == .afterStop
        if stoppedBySignal {
            for other in queued where other.result == nil {
                other.result = ScriptFileResult.notRun(other.file, reason: notRunReason)
            }
        } else {
            resumed.insert(contentsOf: queued, at: 0)
        }
        guard let planned = run.planned(decoder) else {
            // Stopped while loading the file (or before it began).
            if stoppedBySignal {
                finish(run, notRun: true)
            } else if worker.stuck == nil && worker.process.terminationReason == .exit
                && worker.process.terminationStatus == 0
            {
                resumed.insert(run, at: 0)  // it ended before taking the file: try again
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
                failures += 1
            }
            run.outcomes[position] = outcome
            run.running = nil
            run.next = position + 1
            onOutcome(outcome)
        }
        if stoppedBySignal || run.next >= planned.count {
            finish(run)
        } else {
            resumed.insert(run, at: 0)
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
    /// outcome: skipped because the run was interrupted, or its own skip). `wallSeconds` is
    /// the worker's own figure for a file it ran whole, else the time since the file's plan.
    /// `complete`: the worker finished the file, so every test has its outcome.
    private func finish(
        _ run: FileRun, loadProblems: [Diagnostic] = [], timeline: TimelineRun? = nil, wallSeconds: Double? = nil,
        complete: Bool = false, notRun: Bool = false
    ) {
        if run.plannedLine == nil && run.result == nil {
            settledFiles += 1
            onPlanned(0, settledFiles >= totalFiles)
        }
        if notRun {
            run.result = ScriptFileResult.notRun(run.file, reason: notRunReason)
            return
        }
        let outcomes: [TestOutcome]
        if complete, run.outcomes.keys.max() == run.outcomes.count - 1 {
            // Every test sent its outcome: the plan adds nothing.
            outcomes = (0..<run.outcomes.count).map { run.outcomes[$0]! }
        } else {
            let planned = run.planned(decoder) ?? []
            outcomes = planned.indices.map { run.outcomes[$0] ?? planned[$0] }
        }
        var result = ScriptFileResult(file: run.file, outcomes: outcomes, loadProblems: loadProblems)
        result.wallSeconds = wallSeconds ?? run.started.map { ProcessInfo.processInfo.systemUptime - $0 }
        result.timeline = timeline
        run.result = result
    }
}
