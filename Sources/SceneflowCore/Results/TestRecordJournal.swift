/// One change to what a running test recorded: a log entry, a step that began or ended, the
/// open steps a failure unwound, a soft failure, or a fresh start. The script runtime applies
/// each to its `TestRecordJournal` as it happens and hands it on (`HeadlessTestRunner.onRecord`),
/// so a `sceneflow test` worker can stream it to the runner: when the worker process is
/// stopped inside a test (a library call that never returns to Lua, a crash, `kill -9`), the
/// runner replays the events into its own journal and still reports the test's steps, log and
/// soft failures.
public enum TestRecordEvent: Equatable, Sendable {
    /// A log entry the test kept (its message already capped).
    case log(TestLogEntry)
    /// `count` log entries were left out since the test's log reached its cap (at `clockTime`,
    /// from `line`): the journal's closing note counts them.
    case logDropped(count: Int, clockTime: Double, line: Int?)
    /// A step began and is kept (`TestRecordLimits.steps`): its call text (capped), line,
    /// clock time since the test started, and `group` for a `step(name, fn)`. `wallStart` is
    /// the process's `systemUptime` (not sent on a line: the replica never times an open step).
    case stepBegan(call: String, line: Int?, clockStart: Double, group: String?, wallStart: Double = 0)
    /// The innermost open step returned at `clockEnd` after `wallSeconds` of real time;
    /// `passed` false for a `step()` with soft failures inside.
    case stepEnded(clockEnd: Double, wallSeconds: Double, passed: Bool)
    /// The steps open beyond `depth` ended failed (a failure unwound them).
    case unwound(depth: Int)
    /// A soft expectation failed: its line of the failure message (`  line 3: expected …`).
    case softFailed(String)
    /// The test entered a part of its run other than its own function: `before_all`,
    /// `before_each`, `after_each`, `after_all`, or `test` again after the hooks before it
    /// (sent only for a file that has such hooks). Entering `after_all`, `testFailure` is how
    /// the test ended before it (nil: it held so far), so the test keeps its verdict whatever
    /// stops the after_all hooks. `line` is the running hook's line in the script, where a
    /// stop inside it is reported (each after_all hook sends its own); nil when not known.
    /// `byExpectation`: `testFailure` is an expectation that did not hold (not an error), so a
    /// stop that ends the hooks keeps the test's failure kind (red-team 50 A F1).
    case phase(String, testFailure: String?, line: Int? = nil, byExpectation: Bool = false)
    /// Hook number `n` (from 1, in the order the file declared them) of the phase's kind
    /// began: after_each and after_all hooks say it, so a stop inside one tells which of them
    /// still have to run (red-team 33 C1).
    case hook(Int)
    /// An after_all hook raised `message` (as Lua raised it, `walk.lua:4: message`): a worker
    /// stopped in a later hook keeps it for the `(after_all)` entry (red-team 33 C1).
    case afterAllFailed(String)
    /// A visual check was recorded (`expect.screenshot`, `expect.tree`, `capture`): what the
    /// reports list, so a test whose worker is stopped after it still names the baselines it
    /// wrote and the failure images it left (red-team 46 A B1: they were in no report).
    case visual(VisualRecord)
    /// The last visual check recorded, as it was changed after (its message or status, once it
    /// was known the baseline was shared or rewritten).
    case visualAmended(VisualRecord)
    /// The records start again (a new test, or before_all's records dropped outside the first
    /// test).
    case reset
}

