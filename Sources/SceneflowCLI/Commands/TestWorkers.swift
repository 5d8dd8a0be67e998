import CProcessShim
import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// What a test worker tells the runner, one JSON object per line on the pipe that was its
/// standard output (see the Internals article in Sceneflow.docc, "Limits that hold"). The runner never runs a
/// script's Lua itself: it learns from these lines when each test starts and ends, so when it
/// must kill a worker it knows which test was running and which are left. Between them come
/// the running test's records, each as a `TestRecordEvent.line` (starting `~`, not JSON), so
/// the runner keeps its steps, log and soft failures whatever ends the worker.
enum WorkerEvent: Codable {
    /// The file loaded: one entry per test in run order, from the worker's first position
    /// on, for the outcome the test gets if it never runs (see `HeadlessTestRunner.onPlan`
    /// and `PlannedTest`).
    case planned([PlannedTest])
    /// How many tests the file plans (sent right after `planned`, which the runner decodes
    /// only when it must), for the console's `[n/N]`.
    case count(Int)
    /// The digest of what the file's load declared (tests and hooks; `ScriptDeclarations`), as
    /// lowercase hexadecimal, and whether it declared after_each and after_all hooks, sent with
    /// `planned`: a worker started for the rest of the file checks its own load against the
    /// first (`WorkerRequest.digest`), and when that load fails the runner says which hooks
    /// did not run.
    case declared(String, afterEach: Bool, afterAll: Bool)
    /// The test at this run position (0 = the file's first test in run order) started.
    case started(Int)
    /// The test at this run position ended.
    case ended(Int, TestOutcome)
    /// The test at this run position ended, and its steps and log are what the record lines
    /// since its `started` give (`TestWorkerPool.FileRun.journal`): they are left out of the
    /// outcome, and the runner takes them from those lines. Most tests end this way; encoding
    /// and decoding their steps twice was most of the runner's CPU time and a tenth of a
    /// worker's (`OutcomeFromRecordsTests`, Speed.md).
    case endedFromRecords(Int, TestOutcome)
    /// The test at this run position has its final verdict and its video (at this path, nil
    /// when none is kept) is being encoded: `ended` follows with the video or a note that the
    /// stop cut it off; if the worker is stopped first, this verdict stands.
    case verdict(Int, TestOutcome, String?)
    /// What the after_each hooks did in a fresh load for the test that ended the worker before
    /// them (`WorkerRequest.afterEachFirst`): the runner adds it to that test's outcome
    /// (`HeadlessTestRunner.addAfterEach`).
    case afterEach(TestOutcome)
    /// What the file's after_all hooks logged, and their captures and visual checks, when they
    /// held: they join the test they ran after (`HeadlessTestRunner.onAfterAllLog`).
    case afterAllLog([TestLogEntry], [VisualRecord])
    /// The file's after_all hooks are about to run in a fresh load of their own
    /// (`HeadlessTestRunner.onAfterAllLoad`): a stop from here on is their entry's.
    case afterAllLoad
    /// The files the file's run read besides the script (`HeadlessTestRunner.filesRead`),
    /// sent before its end when the request asked (`WorkerRequest.sources`).
    case read([String])
    /// The keys the file's run asked `param(key)` for (`HeadlessTestRunner.parametersRead`),
    /// sent before its end when it asked for any.
    case parameters([String])
    /// A test's part of the file's timeline as it ended, on its own clock, and the clock
    /// seconds it took (`HeadlessTestRunner.onTimelinePart`).
    case timelinePart(TimelineRun, clock: Double)
    /// The file is done: its load problems, timeline and real time (the outcomes were sent
    /// one by one and are left out).
    case finished(ScriptFileResult)
    /// The file is done, loaded without a problem and with no timeline to hand over: the
    /// most frequent `finished`, as its real time in seconds alone (`line(done:)`).
    case done(Double)
    /// The watchdog thread found Lua code the instruction hook could not stop; the worker
    /// exits right after this line. `subject` is the file whose code ran; `place` where in it
    /// the time ran out, when the watchdog could read the Lua call stack.
    case stuck(reason: LuaWatchdog.Reason, subject: String, place: LuaWatchdog.Place?)

