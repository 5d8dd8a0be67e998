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
/// - With `--max-failures N` the pool stops the same way once N tests failed or were
///   interrupted (a file that could not load counts as one, whether its worker said so or
///   the load watchdog ended it: `TestOutcome.failsTheRun`, `finish`): every worker is told to stop (a worker also stops by itself
///   before its next test once it saw N), and `stoppedAtMaxFailures` is set.
final class TestWorkerPool {
    let settings: TestSettings
    /// The most workers that run at once (at most one per file).
    var jobs: Int
    /// Per file, the only tests to run (`--last-failed`); files not named run every test.
    var tests: [String: [String]]
    /// Failed tests (and files that could not load) so far.
    var failures = 0
    /// The steps and log lines the run's tests keep, across the run (`TestDetailBudget`);
    /// `SCENEFLOW_RUN_DETAIL_LIMIT` (bytes) lowers it for tests of the limit.
    var detailBudget = TestDetailBudget(
        limit: ProcessInfo.processInfo.environment["SCENEFLOW_RUN_DETAIL_LIMIT"].flatMap { Int($0) }
            .map { min($0, TestDetailBudget.runLimit) } ?? TestDetailBudget.runLimit)
    /// The timeline events the run keeps across its files (`TimelineBudget`);
    /// `SCENEFLOW_RUN_TIMELINE_LIMIT` lowers it for tests of the limit (workers read it too).
    var timelineBudget = TimelineBudget(limit: TestSettings.timelineEventsPerRun)
    /// The order to hand files to workers in when more than one runs (longest first, from the
    /// last run's times: `LastRunState.longestFirst`); nil hands them out in file order.
    var startOrder: [String]?
    /// Why a worker process could not be started (the system failed: the run exits 70): the
    /// reason, or a started worker's own line saying it could not start a thread it needs
    /// (`TestWorker.threadFailurePrefix`).
    var startFailure: String?
    /// A worker's line saying it could not start a thread (the process/thread limit), read as
    /// it ended having run nothing; `assign` then starts no more workers.
    var threadFailure: String?
    /// The most workers that could be started, once a start failed while others ran (the run
    /// goes on with them); nil while every start succeeded.
    var workerCap: Int?
    /// True once `--max-failures` stopped the run.
    private(set) var stoppedAtMaxFailures = false
    /// Called as each file loads with its number of tests, and whether every file has now
    /// loaded or ended (for the console's `[n/N]`).
    var onPlanned: (Int, Bool) -> Void = { _, _ in }
    /// Called with a file and the files its run read besides it (its modules, its prototype's
    /// file and images) when `readsSources` asked the workers for them (`--watch`).
    var onRead: (String, [String]) -> Void = { _, _ in }
    /// The keys the files' runs asked `param(key)` for (`WorkerEvent.parameters`).
    var parametersRead: Set<String> = []
    /// What `only()` left out of each file's selection, by file as the run names it.
    var leftOutByOnly: [String: OnlyFocus] = [:]
    /// Ask workers which files each script's run read (`WorkerEvent.read`).
    var readsSources = false
    /// When each test's outcome came (file as named → test name → seconds since 1970; "" for
    /// the file's end): the last-run state lets the latest execution of a test decide it when
    /// two runs of one suite overlap (`LastRunState.decidedAt`, red-team findings T4, T10).
    var endedAt: [String: [String: Double]] = [:]
    /// When `killFrozen` last looked (`systemUptime`), to tell that the runner was stopped.
    var lastFrozenCheck: Double?
    /// Files that loaded or ended, and all files of the run.
    var settledFiles = 0
    var totalFiles = 0
    /// Real seconds a worker gets to finish after the forwarded signal before it is killed.
    static let signalGrace = 0.7
    /// Real seconds `--max-failures` lets a worker finish encoding the video of a failed test
    /// (`--video`) before it is stopped: the video's own budget, the test's real-time limit
    /// (`--timeout`; the worker ends the video there, playable, with a note), and 2 s to close
    /// the file. A fixed 10 s dropped the video of a failure that reached the limit on a
    /// loaded machine, which the test's own budget allowed.
    var videoGrace: Double { (settings.timeout ?? LuaLimits.standard.testWallSeconds) + 2 }
    /// Files a worker holds at once (the running one and the next).
    static let queueDepth = 2

