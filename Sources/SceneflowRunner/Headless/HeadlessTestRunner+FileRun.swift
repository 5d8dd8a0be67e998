import Foundation
import SceneflowCore
import SceneflowLua

/// What one script file's run shares across its tests: what its first load declared, its
/// prototype, its recorders and checker, the result so far, and the file's progress (the last
/// test's session, the joined `--timeline`, the file's clock offset).
final class FileRun {
    /// What every later load of the file must give again (each test loads it afresh).
    typealias Declared = (tests: [ScriptTest], prototype: Prototype?, declarations: ScriptDeclarations)

    /// The script file, as given.
    let file: String
    /// The prototype folder.
    let directory: String
    /// The first load's tests, prototype and declarations.
    let declared: Declared
    /// The prototype the file runs.
    let prototype: Prototype
    /// The file's screenshot checker (baselines, captures, trees).
    let checker: ScreenshotChecker
    /// `--frames`: the frame recorder of the file's folder.
    let recorder: FrameRecorder?
    /// `--video`: the file's video recorder.
    let video: VideoRecorder?
    /// `--report`: where failing tests' artifacts go.
    let artifacts: FailureArtifacts?
    /// The file's result so far.
    var result: ScriptFileResult
    /// The session of the test that ran last (its timeline is the file's when it is the only
    /// one).
    var session: Session
    /// The file's timeline joined from its tests' (`--timeline`).
    var timeline: TimelineRun?
    /// How many timeline events the file may still keep.
    var timelineBudget: TimelineBudget
    /// Virtual seconds the file's tests before this one took: each test's clock starts at 0,
    /// the file's timeline and frames follow one another.
    var clockOffset = 0.0
    /// The first load, kept for the first test that runs.
    var fresh: ScriptRuntime?
    /// Since when the next test's time counts (a load that was no test's yet); nil: from its
    /// own start.
    var loadedSince: Double?
    /// Whether a test of this file has started: before_all's log and steps go to the first.
    var startedOne = false
    /// Whether the first load declared after_all hooks: they run after the last test even when
    /// that test's own load failed (red-team 41 L2: they were skipped without a word).
    let hasAfterAllHooks: Bool

    init(
        file: String, directory: String, first: ScriptRuntime, prototype: Prototype, checker: ScreenshotChecker,
        recorder: FrameRecorder?, video: VideoRecorder?, artifacts: FailureArtifacts?, timelineLimit: Int,
        result: ScriptFileResult
    ) {
        self.file = file
        self.directory = directory
        declared = (tests: first.tests, prototype: first.prototype, declarations: first.declarations)
        hasAfterAllHooks = first.hasAfterAllHooks
        self.prototype = prototype
        self.checker = checker
        self.recorder = recorder
        self.video = video
        self.artifacts = artifacts
        self.result = result
        session = Session(prototype: prototype)
        timelineBudget = TimelineBudget(limit: timelineLimit)
        fresh = first
    }
}

/// The parts of one file's run: the `--forbid-only` check, the plan, the recorders, the
/// after_all-only run of a worker, and each test with what follows it.
extension HeadlessTestRunner {
    /// `--forbid-only`: a load problem for each `only()` of the file's tests (none without it).
    func forbiddenOnlyProblems(_ tests: [ScriptTest], file: String) -> [Diagnostic] {
        guard options.forbidOnly else { return [] }
        return tests.filter(\.only).map {
            Diagnostic(
                file: $0.module.map { PathText.join(PathText.folder(of: file), $0) } ?? file, line: $0.line,
                message:
                    "only(\"\($0.name)\") is not allowed with --forbid-only (on when CI is set): it would leave the file's other tests out of the run; change it to test()"
            )
        }
    }

    /// The outcome of test `index` when it does not run: skipped for its own reason, else for
    /// `reason`.
    static func notRunOutcome(_ tests: [ScriptTest], _ index: Int, file: String, reason: String) -> TestOutcome {
        let test = tests[index]
        return TestOutcome(
            name: test.name, file: file, line: test.line, verdict: .skipped, skipReason: test.skipReason ?? reason)
    }

    /// The file's run with its recorders (`--frames`, `--video`, `--report`); nil, with
    /// `result.loadProblems` set, when one cannot start.
    func startFileRun(
        _ file: String, directory: String, first: ScriptRuntime, prototype: Prototype,
        result: inout ScriptFileResult
    ) -> FileRun? {
        var recorder: FrameRecorder?
        if let framesDirectory = options.framesDirectory {
            let folder = (framesDirectory as NSString).appendingPathComponent(Self.scriptID(file))
            do {
                recorder = try FrameRecorder(directory: folder, prototype: prototype, continuing: options.skipFirst > 0)
                recorder?.writesPNGs = !options.framesHashOnly
            } catch {
                result.loadProblems = [
                    Diagnostic(file: folder, message: "could not write frames: \(plainReason(error))")
                ]
                return nil
            }
        }
        let video: VideoRecorder?
        do { video = try makeVideoRecorder(file: file, prototype: prototype) } catch {
            result.loadProblems = [Diagnostic(file: file, message: "cannot record videos: \(error)")]
            return nil
        }
        let artifacts = options.reportDirectory.map { FailureArtifacts(reportDirectory: $0, prototype: prototype) }
        let checker = ScreenshotChecker(
            prototype: prototype, script: file, reportFolder: options.visualDirectory, mode: options.baselineMode,
            baselines: baselines)
        return FileRun(
            file: file, directory: directory, first: first, prototype: prototype, checker: checker,
            recorder: recorder, video: video, artifacts: artifacts, timelineLimit: options.timelineEventsPerRun,
            result: result)
    }