/// The log, steps and soft failures of the running test, built by applying
/// `TestRecordEvent`s with the caps of `TestRecordLimits`: the script runtime's own records
/// and a runner's replica of a worker's stream are the same type, so they agree.
public struct TestRecordJournal: Sendable {
    /// The log entries kept, with a closing note once some were left out.
    public private(set) var log: [TestLogEntry] = []
    /// The steps kept, in the order they began.
    public private(set) var steps: [TestStepRecord] = []
    /// The soft failures not yet listed in the test's failure message, one line each (the
    /// first `softFailureLimit` of them).
    public var softFailures: [String] = []
    /// The soft failures not listed yet past the first `softFailureLimit`: counted, not kept
    /// (red-team 29 F5: a list ended by a limit said 1 000 of 3 000).
    public var softFailuresPastLimit = 0
    /// The steps begun and not yet returned: their index in `steps` (-1 for one over the cap,
    /// kept only if it fails) and `systemUptime` when they began.
    public private(set) var openSteps: [(index: Int, wallStart: Double)] = []
    /// Bytes of log messages kept (each entry counted as at least 64).
    public private(set) var logBytes = 0
    /// Log entries left out since the log was full, and where the note counting them is.
    public private(set) var droppedLogEntries = 0
    private var logNoteIndex: Int?
    /// Steps begun past `TestRecordLimits.steps`, not kept, and where the log note counting
    /// them is (red-team 27 F4: they vanished from every report without a word).
    public private(set) var droppedSteps = 0
    private var stepNoteIndex: Int?
    /// The open steps past the cap, innermost last (they are the last of `openSteps`): each
    /// with where it goes in `steps` if it fails, which keeps it (red-team 28 F5: a failed step
    /// past the cap was left out with the passing ones, so no report said where the test failed).
    private var pendingSteps: [(record: TestStepRecord, at: Int)] = []
    /// Failed steps past the cap kept so far (at most `TestRecordLimits.failedStepsPastCap`).
    private var failedStepsPastCap = 0
    /// The part of the run the test is in (`TestRecordEvent.phase`); nil: its own function,
    /// or nothing said yet.
    public private(set) var phase: String?
    /// How the test ended before its file's after_all hooks began (`TestRecordEvent.phase`).
    public private(set) var failureBeforeAfterAll: String?
    /// How the test failed before its after_each hooks began (`TestRecordEvent.phase`), nil
    /// when it passed or they run in a fresh load: a limit or a stopped worker that ends the
    /// hooks follows it (`…; then, in after_each: …`) instead of replacing it (red-team 18 F1).
    public private(set) var failureBeforeAfterEach: String?
    /// `failureBeforeAfterEach` is an expectation that did not hold (`TestRecordEvent.phase`).
    public private(set) var failureBeforeAfterEachByExpectation = false
    /// The line of the hook running now (`TestRecordEvent.phase`), nil in the test's own
    /// function or when not known.
    public private(set) var phaseLine: Int?
    /// The number of the after_each or after_all hook running now (`TestRecordEvent.hook`),
    /// nil before one began in the phase.
    public private(set) var hookNumber: Int?
    /// The errors the after_all hooks raised so far (`TestRecordEvent.afterAllFailed`).
    public private(set) var afterAllFailures: [String] = []
    /// The visual checks recorded so far (`TestRecordEvent.visual`), the first
    /// `visualLimit` of them.
    public private(set) var visuals: [VisualRecord] = []

    /// The most visual checks kept: a report of a test stopped after more lists the first ones.
    public static let visualLimit = 10_000

    /// The most soft failures kept (later ones are not listed).
    public static let softFailureLimit = 1_000

    /// An empty journal.
    public init() {}

    /// True while the log is below its cap (`TestRecordLimits.logBytes`, and for a warning the
    /// `warningReserveBytes` past it): a new entry of `level` is kept.
    public func keepsLog(_ level: TestLogEntry.Level) -> Bool {
        logBytes < TestRecordLimits.logBytes + (level == .warning ? TestRecordLimits.warningReserveBytes : 0)
    }
    /// True when a new step is kept (fewer than `TestRecordLimits.steps`).
    public var keepsSteps: Bool { steps.count < TestRecordLimits.steps }
    /// The innermost step that has begun and not yet ended, if kept.
    public var runningStep: TestStepRecord? { openSteps.last.flatMap { $0.index >= 0 ? steps[$0.index] : nil } }