    /// A pool of up to `jobs` workers running with `settings`; `tests` names, per file, the
    /// only tests to run.
    init(settings: TestSettings, jobs: Int, tests: [String: [String]] = [:]) {
        self.settings = settings
        self.jobs = jobs
        self.tests = tests
        recordsTimeline = settings.runnerOptions.recordsTimeline
    }

    /// Whether workers record each file's timeline (`--timeline`, `--csv`): worked out once,
    /// since the runner's options read the whole environment.
    let recordsTimeline: Bool
    /// Encodes each `WorkerRequest`.
    let requestEncoder = JSONEncoder()

    /// Why files were not run: `interrupted`, or the `--max-failures` stop.
    var notRunReason: String {
        guard Interruption.received == 0, let limit = settings.maxFailures, failures >= limit else {
            return "interrupted"
        }
        return TestSettings.maxFailuresReason(limit)
    }

    /// `outcome` as the reports show it: a test or after_all hooks that the run's stop ended
    /// while they ran say what stopped them. A worker only sees the signal the runner sends it,
    /// so when that was the `--max-failures` stop, not a signal the run received, its message
    /// names the limit (red-team 9 m6: "interrupted by a signal" when no signal was sent).
    func namingTheStop(_ outcome: TestOutcome) -> TestOutcome {
        if outcome.verdict == .skipped, outcome.skipReason == "the run was interrupted", notRunReason != "interrupted" {
            // A test the stop left out in that worker (red-team 33 F1: "the run was
            // interrupted" on the console, the limit in the JSON).
            var named = outcome
            named.skipReason = "not run: " + notRunReason
            return named
        }
        guard outcome.verdict == .interrupted, notRunReason != "interrupted", var failure = outcome.failure else {
            return outcome
        }
        let signalWords = "interrupted by a signal"
        let hooks = ["before_all", "before_each", "after_each"].map(HeadlessTestRunner.interruptedMessage(inHooks:))
        if let stop = ([HeadlessTestRunner.interruptedMessage] + hooks).lazy.compactMap({
            failure.message.range(of: $0)
        })
        .first {
            // Alone, after the test's own failure (a stop in its after_each hooks), or before
            // its soft failures (red-team 21 F5: then it kept the signal's wording); in the
            // test or the hooks that ran for it.
            let words = stop.lowerBound..<failure.message.index(stop.lowerBound, offsetBy: signalWords.count)
            failure.message.replaceSubrange(words, with: notRunReason)
        } else if failure.message.hasSuffix("after_all was stopped: the run was interrupted") {
            // Alone, or after the errors the hooks raised before the stop.
            failure.message =
                failure.message.dropLast("the run was interrupted".count) + notRunReason
        } else {
            return outcome
        }
        var named = outcome
        named.failure = failure
        return named
    }

    /// The signal that stops the run: the one received, or SIGINT once `--max-failures` was
    /// reached; nil while the run goes on.
    func stopSignal(_ interruption: Interruption) -> Int32? {
        if let signal = interruption.signal { return signal }
        if let limit = settings.maxFailures, failures >= limit {
            stoppedAtMaxFailures = true
            return SIGINT
        }
        return nil
    }

    /// Workers whose input was closed at the end of a run, still to be reaped (`reapWorkers`).
    private var finishing: [Worker] = []
    /// Workers started before the run knew its files (`prestart`), waiting for `run`.
    private var prestarted: [Worker] = []
    /// The folder of the workers' error files, made at the first start, removed with the pool.
    private(set) lazy var folder: String = {
        let folder = NSTemporaryDirectory() + "sceneflow-jobs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        folderMade = true
        return folder
    }()
    private var folderMade = false