    /// A worker that runs only the file's after_all hooks (`Options.afterAllOnly`), after the
    /// last test of `indices` that is not skipped: after_each first when asked
    /// (`Options.afterEachFirst`), then after_all in a load of its own.
    func runAfterAllPart(_ run: FileRun, indices: [Int], fileStart: Double, _ onOutcome: (TestOutcome) -> Void) {
        let tests = run.declared.tests
        let runs = options.reverseOrder ? indices.reversed() : indices
        guard let first = run.fresh, let last = runs.last(where: { tests[$0].skipReason == nil }), !shouldStop()
        else { return }
        var loaded: ScriptRuntime? = first
        // The (after_all) entry's time is its load's and its hooks' (see `FileRun.loadedSince`).
        var hooksSince = fileStart
        if options.afterEachFirst {
            // after_each first, in a load of its own, and its result sent before after_all
            // runs: a worker stopped in after_all then never takes after_each's part.
            loaded = runAfterEachFirst(
                run.file, tests, test: last, runtime: first, checker: run.checker, prototype: run.prototype,
                since: fileStart
            ) { self.reload(run.file, test: last, directory: run.directory, expecting: run.declared) }
            if loaded == nil { hooksSince = ProcessInfo.processInfo.systemUptime }
        }
        // A file without after_all hooks has nothing more to run here (its before_all would
        // run again for nothing, and could get stuck again).
        guard first.hasAfterAllHooks, !shouldStop() else { return }
        onAfterAllLoad()
        let runtime: ScriptRuntime
        if let loaded {
            runtime = loaded
        } else {
            switch reload(run.file, test: last, directory: run.directory, expecting: run.declared) {
            case .success(let again): runtime = again
            case .failure(let problem):
                // The hooks cannot run: their entry says why, never silence.
                let seconds = ProcessInfo.processInfo.systemUptime - hooksSince
                hand(afterAllNotRun(problem, file: run.file, seconds: seconds), to: &run.result, onOutcome)
                return
            }
        }
        let hooks = runAfterAllOnly(
            run.file, tests, last: last, runtime: runtime, checker: run.checker, prototype: run.prototype,
            withoutBeforeAll: options.afterAllWithoutBeforeAll, artifacts: run.artifacts,
            skipping: options.afterAllSkip,
            beforeAllFailedInTests: options.afterAllBeforeAllFailedInTests
        ) { self.reload(run.file, test: last, directory: run.directory, expecting: run.declared) }
        // Holding hooks' log joins the last test's, as in the worker that ran it (red-team
        // finding p15: it was dropped here).
        if !hooks.afterAllLog.isEmpty || !hooks.afterAllVisuals.isEmpty {
            onAfterAllLog(hooks.afterAllLog, hooks.afterAllVisuals)
        }
        if var entry = hooks.afterAll {
            entry.wallSeconds = ProcessInfo.processInfo.systemUptime - hooksSince
            hand(entry, to: &run.result, onOutcome)
        }
    }

    /// Runs the file's after_all hooks after test `index`, the last that ran, in a fresh load
    /// (the test ran without them: its state never holds their failure or time); their entry
    /// says why when they cannot run. `withoutBeforeAll`: the test was stopped inside
    /// before_all by a limit, which the fresh load leaves out.
    func runAfterAllAfter(
        _ index: Int, in run: FileRun, withoutBeforeAll: Bool, _ onOutcome: (TestOutcome) -> Void
    ) {
        // The (after_all) entry's time is its load's and its hooks' (see `FileRun.loadedSince`).
        let hooksSince = ProcessInfo.processInfo.systemUptime
        onAfterAllLoad()
        switch reload(run.file, test: index, directory: run.directory, expecting: run.declared) {
        case .failure(let problem):
            // The hooks cannot run: their entry says why, never silence.
            let seconds = ProcessInfo.processInfo.systemUptime - hooksSince
            hand(afterAllNotRun(problem, file: run.file, seconds: seconds), to: &run.result, onOutcome)
        case .success(let again):
            let hooks = runAfterAllOnly(
                run.file, run.declared.tests, last: index, runtime: again, checker: run.checker,
                prototype: run.prototype, withoutBeforeAll: withoutBeforeAll, artifacts: run.artifacts,
                beforeAllFailedInTests: Self.failedInBeforeAll(run.result.outcomes.last)
            ) { self.reload(run.file, test: index, directory: run.directory, expecting: run.declared) }
            if !hooks.afterAllLog.isEmpty || !hooks.afterAllVisuals.isEmpty,
                let last = run.result.outcomes.indices.last
            {
                run.result.outcomes[last].log += hooks.afterAllLog
                run.result.outcomes[last].visuals += hooks.afterAllVisuals
                onAfterAllLog(hooks.afterAllLog, hooks.afterAllVisuals)
            }
            if var entry = hooks.afterAll {
                entry.wallSeconds = ProcessInfo.processInfo.systemUptime - hooksSince
                hand(entry, to: &run.result, onOutcome)
            }
        }
    }
}
