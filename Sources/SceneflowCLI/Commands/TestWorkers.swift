import CProcessShim
import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// A test worker (`sceneflow test --worker PID`): a long-lived process that runs script files
/// as the runner asks (`WorkerRequest` lines on standard input) and streams `WorkerEvent`s for
/// each, ending every file with `finished`; it exits at the end of its input or, after
/// SIGINT/SIGTERM, once its file is done. Starting a process costs ~30 ms, about six small
/// files' worth, so a run keeps N workers for its whole length (issue 19). A worker dies with
/// its parent (PR_SET_PDEATHSIG), and its `LuaWatchdog` handler reports Lua stuck in a library
/// call and exits at once, since only ending the process can stop such a call; the runner then
/// starts a fresh worker for the rest of that file.
enum TestWorker {
    /// The pipe to the runner (a copy of standard output taken at start; standard output
    /// itself then points to standard error, so nothing else can write into the pipe).
    nonisolated(unsafe) private static var eventsFD: Int32 = -1
    /// Held while a line is written: the watchdog thread must not cut into one.
    private static let writing = NSLock()
    /// Held while `encoder` encodes an event (outside `writing`, which the heartbeat takes).
    private static let encoding = NSLock()
    /// Encodes events (used under `writing`).
    nonisolated(unsafe) private static let encoder = JSONEncoder()
    /// The exit status of a worker whose Lua code was stuck (after its `stuck` line).
    static let stuckStatus: Int32 = 3
    /// Tests this worker saw fail: with `--max-failures N` it starts no test once it saw N
    /// (the runner, which counts every worker's, stops the others).
    nonisolated(unsafe) private static var failures = 0
    /// Event lines not yet written (used under `writing`): see `send(_:flush:)`.
    nonisolated(unsafe) private static var pending = Data()

    /// Serves the runner whose process id is `parent` until its requests end.
    static func serve(settings: TestSettings, parent: Int32) -> ExitCode {
        guard sf_die_with_parent(parent) == 0 else { return .software }
        eventsFD = dup(1)
        dup2(2, 1)
        let interruption = Interruption.install(worker: true)
        // A stop signal sent to this worker alone (not the run's, from the runner or the
        // terminal) ends it as kill -9 would: the runner fails its test naming the signal and
        // runs the rest of the file in a fresh worker (red-team finding o6: the test was
        // "interrupted" and the rest of the file skipped while the run went on).
        _ = Interruption.signals.filter { sf_stop_signal_ignored_on_entry($0) == 0 }.withUnsafeBufferPointer {
            sf_worker_own_signals(parent, $0.baseAddress, Int32($0.count))
        }
        // A worker killed by a fatal signal leaves no core file in the user's folder (and is
        // not held up writing one): its test fails with the signal named.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
        // A parent may start us with fatal signals blocked or ignored (both are inherited; a
        // test harness did): they must end the worker.
        var fatal = sigset_t()
        sigemptyset(&fatal)
        for sig in [SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL] {
            sigaddset(&fatal, sig)
            signal(sig, SIG_DFL)
        }
        pthread_sigmask(SIG_UNBLOCK, &fatal, nil)
        // Both threads are needed: without the watchdog a call stuck in C is never ended, and
        // without the heartbeat the runner takes the worker for frozen and its healthy file for
        // a load error (red-team finding m3). One that cannot start (the process/thread limit)
        // ends the worker at once, saying why; the runner reports it as the system's failure.
        for (thread, status) in [("watchdog", LuaWatchdog.startThread(stuckHandler)), ("heartbeat", startHeartbeat())]
        where status != 0 {
            StuckLua.writeError("\(threadFailurePrefix)\(thread)): \(DetachedThread.reason(status))")
            exit(threadFailureStatus)
        }
        // The runner keeps the report folder's ledger: a file there it does not list is a
        // person's, never written over (red-team 52 B F1).
        ReportFolderLedger.keepsUnlistedFiles = true
        // Its journal lines are its run's: another run never takes them for a killed one's.
        RunProcess.adoptParent()
        let decoder = JSONDecoder()
        // The same for every file (building them reads the whole environment).
        let options = settings.runnerOptions
        while interruption.signal == nil, let line = readLine(strippingNewline: true) {
            guard let request = try? decoder.decode(WorkerRequest.self, from: Data(line.utf8)) else {
                return .software
            }
            run(request, settings: settings, options: options, interruption: interruption)
        }
        return .success
    }

