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
    /// What `only()` left out of the file's selection (`HeadlessTestRunner.leftOutByOnly`),
    /// sent before its end when it left out any.
    case leftOutByOnly(OnlyFocus)
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
    /// With `afterEachFirst`: that test failed, and counts towards `--max-failures` once its
    /// hooks ran (the runner has not counted it in `failed`), so the tests after it are not
    /// run when it reaches the limit.
    var heldFailed: Bool? = nil
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