    /// `.started(position)` as the line `JSONEncoder` writes for it, newline included.
    static func line(started position: Int) -> [UInt8] { Array(#"{"started":{"_0":\#(position)}}"#.utf8) + [10] }
    /// `.count(count)` as the line `JSONEncoder` writes for it, newline included.
    static func line(count: Int) -> [UInt8] { Array(#"{"count":{"_0":\#(count)}}"#.utf8) + [10] }
    /// `.done(seconds)` as the line `JSONEncoder` writes for it (a finite number), newline
    /// included.
    static func line(done seconds: Double) -> [UInt8] { Array(#"{"done":{"_0":\#(seconds)}}"#.utf8) + [10] }

    /// The seconds of a `done` line (`line(done:)`), read without `JSONDecoder`; nil for any
    /// other line.
    static func seconds(_ line: Data) -> Double? {
        guard line.count > donePrefix.count + 2, line.starts(with: donePrefix), line.last == 125,
            line[line.endIndex - 2] == 125
        else { return nil }
        let number = line[(line.startIndex + donePrefix.count)..<(line.endIndex - 2)]
        guard number.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 101 || $0 == 45 || $0 == 43 }),
            let value = Double(String(decoding: number, as: UTF8.self)), value.isFinite
        else { return nil }
        return value
    }
    /// How a `done` line starts, up to its number.
    static let donePrefix = Array(#"{"done":{"_0":"#.utf8)

    /// The integer of a `started` or `count` line (`line(started:)`, `line(count:)`), read
    /// without `JSONDecoder`; nil for any other line.
    static func integer(_ line: Data, after prefix: [UInt8]) -> Int? {
        guard line.count > prefix.count + 2, line.starts(with: prefix), line.last == 125 else { return nil }
        var value = 0
        var index = line.startIndex + prefix.count
        let end = line.endIndex - 2
        guard index < end, line[end] == 125 else { return nil }
        while index < end {
            let byte = line[index]
            guard byte >= 48 && byte <= 57, value < Int.max / 10 - 9 else { return nil }
            value = value * 10 + Int(byte - 48)
            index += 1
        }
        return value
    }
    /// How a `started` line starts, up to its integer.
    static let startedPrefix = Array(#"{"started":{"_0":"#.utf8)
    /// How a `count` line starts, up to its integer.
    static let countPrefix = Array(#"{"count":{"_0":"#.utf8)
}

/// What a `planned` event carries per test: what the runner needs to give a test that never
/// ran its outcome (*skipped*, with `skipReason`; `TestOutcome(planned:file:)`), and no more,
/// since every file sends one.
struct PlannedTest: Codable {
    let name: String
    let line: Int
    let skipReason: String?

    /// The planned outcome's name, line and skip reason.
    init(_ outcome: TestOutcome) {
        name = outcome.name
        line = outcome.line
        skipReason = outcome.skipReason
    }
}

extension TestOutcome {
    /// The outcome `HeadlessTestRunner.onPlan` gave `test` of `file` (skipped, with its reason).
    init(planned test: PlannedTest, file: String) {
        self.init(name: test.name, file: file, line: test.line, verdict: .skipped, skipReason: test.skipReason)
    }
}

/// What the runner asks of a worker, one JSON object per line on the worker's standard input:
/// run `file` from run position `skip` on (0 = its first test in run order; a file resumed
/// after its worker was stopped goes on after the stopped test), recording its timeline when
/// `timeline` is true (for `--timeline`/`--csv`, which only the runner writes: a worker never
/// gets those options, since `-` would move its standard output). `tests`, when set, names the
/// only tests of the file to run (`--last-failed`).
struct WorkerRequest: Codable {
    let file: String
    let skip: Int
    let timeline: Bool
    var tests: [String]? = nil
    /// Tests every worker of the run has seen fail so far: a worker started for the rest of a
    /// file counts them towards `--max-failures`, so the run stops after exactly N.
    var failed: Int? = nil
    /// Where `--timeout` and `--clock-limit` came from when not the command line (the
    /// project config: `test.timeout in sceneflow.lua`), for the worker's messages.
    var timeoutOrigin: String? = nil
    var clockLimitOrigin: String? = nil
    /// Run only the file's after_all hooks (`HeadlessTestRunner.Options.afterAllOnly`): its
    /// last test ended the worker before them.
    var afterAllOnly: Bool? = nil
    /// The test before `skip` (with `afterAllOnly`: the file's last test that runs) ended its
    /// worker before its after_each hooks: run them first, in a fresh load
    /// (`HeadlessTestRunner.Options.afterEachFirst`), and send `WorkerEvent.afterEach`.
    var afterEachFirst: Bool? = nil
    /// With `afterEachFirst`: the worker before was stopped inside after_each hook number
    /// `afterEachSkip`, so the hooks after it run (`HeadlessTestRunner.Options.afterEachSkip`).
    var afterEachSkip: Int? = nil
    /// With `afterAllOnly`: the worker before was stopped inside after_all hook number
    /// `afterAllSkip`, so the hooks after it run (`HeadlessTestRunner.Options.afterAllSkip`).
    var afterAllSkip: Int? = nil
    /// With `afterAllOnly`: the last test's worker was stopped in the before_all hooks, so
    /// they are left out (`HeadlessTestRunner.Options.afterAllWithoutBeforeAll`).
    var withoutBeforeAll: Bool? = nil
    /// With `afterAllOnly`: the last test failed in before_all already
    /// (`HeadlessTestRunner.Options.afterAllBeforeAllFailedInTests`).
    var beforeAllFailedInTests: Bool? = nil
    /// Send the files the run read (`WorkerEvent.read`) before the file's end: asked under
    /// `--watch`, which reruns when one of them changes.
    var sources: Bool? = nil
    /// For a worker started for the rest of a file after another was stopped in it: the
    /// digest the first load declared (`WorkerEvent.declared`). This worker's load is one more
    /// fresh load of the file, and must declare the same (red-team 40 W1).
    var digest: String? = nil
}

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
            if let digest = runner.declarationDigest {
                send(
                    .declared(
                        Self.hex(digest), afterEach: runner.declaresHooks.afterEach,
                        afterAll: runner.declaresHooks.afterAll),
                    flush: false)
            }
            // The keys the load read, now: a worker stopped later never sends them at its end
            // (red-team 40 L1: `--param t0 was read by no test`, though the load read it).
            if !runner.parametersRead.isEmpty { send(.parameters(runner.parametersRead.sorted()), flush: false) }
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
        runner.onAfterEach = { send(.afterEach($0)) }
        if request.timeline { runner.onTimelinePart = { send(.timelinePart($0, clock: $1), flush: false) } }
        runner.onAfterAllLog = { send(.afterAllLog($0, $1)) }
        runner.onAfterAllLoad = { send(.afterAllLoad) }
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

extension TestWorker {
    /// `bytes` as lowercase hexadecimal.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of lowercase hexadecimal `text` (`hex(_:)`), or nil when it is not that.
    static func bytes(hex text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: c - 48
            case 97...102: c - 87
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 2)
        for i in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = value(utf8[i]), let low = value(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }
}