    /// Applies one event.
    public mutating func apply(_ event: TestRecordEvent) {
        switch event {
        case .log(let entry):
            logBytes += max(entry.message.utf8.count, 64)
            log.append(entry)
        case .logDropped(let count, let clockTime, let line):
            droppedLogEntries = count
            logNoteIndex = setNote(
                TestRecordLimits.logCapNote(leftOut: count), at: logNoteIndex, clockTime: clockTime, line: line)
        case .stepBegan(let call, let line, let clockStart, let group, let wallStart):
            guard keepsSteps else {
                let record = TestStepRecord(
                    call: call, line: line, clockStart: clockStart, depth: openSteps.count, group: group)
                openSteps.append((-1, wallStart))
                pendingSteps.append((record, steps.count))
                noteDroppedSteps(by: 1, clockTime: clockStart)
                return
            }
            openSteps.append((steps.count, wallStart))
            steps.append(
                TestStepRecord(call: call, line: line, clockStart: clockStart, depth: openSteps.count - 1, group: group)
            )
        case .stepEnded(let clockEnd, let wallSeconds, let passed):
            guard let open = openSteps.popLast() else { return }
            guard open.index >= 0 else {
                guard var pending = pendingSteps.popLast(), !passed else { return }
                pending.record.clockEnd = clockEnd
                pending.record.wallSeconds = wallSeconds
                keepFailedStep(pending)
                return
            }
            steps[open.index].clockEnd = clockEnd
            steps[open.index].wallSeconds = wallSeconds
            steps[open.index].passed = passed
        case .unwound(let depth):
            guard openSteps.count > max(0, depth) else { return }
            let ended = openSteps.count - max(0, depth)
            // The steps past the cap that the failure unwound failed: kept, outermost first.
            let unwound = openSteps.suffix(ended).filter { $0.index < 0 }.count
            openSteps.removeLast(ended)
            for pending in pendingSteps.suffix(unwound) { keepFailedStep(pending) }
            pendingSteps.removeLast(unwound)
        case .softFailed(let line):
            if softFailures.count < Self.softFailureLimit {
                softFailures.append(line)
            } else {
                softFailuresPastLimit += 1
            }
        case .phase(let name, let testFailure, let line, let byExpectation):
            phase = name == "test" ? nil : name
            phaseLine = name == "test" ? nil : line
            hookNumber = nil
            if name == "after_all" { failureBeforeAfterAll = testFailure }
            if name == "after_each" {
                failureBeforeAfterEach = testFailure
                failureBeforeAfterEachByExpectation = testFailure != nil && byExpectation
                // That failure lists the test's soft failures already (a worker's journal
                // hears no `soft_reported`): a stop in the hooks must not list them again.
                if testFailure != nil { forgetSoftFailures() }
            }
        case .hook(let number):
            hookNumber = number
        case .afterAllFailed(let message):
            if afterAllFailures.count < 100 { afterAllFailures.append(message) }
        case .visual(let record):
            if visuals.count < Self.visualLimit { visuals.append(record) }
        case .visualAmended(let record):
            if !visuals.isEmpty, visuals.count < Self.visualLimit { visuals[visuals.count - 1] = record }
        case .reset:
            self = TestRecordJournal()
        }
    }

    /// Keeps a failed step past the cap where it began among the kept steps, unless the
    /// test kept `TestRecordLimits.failedStepsPastCap` such steps already or it is nested
    /// `TestRecordLimits.steps` deep; the note then counts one step fewer left out.
    private mutating func keepFailedStep(_ pending: (record: TestStepRecord, at: Int)) {
        guard failedStepsPastCap < TestRecordLimits.failedStepsPastCap,
            pending.record.depth < TestRecordLimits.steps
        else { return }
        failedStepsPastCap += 1
        steps.insert(pending.record, at: min(pending.at, steps.count))
        noteDroppedSteps(by: -1, clockTime: pending.record.clockStart)
    }

    /// Counts `change` more steps left out past the cap in the test's log note.
    private mutating func noteDroppedSteps(by change: Int, clockTime: Double) {
        droppedSteps += change
        stepNoteIndex = setNote(
            TestRecordLimits.stepCapNote(leftOut: droppedSteps), at: stepNoteIndex, clockTime: clockTime, line: nil)
    }

    /// Puts `note` in the log entry at `index` (a cap's note, rewritten as its count grows), or
    /// appends it when there is none yet; returns where it is.
    private mutating func setNote(_ note: String, at index: Int?, clockTime: Double, line: Int?) -> Int {
        if let index, log.indices.contains(index) {
            log[index].message = note
            return index
        }
        log.append(TestLogEntry(level: .message, clockTime: clockTime, line: line, message: note))
        return log.count - 1
    }

    /// Forgets the soft failures not yet listed (once a failure message listed them).
    public mutating func forgetSoftFailures() {
        softFailures.removeAll()
        softFailuresPastLimit = 0
    }

    /// The soft failures as the lines that follow a failure message: `1 soft expectation
    /// failed:` and a line each, cut as every message is (`MessageClip.clip`: each line to
    /// 1 000 characters, at most 100 lines: red-team 11 m5); nil when there are none.
    public var softFailureList: String? {
        guard !softFailures.isEmpty else { return nil }
        let count = softFailures.count + softFailuresPastLimit
        let room = MessageClip.maxLines - 1
        var lines = ["\(count) soft expectation\(count == 1 ? "" : "s") failed:"]
        lines += softFailures.prefix(room).map { MessageClip.clip($0) }
        if count > room { lines.append(MessageClip.linesNote(count - room)) }
        return lines.joined(separator: "\n")
    }
}
