import Foundation
import SceneflowCore
import SceneflowLua

/// `sceneflow test`: runs Lua scripts headless on the virtual clock. Each test runs as a
/// coroutine resumed once per frame: resume the script, advance the clock one frame (1/60 s),
/// deliver due input, present the (virtual) frame, call triggered Lua actions, repeat.
/// Frames are rasterised only when `framesDirectory` asks for them, or once when a test fails
/// and `reportDirectory` is set.
public final class HeadlessTestRunner {
    /// The run's options (`HeadlessTestRunner+Options.swift`).
    let options: Options
    /// Decoded screenshot baselines kept for the whole run (every script file this runner
    /// runs), within the default texture budget.
    let baselines = BaselineCache()
    /// Called when a test is about to start, so a signal handler can name it.
    public var onTestStart: (String, String) -> Void = { _, _ in }
    /// Called when the file's after_all hooks are about to run in a fresh load of their own
    /// after its last test (before_all runs again there first): a stop from here on, in that
    /// load's top level, before_all or after_all, is the file's `(after_all)` entry's, never
    /// silence (red-team 36 W2, S1).
    public var onAfterAllLoad: () -> Void = {}
    /// Called once a file has loaded, with one outcome per test in run order (after
    /// `Options.skipFirst`): the outcome each test gets if it never runs, *skipped* because
    /// the run was interrupted, or its real skip (`skip`, `only`, `--filter`).
    public var onPlan: ([TestOutcome]) -> Void = { _ in }
    /// Checked between frames; when it returns true the running test ends as interrupted and
    /// the remaining tests are not run.
    public var shouldStop: () -> Bool = { false }
    /// Checked before each frame of a video is encoded, once the test's Lua ended: when it
    /// returns true (a stop signal) the video is dropped and noted; the verdict stays.
    public var stopsVideo: () -> Bool = { false }
    /// Called with a test's final verdict (failure, steps and artifacts included) before its
    /// video is encoded, with the video file about to be written (nil when none is): a stop
    /// during encoding can no longer change that verdict. `onOutcome` follows once the video
    /// is done (or was cut).
    public var onVerdict: (TestOutcome, String?) -> Void = { _, _ in }
    /// Gets each change to the running test's log, steps and soft failures as it happens
    /// (`ScriptRuntime.onRecord`): a `sceneflow test` worker streams them, so its runner keeps
    /// them if the worker is stopped inside the test.
    public var onRecord: ((TestRecordEvent) -> Void)?
    /// Gets what the after_each hooks did when they ran in a fresh load for the test before
    /// `Options.skipFirst` (`Options.afterEachFirst`): a failed or passed outcome named as that
    /// test, with the hooks' failure, log and steps (`addAfterEach(_:to:)` adds it to the test).
    public var onAfterEach: (TestOutcome) -> Void = { _ in }
    /// Gets what a file's after_all hooks logged when they held without a warning (one makes
    /// their own `(after_all)` entry) and their captures and visual checks (files in the
    /// after_all folder), after the test they ran after was handed to `onOutcome`: they belong
    /// to that test's log and visuals, as when the hooks ran in its Lua state.
    public var onAfterAllLog: ([TestLogEntry], [VisualRecord]) -> Void = { _, _ in }
    /// With `recordsTimeline`: each test's part of its file's timeline as the test ends (its
    /// times from the test's own clock zero) and the clock seconds the test took, so a
    /// `sceneflow test` worker hands it to the runner before the worker can be stopped in a
    /// later test (red-team 29 F6: a stopped worker took the file's whole timeline with it).
    public var onTimelinePart: ((TimelineRun, Double) -> Void)?
    /// Why tests were not run once `shouldStop` returned true (their skip reason).
    public var stopReason: () -> String = { "the run was interrupted" }
    /// The failure message of a test a stop signal ended while it ran (verdict interrupted).
    /// A `--jobs` runner that stopped the worker for `--max-failures` names the limit instead
    /// (`TestWorkerPool.namingTheStop`).
    public static let interruptedMessage = "interrupted by a signal while the test ran"
    /// `interruptedMessage` when the signal came in the test's after_each hooks, or in the
    /// fresh load made for them (its top level, its before_all): the test had ended (red-team
    /// 37 S2: "while the test ran" was false there).
    public static let interruptedInAfterEachMessage = interruptedMessage(inHooks: "after_each")

    /// `interruptedMessage` when the signal came in the hooks of kind `hook` (`before_all`,
    /// `before_each`, `after_each`) that run for the test: the test's function had not begun
    /// or had ended (red-team 39 S3: a signal in before_each said "while the test ran").
    public static func interruptedMessage(inHooks hook: String) -> String {
        "interrupted by a signal while its \(hook) hooks ran"
    }