    deinit {
        // Workers never given a file end with the pool (`WorkerProcess` collects them).
        for worker in prestarted { worker.close() }
        prestarted = []
        if folderMade { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Starts `count` workers now, before the run knows its files, so their start-up (the
    /// process, the Swift runtime, the Lua state) overlaps the runner's own: finding the
    /// scripts, reading the last run. `run` hands them files first; a start that fails here is
    /// tried again there.
    func prestart(_ count: Int) {
        while prestarted.count < count, let worker = startWorker(folder: folder) {
            prestarted.append(worker)
        }
        startFailure = nil
    }

    /// How many workers to start before the scripts are found: `jobs`, but no more than the
    /// files `inputs` can name when each is a file, nor than the machine's cores when a folder
    /// may hold any number of them (the rest start once the files are known).
    static func prestartCount(jobs: Int, inputs: [String]) -> Int {
        let allFiles = inputs.allSatisfy { path in
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
        return allFiles ? min(jobs, inputs.count) : min(jobs, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Runs `scripts`. `onOutcome` gets each test as it ends when one worker runs at a time
    /// (`jobs == 1`, for the serial console); `onResult` gets each file in order. With `reap`
    /// false, the workers, told to exit, are left for `reapWorkers()`, so the caller can write
    /// its reports while they end.
    func run(
        _ scripts: [String], reap: Bool = true, onOutcome: @escaping (TestOutcome) -> Void,
        onResult: (ScriptFileResult) -> Void
    ) -> [ScriptFileResult] {
        let folder = self.folder
        let runs = scripts.map(FileRun.init)
        totalFiles = runs.count
        // Files not handed out yet, in `startOrder` (else file order); a file resumed after a
        // stopped worker goes first. Results are still shown in file order.
        var queue = runs[...]
        if let startOrder, jobs > 1 {
            var byFile: [[UInt8]: FileRun] = [:]
            for run in runs { byFile[Array(run.file.utf8)] = run }
            let ordered = startOrder.compactMap { byFile.removeValue(forKey: Array($0.utf8)) }
            queue = (ordered + runs.filter { byFile[Array($0.file.utf8)] != nil })[...]
        }
        var resumed: [FileRun] = []
        // Workers started early beyond what this run needs end now (fewer files than jobs).
        var workers = Array(prestarted.prefix(max(jobs, 0)))
        for worker in prestarted.dropFirst(workers.count) { worker.close() }
        finishing += prestarted.dropFirst(workers.count)
        prestarted = []
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
                        worker.close()
                        // --max-failures stops the other tests, not the encoding of a failed
                        // test's video (the one that reached the limit keeps its video).
                        if interruption.signal == nil && worker.encodesFailureVideo {
                            worker.videoDeadline = now + videoGrace
                            continue
                        }
                        kill(worker.process.processIdentifier, stop)
                        worker.stopSentAt = now
                    }
                    for run in resumed + queue where run.result == nil { settleUnfinished(run, onOutcome: progress) }
                    resumed = []
                    queue = []
                }
                for worker in workers where worker.stopSentAt == nil {
                    // A worker let finish its video: stopped once it did, at its deadline or
                    // at a signal.
                    guard let deadline = worker.videoDeadline else { continue }
                    if interruption.signal != nil || !worker.encodesFailureVideo || now > deadline {
                        worker.videoDeadline = nil
                        kill(worker.process.processIdentifier, stop)
                        worker.stopSentAt = now
                    }
                }
                for worker in workers where !worker.killed {
                    guard let sent = worker.stopSentAt, now - sent > Self.signalGrace else { continue }
                    worker.killed = true
                    kill(worker.process.processIdentifier, SIGKILL)
                }
            } else {
                killFrozen(workers)
                assign(&resumed, &queue, to: &workers, folder: folder)
            }
            wait(for: workers)
            // A file's result is shown before the outcomes of the file after it (one by one).
            func showReady() {
                while shown < runs.count, let result = runs[shown].result {
                    onResult(result)
                    shown += 1
                }
            }
            for worker in workers {
                while read(worker, onOutcome: progress, stopAfterFile: jobs == 1) { showReady() }
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
                    if signalTime != nil || interruption.signal != nil {
                        settleUnfinished(run, onOutcome: progress)
                    } else {
                        run.result = ScriptFileResult(
                            file: run.file,
                            loadProblems: [Diagnostic(file: run.file, message: "no worker ran this file")])
                    }
                }
            }
            showReady()
        }
        // Idle workers exit at the end of their input.
        for worker in workers { worker.close() }
        finishing += workers
        if reap { reapWorkers() }
        return runs.compactMap(\.result)
    }

    /// Waits for the workers of the last run to exit (so their CPU time is counted for this
    /// process, see `sceneflow bench --test-files`), killing any that lingers past a second.
    func reapWorkers() {
        let deadline = ProcessInfo.processInfo.systemUptime + 1
        for worker in finishing {
            while worker.process.isRunning && ProcessInfo.processInfo.systemUptime < deadline { usleep(1_000) }
            if worker.process.isRunning { kill(worker.process.processIdentifier, SIGKILL) }
            worker.process.waitUntilExit()
        }
        finishing = []
    }

    /// Hands out files to the workers until each holds `queueDepth` (starting workers as
    /// needed, up to `jobs`).
    func assign(
        _ resumed: inout [FileRun], _ queue: inout ArraySlice<FileRun>, to workers: inout [Worker], folder: String
    ) {
        func nextFile() -> FileRun? {
            if !resumed.isEmpty { return resumed.removeFirst() }
            return queue.popFirst()
        }
        while workers.count < min(jobs, workerCap ?? jobs), !resumed.isEmpty || !queue.isEmpty {
            // A worker that could not start its threads is as one that could not start.
            let started = threadFailure == nil ? startWorker(folder: folder) : nil
            guard let worker = started else {
                if let reason = threadFailure { startFailure = reason }
                threadFailure = nil
                let another = Self.isThreadFailure(startFailure) ? "" : "could not start another: "
                if !workers.isEmpty {
                    // Fewer workers than asked for (too few file descriptors, processes):
                    // the ones running take every file.
                    workerCap = workers.count
                    printError(
                        "sceneflow test: running \(counted(workers.count, "worker")) instead of \(jobs): \(another)\(startFailure ?? "unknown reason")"
                    )
                    startFailure = nil
                    break
                }
                // No worker can be started: every file left fails to load with the reason.
                while let run = nextFile() {
                    finish(run, loadProblems: [Diagnostic(file: run.file, message: startFailureMessage)])
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

    /// `startFailure` as a message: `could not start a worker process: REASON`, or the line of
    /// a worker that could not start a thread as it is.
    var startFailureMessage: String {
        let reason = startFailure ?? "unknown reason"
        return Self.isThreadFailure(reason) ? reason : "could not start a worker process: \(reason)"
    }

    /// Whether `reason` is a worker's line saying it could not start a thread.
    static func isThreadFailure(_ reason: String?) -> Bool {
        reason?.hasPrefix(TestWorker.threadFailurePrefix) == true
    }

    /// The line of `worker`, ended with `TestWorker.threadFailureStatus`, saying which thread
    /// it could not start and why; nil for any other ending.
    static func threadFailure(_ worker: Worker) -> String? {
        guard worker.process.terminationReason == .exit,
            worker.process.terminationStatus == TestWorker.threadFailureStatus,
            let text = try? String(contentsOfFile: worker.errors, encoding: .utf8)
        else { return nil }
        return text.split(separator: "\n").last { $0.hasPrefix(TestWorker.threadFailurePrefix) }.map(String.init)
    }

    let decoder = JSONDecoder()
    /// How a `planned` event's line starts (`JSONEncoder`'s form of `WorkerEvent.planned`).
    static let plannedPrefix = Data(#"{"planned""#.utf8)
    /// The buffer each read from a worker's pipe goes through (allocated once: a run reads
    /// several times per file).
    var chunk = [UInt8](repeating: 0, count: 65_536)

}