    /// Runs one requested file and streams its events.
    private static func run(
        _ request: WorkerRequest, settings: TestSettings, options: HeadlessTestRunner.Options,
        interruption: Interruption
    ) {
        failures = max(failures, request.failed ?? 0)
        if let limit = settings.maxFailures, failures >= limit {
            // Stopped before this file's turn: not loaded, not run.
            send(.finished(ScriptFileResult.notRun(request.file, reason: TestSettings.maxFailuresReason(limit))))
            return
        }
        var options = options
        options.skipFirst = request.skip
        options.recordsTimeline = request.timeline
        options.timelineEventsPerRun = TestSettings.timelineEventsPerRun
        if let origin = request.timeoutOrigin { options.limits.testWallSecondsOrigin = origin }
        if let origin = request.clockLimitOrigin { options.limits.testTimeoutOrigin = origin }
        if let tests = request.tests { options.selection.names = Set(tests) }
        options.afterAllOnly = request.afterAllOnly ?? false
        options.afterEachFirst = request.afterEachFirst ?? false
        options.afterEachSkip = max(0, request.afterEachSkip ?? 0)
        options.afterAllSkip = max(0, request.afterAllSkip ?? 0)
        options.afterAllWithoutBeforeAll = request.withoutBeforeAll ?? false
        options.afterAllBeforeAllFailedInTests = request.beforeAllFailedInTests ?? false
        options.expectedDigest = request.digest.flatMap(Self.bytes(hex:))
        let runner = HeadlessTestRunner(options: options)
        // Each outcome goes to the runner as the test ends; the worker keeps no copy of its detail.
        runner.keepsHandedDetail = false
        let limit = settings.maxFailures ?? Int.max
        runner.shouldStop = { interruption.signal != nil || failures >= limit }
        runner.stopReason = {
            failures >= limit ? "not run: " + TestSettings.maxFailuresReason(limit) : "the run was interrupted"
        }
        var position = request.skip
        // Lines wait until the next Lua code runs (a test's reload and run) or the file ends,
        // so the runner knows which test runs whenever this process could be stopped, and is
        // woken about twice per small file instead of once per line.
        runner.onPlan = {
            send(.planned($0.map(PlannedTest.init)), flush: false)
            send(.count($0.count), flush: false)
            // The keys the load read, now: a worker stopped later never sends them at its end
            // (red-team 40 L1: `--param t0 was read by no test`, though the load read it).
            if !runner.parametersRead.isEmpty { send(.parameters(runner.parametersRead.sorted()), flush: false) }
        }
        // Sent at once: a stop after it is not in this worker's load of the file (red-team 41
        // A H1, M1), whatever the worker runs (tests, held after_each hooks, only after_all).
        runner.onLoaded = {
            if let digest = runner.declarationDigest {
                send(
                    .declared(
                        Self.hex(digest), afterEach: runner.declaresHooks.afterEach,
                        afterAll: runner.declaresHooks.afterAll))
            }
        }
        // The running test's records as the runner rebuilds them from the lines it is sent:
        // an outcome whose steps and log equal them goes without them (`endedFromRecords`).
        var replica = OutcomeReplica()
        runner.onTestStart = { _, _ in
            replica = OutcomeReplica()
            send(.started(position))
        }
        runner.onRecord = { event in
            let line = event.line
            send(recordLine: line)
            replica.add(event, line: line)
        }
        runner.onAfterEach = {
            send(.afterEach($0))
            if request.heldFailed == true { failures += 1 }
        }
        if request.timeline { runner.onTimelinePart = { send(.timelinePart($0, clock: $1), flush: false) } }
        runner.onAfterAllLog = { send(.afterAllLog($0, $1)) }
        runner.onAfterAllLoad = { send(.afterAllLoad) }
        // Each key as the Lua asks for it: a load stopped later (a C call, a kill) read it too.
        runner.onParameterRead = { send(.parameters([$0])) }
        runner.stopsVideo = { interruption.signal != nil }
        // A verdict already sent (its test's video then being encoded) is counted once.
        var counted = false
        runner.onVerdict = { outcome, video in
            if outcome.failsTheRun { failures += 1 }
            counted = true
            // The runner drops the test's record lines once it has the verdict.
            replica.usable = false
            send(.verdict(position, outcome, video))
        }
        let wholeOutcomes =
            options.afterAllOnly || ProcessInfo.processInfo.environment["SCENEFLOW_WORKER_WHOLE_OUTCOMES"] == "1"
        var result = runner.run(script: request.file) { outcome in
            if outcome.failsTheRun && !counted { failures += 1 }
            counted = false
            if !wholeOutcomes, let stripped = replica.strip(outcome) {
                send(.endedFromRecords(position, stripped), flush: false)
            } else {
                send(.ended(position, outcome), flush: false)
            }
            replica.usable = false
            position += 1
        }
        result.outcomes = []
        if request.sources == true { send(.read(runner.filesRead.sorted()), flush: false) }
        if !runner.parametersRead.isEmpty {
            send(.parameters(runner.parametersRead.sorted()), flush: false)
        }
        if let focus = runner.leftOutByOnly { send(.leftOutByOnly(focus), flush: false) }
        if !result.loadProblems.isEmpty { failures += 1 }
        if result.loadProblems.isEmpty, result.timeline == nil, result.notRun == nil, result.writeProblems == nil,
            let seconds = result.wallSeconds, seconds.isFinite
        {
            send(.done(seconds))
        } else {
            send(.finished(result))
        }
    }