    /// The failure of a test a stop signal ended (`interruptedMessage`, or
    /// `interruptedMessage(inHooks:)` in the hooks that run for it), placed by `afterEachStop`
    /// (red-team 19 F5: in after_each, the test's error and soft failures were lost).
    public static func interruption(file: String, line: Int, journal: TestRecordJournal) -> Diagnostic {
        let message: String
        switch journal.phase {
        case "after_each": message = interruptedInAfterEachMessage
        // The top level or before_all of the fresh load that runs a stopped test's after_each
        // hooks.
        case let phase? where (phase == "before_all" || phase == "load") && journal.failureBeforeAfterEach != nil:
            message = interruptedInAfterEachMessage
        case let hook? where hook == "before_all" || hook == "before_each": message = interruptedMessage(inHooks: hook)
        default: message = interruptedMessage
        }
        return afterEachStop(Diagnostic(file: file, line: line, message: message), journal: journal)
    }

    /// `stop` (a signal, a stuck or ended worker) as the failure of the test whose records are
    /// `journal`: after the test's own failure when the stop came in its after_each hooks and
    /// the test had failed before them (`…; then, in after_each: …`, as a hook's error reads;
    /// `TestRecordJournal.failureBeforeAfterEach`), else `stop` alone.
    /// Also when the stop came in before_all of the fresh load that runs those hooks after a
    /// test a limit ended (red-team 36 B1: the test's own reason was lost).
    public static func afterEachStop(_ stop: Diagnostic, journal: TestRecordJournal) -> Diagnostic {
        guard journal.phase == "after_each" || journal.phase == "before_all" || journal.phase == "load",
            let before = journal.failureBeforeAfterEach
        else { return stop }
        var failure = Diagnostic(luaMessage: before, file: stop.file, line: stop.line ?? 1)
        // Each keeps its share of the message: a long failure never pushes the stop out.
        failure.message = MessageClip.joined([failure.message, stop.inHook("after_each")], separators: ["; then, "])
        return failure
    }
    /// The files the last `run(script:)` read besides the script: the modules it required,
    /// its prototype file and the images its scenes name (paths from the working directory or
    /// absolute, as the prototype folder was named), and the modules it looked for and did not
    /// find. `sceneflow test --watch` reruns on a
    /// change to any of them (an image in a subfolder of the prototype folder included).
    public internal(set) var filesRead: Set<String> = []
    /// The keys the last `run(script:)` asked `param(key)` for, in any of its Lua states
    /// (loading, tests, hooks): a `--param` that no file's run read is warned about.
    public internal(set) var parametersRead: Set<String> = []
    /// Called with each key the running file's Lua asks `param(key)` for the first time, as it
    /// asks, whichever Lua state (a load that never finishes, the after_all hooks' load): a
    /// worker sends it at once, so a stop after it cannot lose it (red-team 43 A F3).
    public var onParameterRead: ((String) -> Void)?
    /// The module files the Lua states of the running file looked for and did not find: with
    /// `filesRead` once the file ends, for a watch to rerun when one is created.
    var missingModules = MissingModules()

    /// The digest of what the last `run(script:)`'s first load declared (tests and hooks),
    /// once it loaded; nil before (`ScriptDeclarations.digest`).
    public internal(set) var declarationDigest: [UInt8]?
    /// What `only()` left out of the last `run(script:)`'s selection (`OnlyFocus`); nil when
    /// the file has no `only()` or it left out nothing the selection took.
    public internal(set) var leftOutByOnly: OnlyFocus?
    /// Whether the last `run(script:)`'s first load declared after_each and after_all hooks.
    public internal(set) var declaresHooks = (afterEach: false, afterAll: false)

    /// Called once the file's first load in `run(script:)` succeeded, before anything of it
    /// runs (`declarationDigest` and `declaresHooks` are set): a `--jobs` worker says so, so
    /// its runner knows a later stop was not in that load.
    public var onLoaded: () -> Void = {}

    /// Creates a runner.
    public init(options: Options = Options()) { self.options = options }

    /// Whether the file's result keeps the steps and log of each outcome already handed to
    /// `onOutcome`. A `--jobs` worker, which sends each outcome to its runner at once and
    /// never reads them back, turns it off: a file of 1 000 tests of 10 000 named steps each
    /// grew the worker by about 11 MB a test.
    public var keepsHandedDetail = true

    /// Adds `outcome` to `result` and hands it to `onOutcome` (the kept copy without its
    /// steps and log when `keepsHandedDetail` is off).
    func hand(_ outcome: TestOutcome, to result: inout ScriptFileResult, _ onOutcome: (TestOutcome) -> Void) {
        var kept = outcome
        if !keepsHandedDetail {
            kept.steps = []
            kept.log = []
        }
        result.outcomes.append(kept)
        onOutcome(outcome)
    }

