import Foundation
import SceneflowCore
import SceneflowLua

/// One test of a file's run order: skipped, or run in a fresh Lua state and session, with
/// what follows it (timeline, after_each in a fresh load, artifacts, video, after_all).
extension HeadlessTestRunner {
    /// Runs test `index` of `run`'s order and hands its outcome; `last`: the last test that
    /// runs, which the file's after_all hooks follow; `endsOrder`: the last of the order, whose
    /// transition in progress ends the file's timeline.
    func runScheduled(
        _ index: Int, in run: FileRun, last: Bool, endsOrder: Bool, _ onOutcome: (TestOutcome) -> Void
    ) {
        let test = run.declared.tests[index]
        if test.skipReason != nil || shouldStop() {
            hand(
                Self.notRunOutcome(run.declared.tests, index, file: run.file, reason: stopReason()),
                in: run, onOutcome)
            return
        }
        let since = run.loadedSince ?? ProcessInfo.processInfo.systemUptime
        run.loadedSince = nil
        onTestStart(run.file, test.name)
        // A fresh Lua state for every test: nothing one test does to globals, upvalues,
        // metatables or the collector reaches the next.
        let runtime: ScriptRuntime
        if let loaded = run.fresh {
            runtime = loaded
            run.fresh = nil
        } else {
            // Said as a phase, so a worker stopped in this load's top level names it, not the
            // test's function and its watchdog (red-team 39 M2b); the test's own phases follow.
            onRecord?(.phase("load", testFailure: nil))
            switch reload(run.file, test: index, directory: run.directory, expecting: run.declared) {
            case .success(let loaded):
                onRecord?(.phase("test", testFailure: nil))
                runtime = loaded
            case .failure(let problem):
                // An error, never an expectation (red-team 50 A F1: JUnit's `<failure>`).
                var outcome = TestOutcome(
                    name: test.name, file: run.file, line: test.line, verdict: .failed, failure: problem,
                    wallSeconds: ProcessInfo.processInfo.systemUptime - since)
                outcome.failureKind = .error
                if shouldStop() {
                    // The stop ended the reload: the test never started.
                    outcome = TestOutcome(
                        name: test.name, file: run.file, line: test.line, verdict: .skipped, skipReason: stopReason())
                }
                hand(outcome, in: run, onOutcome)
                // The last test's after_all hooks still run in a fresh load of their own, which
                // says when it fails too (red-team 41 L2: they were skipped without a word).
                if last, run.hasAfterAllHooks, !shouldStop() {
                    runAfterAllAfter(index, in: run, withoutBeforeAll: false, onOutcome)
                }
                return
            }
        }
        var outcome = runInFreshSession(index, test, in: run, runtime: runtime, endsOrder: endsOrder)
        // The last test's after_all hooks run in a fresh load once it is reported (the test ran
        // without them: its state never holds their failure or time).
        let hooksLeft = last && runtime.hasAfterAllHooks
        // It ended before its after_each hooks (a limit, a failing prototype action): they run
        // in a fresh load, since the stopped Lua state cannot be trusted; stopped inside one of
        // them, the ones after it do. The after_all hooks of a last test still run in a load of
        // their own (below): a limit that stops after_each here would stop them too (red-team
        // finding p8).
        if outcome.verdict == .failed, !shouldStop() {
            if runtime.endedBeforeAfterEach {
                runAfterEachRest(from: 0, of: index, in: run, outcome: &outcome)
            } else if let rest = runtime.hooksAfterStop, rest.kind == .afterEach {
                runAfterEachRest(from: rest.skip, of: index, in: run, outcome: &outcome)
            }
        }
        if outcome.verdict == .failed || outcome.verdict == .interrupted, let artifacts = run.artifacts {
            let saved = artifacts.write(for: outcome, index: index, session: run.session)
            outcome.artifacts = saved.written
            if let problem = saved.problem {
                // Never silent: the console and every report name what is missing.
                var failure = outcome.failure ?? Diagnostic(file: run.file, message: "")
                failure.message += failure.message.isEmpty ? problem : " (and \(problem))"
                outcome.failure = failure
            }
        }
        outcome.wallSeconds = ProcessInfo.processInfo.systemUptime - since
        if let video = run.video {
            // The verdict is final once the test's Lua ended: it is handed over before the
            // video is encoded, which may take seconds.
            onVerdict(outcome, pendingVideo(video, outcome: outcome))
            finishVideo(video, tick: outcome.frames, outcome: &outcome)
        }
        hand(outcome, in: run, onOutcome)
        if hooksLeft, !shouldStop() {
            // Stopped inside before_all by a limit (not an error, which the fresh load meets
            // again and goes on to after_all): the fresh load leaves it out, or it would be
            // stopped again and after_all never run (red-team finding o10).
            runAfterAllAfter(index, in: run, withoutBeforeAll: runtime.stoppedInBeforeAll, onOutcome)
        }
    }

    /// Runs test `index` in `runtime` on a fresh session and virtual clock, and adds what it
    /// read, its timeline part and its visual checks to `run`.
    private func runInFreshSession(
        _ index: Int, _ test: ScriptTest, in run: FileRun, runtime: ScriptRuntime, endsOrder: Bool
    ) -> TestOutcome {
        // A fresh session on a fresh clock for every test: its clock starts at 0, as it would
        // if the test ran alone, so now(), timers, transition times and log times never depend
        // on which tests ran before it.
        let session = Session(prototype: run.prototype)
        run.session = session
        // A test keeps its first events: a scene that advances every frame must not grow the
        // runner's memory or the --timeline file without bound.
        session.timelineEventLimit = options.timelineEventsPerTest
        let clock = VirtualClock()
        runtime.onRecord = onRecord
        runtime.bind(session)
        runtime.visualChecks = run.checker
        run.checker.begin(test: test.name, index: index)
        run.recorder?.clockOffset = run.clockOffset
        // The file's after_all hooks never run in the last test's Lua state or session: they
        // run after it, in a fresh load, so what they see (globals, the scene, `state`) and
        // what they record never depends on which test ran last (--reverse, --filter;
        // red-team findings T6, T7).
        var outcome = runTest(
            index, test, file: run.file, runtime: runtime, session: session, clock: clock, recorder: run.recorder,
            video: run.video, last: false, first: !run.startedOne && options.skipFirst == 0)
        run.startedOne = true
        filesRead.formUnion(runtime.requiredModules)
        parametersRead.formUnion(runtime.parametersRead)
        // Baselines too, unless this run rewrites them all (a watch would rerun on its own
        // writes for ever).
        if options.baselineMode != .all { filesRead.formUnion(run.checker.baselinesUsed) }
        if options.recordsTimeline {
            // One clock for the file's timeline: each test's events follow the ones before it
            // (the last test's transition in progress ends the run's).
            let running = endsOrder ? session.runningTransition : nil
            let part = TimelineRun(
                name: run.file, prototype: run.prototype.name, clock: .virtual, timeline: session.timeline,
                running: running)
            let admitted = run.timelineBudget.admit(part)
            run.timeline = run.timeline?.appending(admitted, shiftedBy: run.clockOffset) ?? admitted
            onTimelinePart?(admitted, clock.now)
        }
        run.clockOffset += clock.now
        outcome.visuals = run.checker.records
        if outcome.passed, run.checker.records.contains(where: { $0.status == "recorded" }) {
            outcome.verdict = .recorded
        }
        return outcome
    }
}
