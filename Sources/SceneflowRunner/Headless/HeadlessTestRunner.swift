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
    /// Why tests were not run once `shouldStop` returned true (their skip reason).
    public var stopReason: () -> String = { "the run was interrupted" }
    /// The failure message of a test a stop signal ended while it ran (verdict interrupted).
    /// A `--jobs` runner that stopped the worker for `--max-failures` names the limit instead
    /// (`TestWorkerPool.namingTheStop`).
    public static let interruptedMessage = "interrupted by a signal while the test ran"
    /// The files the last `run(script:)` read besides the script: the modules it required,
    /// its prototype file and the images its scenes name (paths from the working directory or
    /// absolute, as the prototype folder was named), and the modules it looked for and did not
    /// find. `sceneflow test --watch` reruns on a
    /// change to any of them (an image in a subfolder of the prototype folder included).
    public internal(set) var filesRead: Set<String> = []
    /// The keys the last `run(script:)` asked `param(key)` for, in any of its Lua states
    /// (loading, tests, hooks): a `--param` that no file's run read is warned about.
    public internal(set) var parametersRead: Set<String> = []
    /// The module files the Lua states of the running file looked for and did not find: with
    /// `filesRead` once the file ends, for a watch to rerun when one is created.
    var missingModules = MissingModules()

    /// Creates a runner.
    public init(options: Options = Options()) { self.options = options }

    /// Whether the file's result keeps the steps and log of each outcome already handed to
    /// `onOutcome`. A `--jobs` worker, which sends each outcome to its runner at once and
    /// never reads them back, turns it off: a file of 1 000 tests of 10 000 named steps each
    /// grew the worker by about 11 MB a test.
    public var keepsHandedDetail = true

    /// Adds `outcome` to `result` and hands it to `onOutcome` (the kept copy without its
    /// steps and log when `keepsHandedDetail` is off).
    private func hand(_ outcome: TestOutcome, to result: inout ScriptFileResult, _ onOutcome: (TestOutcome) -> Void) {
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
        // What every later load of the file must give again (each test loads it afresh).
        let declared = (tests: first.tests, prototype: first.prototype, declarations: first.declarations)
        if options.forbidOnly {
            let focused = declared.tests.filter(\.only)
            if !focused.isEmpty {
                result.loadProblems = focused.map {
                    Diagnostic(
                        file: $0.module.map { PathText.join(PathText.folder(of: file), $0) } ?? file, line: $0.line,
                        message:
                            "only(\"\($0.name)\") is not allowed with --forbid-only (on when CI is set): it would leave the file's other tests out of the run; change it to test()"
                    )
                }
                return result
            }
        }
        // Tests the selection leaves out are not part of the run at all (no outcome); so are,
        // as in Playwright Test, the tests of a file with only() that are not marked only.
        let focused = declared.tests.contains(where: \.only)
        let indices = declared.tests.indices.filter {
            (!focused || declared.tests[$0].only) && options.selection.selects(declared.tests[$0], file: file)
        }
        let order = Array((options.reverseOrder ? indices.reversed() : indices).dropFirst(options.skipFirst))
        if options.listOnly {
            result.outcomes = order.map { index in
                let test = declared.tests[index]
                return TestOutcome(
                    name: test.name, file: file, line: test.line, verdict: .skipped, skipReason: test.skipReason)
            }
            onPlan(result.outcomes)
            return result
        }
        var recorder: FrameRecorder?
        if let framesDirectory = options.framesDirectory {
            let folder = (framesDirectory as NSString).appendingPathComponent(Self.scriptID(file))
            do {
                recorder = try FrameRecorder(directory: folder, prototype: prototype)
                recorder?.writesPNGs = !options.framesHashOnly
            } catch {
                result.loadProblems = [
                    Diagnostic(file: folder, message: "could not write frames: \(plainReason(error))")
                ]
                return result
            }
        }
        let video: VideoRecorder?
        do { video = try makeVideoRecorder(file: file, prototype: prototype) } catch {
            result.loadProblems = [Diagnostic(file: file, message: "cannot record videos: \(error)")]
            return result
        }
        let artifacts = options.reportDirectory.map { FailureArtifacts(reportDirectory: $0, prototype: prototype) }
        // The session of the test that ran last (its timeline is the file's when it is the only
        // one), and the file's timeline joined from its tests' (`--timeline`).
        var session = Session(prototype: prototype)
        var timeline: TimelineRun?
        var timelineBudget = TimelineBudget(limit: options.timelineEventsPerRun)
        var clockOffset = 0.0
        let checker = ScreenshotChecker(
            prototype: prototype, script: file, reportFolder: options.visualDirectory, mode: options.baselineMode,
            baselines: baselines)
        if options.afterAllOnly {
            let runs = options.reverseOrder ? indices.reversed() : indices
            guard let last = runs.last(where: { declared.tests[$0].skipReason == nil }), !shouldStop() else {
                return result
            }
            var loaded: ScriptRuntime? = first
            // The (after_all) entry's time is its load's and its hooks' (see `loadedSince`).
            var hooksSince = fileStart
            if options.afterEachFirst {
                // after_each first, in a load of its own, and its result sent before after_all
                // runs: a worker stopped in after_all then never takes after_each's part.
                loaded = runAfterEachFirst(
                    file, declared.tests, test: last, runtime: first, checker: checker, prototype: prototype)
                if loaded == nil { hooksSince = ProcessInfo.processInfo.systemUptime }
            }
            // A file without after_all hooks has nothing more to run here (its before_all would
            // run again for nothing, and could get stuck again).
            if first.hasAfterAllHooks, !shouldStop(),
                let runtime = loaded
                    ?? (try? reload(file, test: last, directory: directory, expecting: declared).get())
            {
                let hooks = runAfterAllOnly(
                    file, declared.tests, last: last, runtime: runtime, checker: checker, prototype: prototype,
                    withoutBeforeAll: options.afterAllWithoutBeforeAll, artifacts: artifacts)
                // Holding hooks' log joins the last test's, as in the worker that ran it
                // (red-team finding p15: it was dropped here).
                if !hooks.afterAllLog.isEmpty || !hooks.afterAllVisuals.isEmpty {
                    onAfterAllLog(hooks.afterAllLog, hooks.afterAllVisuals)
                }
                if var entry = hooks.afterAll {
                    entry.wallSeconds = ProcessInfo.processInfo.systemUptime - hooksSince
                    hand(entry, to: &result, onOutcome)
                }
            }
            return result
        }
        onPlan(
            order.map { index in
                let test = declared.tests[index]
                return TestOutcome(
                    name: test.name, file: file, line: test.line, verdict: .skipped,
                    skipReason: test.skipReason ?? "the run was interrupted")
            })
        // The last test that will run gets the file's after_all hooks.
        let lastRun = order.last { declared.tests[$0].skipReason == nil }
        var fresh: ScriptRuntime? = first
        // A test's time is all the real time it costs: its load of the file (the script's top
        // level, prototype.lua), the before_all hooks it reruns, before_each, itself and
        // after_each. The first test that runs has the file's first load, from the file's
        // start, so the tests' times add up to the file's (red-team finding p10: the loads,
        // top-level setup code included, were no test's).
        var loadedSince: Double? = fileStart
        if options.afterEachFirst, options.skipFirst > 0, !shouldStop() {
            // The test before ended its worker process before its after_each hooks.
            let ended = Array(options.reverseOrder ? indices.reversed() : indices)[options.skipFirst - 1]
            fresh = runAfterEachFirst(
                file, declared.tests, test: ended, runtime: first, checker: checker, prototype: prototype)
            // Their load was theirs (the test they ran for was reported with it).
            if fresh == nil { loadedSince = nil }
        }
        // Whether a test of this file has started: before_all's log and steps go to the first.
        var startedOne = false
        for index in order {
            let test = declared.tests[index]
            var outcome: TestOutcome
            var hooksLeft = false
            var stoppedInBeforeAll = false
            if let reason = test.skipReason {
                outcome = TestOutcome(
                    name: test.name, file: file, line: test.line, verdict: .skipped, skipReason: reason)
            } else if shouldStop() {
                outcome = TestOutcome(
                    name: test.name, file: file, line: test.line, verdict: .skipped, skipReason: stopReason())
            } else {
                let since = loadedSince ?? ProcessInfo.processInfo.systemUptime
                loadedSince = nil
                onTestStart(file, test.name)
                // A fresh Lua state for every test: nothing one test does to globals,
                // upvalues, metatables or the collector reaches the next.
                let runtime: ScriptRuntime
                if let loaded = fresh {
                    runtime = loaded
                    fresh = nil
                } else {
                    switch reload(file, test: index, directory: directory, expecting: declared) {
                    case .success(let loaded): runtime = loaded
                    case .failure(let problem):
                        outcome = TestOutcome(
                            name: test.name, file: file, line: test.line, verdict: .failed, failure: problem,
                            wallSeconds: ProcessInfo.processInfo.systemUptime - since)
                        if shouldStop() {
                            // The stop ended the reload: the test never started.
                            outcome = TestOutcome(
                                name: test.name, file: file, line: test.line, verdict: .skipped,
                                skipReason: stopReason())
                        }
                        hand(outcome, to: &result, onOutcome)
                        continue
                    }
                }
                // A fresh session on a fresh clock for every test: its clock starts at 0, as it
                // would if the test ran alone, so now(), timers, transition times and log times
                // never depend on which tests ran before it.
                session = Session(prototype: prototype)
                // A test keeps its first events: a scene that advances every frame must not grow
                // the runner's memory or the --timeline file without bound.
                session.timelineEventLimit = options.timelineEventsPerTest
                let clock = VirtualClock()
                runtime.onRecord = onRecord
                runtime.bind(session)
                runtime.visualChecks = checker
                checker.begin(test: test.name, index: index)
                recorder?.clockOffset = clockOffset
                // The file's after_all hooks never run in the last test's Lua state or session:
                // they run after it, in a fresh load (below), so what they see (globals, the
                // scene, `state`) and what they record never depends on which test ran last
                // (--reverse, --filter; red-team findings T6, T7).
                outcome = runTest(
                    index, test, file: file, runtime: runtime, session: session, clock: clock, recorder: recorder,
                    video: video, last: false, first: !startedOne && options.skipFirst == 0)
                startedOne = true
                filesRead.formUnion(runtime.requiredModules)
                parametersRead.formUnion(runtime.parametersRead)
                // Baselines too, unless this run rewrites them all (a watch would rerun on its
                // own writes for ever).
                if options.baselineMode != .all { filesRead.formUnion(checker.baselinesUsed) }
                // The last test's after_all hooks run in a fresh load once it is reported (the
                // test ran without them: its state never holds their failure or time).
                hooksLeft = index == lastRun && runtime.hasAfterAllHooks
                // Stopped inside before_all by a limit (not an error, which the fresh load
                // meets again and goes on to after_all): the fresh load leaves it out, or it
                // would be stopped again and after_all never run (red-team finding o10).
                stoppedInBeforeAll = runtime.stoppedInBeforeAll
                if options.recordsTimeline {
                    // One clock for the file's timeline: each test's events follow the ones
                    // before it (the last test's transition in progress ends the run's).
                    let running = index == order.last ? session.runningTransition : nil
                    let part = TimelineRun(
                        name: file, prototype: prototype.name, clock: .virtual, timeline: session.timeline,
                        running: running)
                    let admitted = timelineBudget.admit(part)
                    timeline = timeline?.appending(admitted, shiftedBy: clockOffset) ?? admitted
                }
                clockOffset += clock.now
                outcome.visuals = checker.records
                if outcome.passed, checker.records.contains(where: { $0.status == "recorded" }) {
                    outcome.verdict = .recorded
                }
                if outcome.verdict == .failed, runtime.endedBeforeAfterEach, !shouldStop(),
                    case .success(let again) = reload(file, test: index, directory: directory, expecting: declared)
                {
                    // It ended before its after_each hooks (a limit, a failing prototype
                    // action): they run in a fresh load, since the stopped Lua state cannot be
                    // trusted. The after_all hooks of a last test still run in a load of their
                    // own (below): a limit that stops after_each here would stop them too
                    // (red-team finding p8). A last test's hooks are streamed, so a worker
                    // stopped in them names the hook.
                    let hooks = runHooksOnly(
                        .afterEach, file, declared.tests, test: index, last: false, runtime: again,
                        checker: checker, prototype: prototype, streamsRecords: hooksLeft)
                    if let run = hooks.afterEach { Self.addAfterEach(run, to: &outcome) }
                }
                if outcome.verdict == .failed || outcome.verdict == .interrupted, let artifacts {
                    let saved = artifacts.write(for: outcome, index: index, session: session)
                    outcome.artifacts = saved.written
                    if let problem = saved.problem {
                        // Never silent: the console and every report name what is missing.
                        var failure = outcome.failure ?? Diagnostic(file: file, message: "")
                        failure.message += failure.message.isEmpty ? problem : " (and \(problem))"
                        outcome.failure = failure
                    }
                }
                outcome.wallSeconds = ProcessInfo.processInfo.systemUptime - since
                if let video {
                    // The verdict is final once the test's Lua ended: it is handed over
                    // before the video is encoded, which may take seconds.
                    onVerdict(outcome, pendingVideo(video, outcome: outcome))
                    finishVideo(video, tick: outcome.frames, outcome: &outcome)
                }
            }
            hand(outcome, to: &result, onOutcome)
            if hooksLeft, !shouldStop() {
                // The (after_all) entry's time is its load's and its hooks' (see `loadedSince`).
                let hooksSince = ProcessInfo.processInfo.systemUptime
                switch reload(file, test: index, directory: directory, expecting: declared) {
                case .failure(let problem):
                    // The hooks cannot run: their entry says why, never silence.
                    var failure = problem
                    failure.message = "after_all did not run: " + failure.message
                    let entry = Self.afterAllEntry(
                        failure, file: file, seconds: ProcessInfo.processInfo.systemUptime - hooksSince)
                    hand(entry, to: &result, onOutcome)
                case .success(let again):
                    let hooks = runAfterAllOnly(
                        file, declared.tests, last: index, runtime: again, checker: checker, prototype: prototype,
                        withoutBeforeAll: stoppedInBeforeAll, artifacts: artifacts)
                    if !hooks.afterAllLog.isEmpty || !hooks.afterAllVisuals.isEmpty,
                        let last = result.outcomes.indices.last
                    {
                        result.outcomes[last].log += hooks.afterAllLog
                        result.outcomes[last].visuals += hooks.afterAllVisuals
                        onAfterAllLog(hooks.afterAllLog, hooks.afterAllVisuals)
                    }
                    if var entry = hooks.afterAll {
                        entry.wallSeconds = ProcessInfo.processInfo.systemUptime - hooksSince
                        hand(entry, to: &result, onOutcome)
                    }
                }
            }
        }
        if options.recordsTimeline {
            result.timeline = timeline ?? TimelineExport.run(name: file, session: session, clock: .virtual)
        }
        if let recorder {
            let problems = writeSummary(recorder, result: result, prototype: prototype)
            if !problems.isEmpty { result.writeProblems = problems }
        }
        return result
    }
}