    /// Runs every test of one script file; `onOutcome` is called as each test ends, so the
    /// console shows progress and nothing is lost if a later test hangs.
    public func run(script file: String, onOutcome: (TestOutcome) -> Void = { _ in }) -> ScriptFileResult {
        let fileStart = ProcessInfo.processInfo.systemUptime
        filesRead = []
        parametersRead = []
        leftOutByOnly = nil
        declarationDigest = nil
        missingModules = MissingModules()
        var result = runFile(file, onOutcome: onOutcome)
        filesRead.formUnion(missingModules.paths)
        result.wallSeconds = ProcessInfo.processInfo.systemUptime - fileStart
        return result
    }

    private func runFile(_ file: String, onOutcome: (TestOutcome) -> Void) -> ScriptFileResult {
        let fileStart = ProcessInfo.processInfo.systemUptime
        var result = ScriptFileResult(file: file)
        guard let (first, directory, prototype) = load(file, into: &result) else {
            if shouldStop() {
                // The stop ended the load (through the same Lua hook as a used-up budget): the
                // file did not run and is not at fault (the test pool names the stop's reason).
                return ScriptFileResult.notRun(file)
            }
            return result
        }
        declarationDigest = first.declarationDigest
        declaresHooks = (first.hasAfterEachHooks, first.hasAfterAllHooks)
        onLoaded()
        if let expected = options.expectedDigest, expected != first.declarationDigest {
            result.loadProblems = [Diagnostic(file: file, message: Self.differentLoad(file, sameTests: false))]
            return result
        }
        let tests = first.tests
        let forbidden = forbiddenOnlyProblems(tests, file: file)
        if !forbidden.isEmpty {
            result.loadProblems = forbidden
            return result
        }
        // Tests the selection leaves out are not part of the run at all (no outcome); so are,
        // as in Playwright Test, the tests of a file with only() that are not marked only.
        let focused = tests.contains(where: \.only)
        let indices = tests.indices.filter {
            (!focused || tests[$0].only) && options.selection.selects(tests[$0], file: file)
        }
        if focused {
            let leftOut = tests.filter { !$0.only && options.selection.selects($0, file: file) }.map(\.name)
            if !leftOut.isEmpty {
                leftOutByOnly = OnlyFocus(lines: tests.filter(\.only).map(\.line), names: leftOut)
            }
        }
        let order = Array((options.reverseOrder ? indices.reversed() : indices).dropFirst(options.skipFirst))
        if options.listOnly {
            result.outcomes = order.map { index in
                let test = tests[index]
                return TestOutcome(
                    name: test.name, file: file, line: test.line, verdict: .skipped, skipReason: test.skipReason)
            }
            onPlan(result.outcomes)
            return result
        }
        guard
            let run = startFileRun(
                file, directory: directory, first: first, prototype: prototype, result: &result)
        else { return result }
        if options.skipFirst > 0 {
            let all = options.reverseOrder ? indices.reversed() : indices
            run.recorder?.resumedAfter = all.dropFirst(options.skipFirst - 1).first.map { tests[$0].name }
        }
        if options.afterAllOnly {
            runAfterAllPart(run, indices: indices, fileStart: fileStart, onOutcome)
            return run.result
        }
        onPlan(order.map { Self.notRunOutcome(tests, $0, file: file, reason: "the run was interrupted") })
        // A test's time is all the real time it costs: its load of the file (the script's top
        // level, prototype.lua), the before_all hooks it reruns, before_each, itself and
        // after_each. The first test that runs has the file's first load, from the file's
        // start, so the tests' times add up to the file's (red-team finding p10: the loads,
        // top-level setup code included, were no test's).
        run.loadedSince = fileStart
        if options.afterEachFirst, options.skipFirst > 0, !shouldStop() {
            // The test before ended its worker process before its after_each hooks.
            let ended = Array(options.reverseOrder ? indices.reversed() : indices)[options.skipFirst - 1]
            run.fresh = runAfterEachFirst(
                file, tests, test: ended, runtime: first, checker: run.checker, prototype: prototype, since: fileStart
            ) { self.reload(file, test: ended, directory: run.directory, expecting: run.declared) }
            // Their load was theirs (the test they ran for was reported with it).
            if run.fresh == nil { run.loadedSince = nil }
        }
        // The last test that will run gets the file's after_all hooks.
        let lastRun = order.last { tests[$0].skipReason == nil }
        for index in order {
            runScheduled(index, in: run, last: index == lastRun, endsOrder: index == order.last, onOutcome)
        }
        if options.recordsTimeline {
            run.result.timeline =
                run.timeline ?? TimelineExport.run(name: file, session: run.session, clock: .virtual)
        }
        if let recorder = run.recorder {
            let problems = writeSummary(recorder, result: run.result, prototype: prototype)
            if !problems.isEmpty { run.result.writeProblems = problems }
        }
        return run.result
    }
}