    /// Adds one event as a line for the runner and, with `flush`, writes every line waiting.
    /// Lines are held only while no Lua code runs: the watchdog's `stuck` line (sent while
    /// Lua is stuck) writes what waits before it anyway.
    static func send(_ event: WorkerEvent, flush: Bool = true) {
        // Encoded before the lock is taken: a file's timeline of hundreds of thousands of
        // events takes seconds to encode, and the heartbeat thread must not wait for it (red-team
        // finding R8: the runner killed the healthy worker as frozen, and the timeline was lost).
        var line: [UInt8] = []
        switch event {
        // The runner reads these two often: a line in JSONEncoder's form, without it.
        case .started(let position): line = WorkerEvent.line(started: position)
        case .count(let count): line = WorkerEvent.line(count: count)
        case .done(let seconds): line = WorkerEvent.line(done: seconds)
        default:
            encoding.lock()
            if let data = try? encoder.encode(event) { line = [UInt8](data) + [10] }
            encoding.unlock()
        }
        // The heartbeat thread may hold the lock, waiting on a full pipe itself.
        LuaWatchdog.waitingForReader { writing.lock() }
        defer { writing.unlock() }
        pending.append(contentsOf: line)
        guard flush else { return }
        writePending()
    }

    /// Writes every line waiting (under `writing`). While the runner does not read (it stands
    /// stopped, a debugger holds it), the wait is not the running test's time.
    private static func writePending() {
        LuaWatchdog.waitingForReader { writeAll(pending) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes one change to the running test's records (a `TestRecordEvent.line`) at once, with
    /// every line waiting before it: whatever ends this process next (a stuck library call, a
    /// crash, `kill -9`), the runner has what the test recorded so far.
    static func send(recordLine line: [UInt8]) {
        LuaWatchdog.waitingForReader { writing.lock() }
        defer { writing.unlock() }
        pending.append(contentsOf: line)
        writePending()
    }

    /// The line a worker writes every `heartbeatSeconds` from a thread of its own, whatever its
    /// Lua does: while they come, the process is not frozen (`TestWorkerPool.killFrozen`); the
    /// runner drops them.
    static let heartbeat = Data("~H".utf8)
    /// Real seconds between heartbeats.
    static let heartbeatSeconds = 1.0

    /// The exit status of a worker that could not start a thread it needs (`EX_OSERR`), after
    /// a last line on its standard error starting `threadFailurePrefix`.
    static let threadFailureStatus: Int32 = 71
    /// How that line starts; the thread's name, `)`, `:` and the reason follow.
    static let threadFailurePrefix = "a worker process could not start a thread (its "

    /// Starts the thread that writes `heartbeat` (between whole lines: it takes the lock the
    /// event lines are written under); returns 0, or the error number when it cannot start.
    private static func startHeartbeat() -> Int32 {
        DetachedThread.start(stackSize: 64 << 10) {
            let line = heartbeat + Data([10])
            while true {
                Thread.sleep(forTimeInterval: heartbeatSeconds)
                writing.lock()
                writeAll(line)
                writing.unlock()
            }
        }
    }

    private static func writeAll(_ data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(eventsFD, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static let stuckHandler: LuaWatchdog.Handler = { reason, subject in
        let file = subject.map { String(cString: $0) } ?? ""
        TestWorker.send(
            .stuck(
                reason: LuaWatchdog.Reason(rawValue: reason) ?? .pastDeadline, subject: file,
                place: LuaWatchdog.Place.current))
        _exit(TestWorker.stuckStatus)
    }
}
