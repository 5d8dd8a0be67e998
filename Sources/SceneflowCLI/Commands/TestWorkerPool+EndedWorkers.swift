import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Handling a worker that ended, however it ended: the test it ran, the rest of its file,
/// the file's after_all hooks, and the tests left to show.
extension TestWorkerPool {
    /// Handles the end of `worker`: the test it was running gets its verdict here, the rest of
    /// that file and the files queued behind it go back to the front of the queue (or, after
    /// a signal, are reported as interrupted and not run).
    func ended(
        _ worker: Worker, resumed: inout [FileRun], interrupted: Bool, onOutcome: (TestOutcome) -> Void
    ) {
        defer { try? FileManager.default.removeItem(atPath: worker.errors) }
        worker.ended = true
        worker.close()
        // It could not start a thread it needs (the process/thread limit) and ran nothing: its
        // files go back to the queue, and `assign` starts no other worker (red-team finding m3:
        // it was killed as frozen 10 s later and its healthy file reported as a load error).
        if !interrupted, let reason = Self.threadFailure(worker) {
            threadFailure = reason
            resumed.insert(contentsOf: worker.assigned, at: 0)
            worker.assigned = []
            return
        }
        guard let run = worker.assigned.first else { return }
        // Whatever is shown here comes after the test waiting to be shown (`shownLater`).
        func show(_ outcome: TestOutcome) {
            flushShown(run, onOutcome: onOutcome)
            onOutcome(outcome)
        }
        // Unless a fresh worker runs the file's after_all hooks next: the test they run after
        // waits for their log, as in a live worker (red-team 19 F4: TAP and the console showed
        // it without).
        var waitsForAfterAll = false
        defer { if !waitsForAfterAll { flushShown(run, onOutcome: onOutcome) } }
        let queued = worker.assigned.dropFirst()
        worker.assigned = []
        var interrupted = interrupted
        if !interrupted, worker.process.terminationReason == .uncaughtSignal,
            Interruption.signals.contains(worker.process.terminationStatus)
        {
            // Ended by a stop signal sent to the worker alone (TestWorker.serve): the rest of
            // its file runs in a fresh worker. One sent to the whole process group reaches the
            // runner at the same moment: a tenth of a second lets its handler say so first.
            let deadline = ProcessInfo.processInfo.systemUptime + 0.1
            while Interruption.received == 0 && ProcessInfo.processInfo.systemUptime < deadline { usleep(2_000) }
            interrupted = Interruption.received != 0
        }
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
        if endedInResumedLoad(worker, run, stoppedBySignal: stoppedBySignal, onOutcome: show) { return }
        if run.afterAllOnly {
            // The fresh worker that ran only the file's hooks ended as well (its before_all,
            // after_each or after_all stuck, a crash). A test held for its after_each hooks
            // gets the stop (and is shown), and the after_all hooks still run, in one more
            // fresh worker that runs only them (red-team finding p8: they never ran); the
            // file's (after_all) entry gets the stop when the after_all hooks were reached,
            // or when no test took it. Never a fourth try: that worker runs no after_each.
            let phase = run.journal().phase
            var taken = false
            if let position = run.heldForAfterEach, planned.indices.contains(position) {
                // Stopped in after_all: the after_each hooks before them held.
                let stopped = !stoppedBySignal && phase != "after_all"
                let hooks = afterEachStopped(
                    worker, run, planned[position], phase: heldHooksPhase(run), stopped: stopped)
                if holdForTheRest(run, adding: hooks, stoppedBySignal: stoppedBySignal) {
                    // Stopped inside one after_each hook: one more worker runs the ones after
                    // it, then after_all.
                    run.records.removeAll()
                    run.afterAllSince = nil
                    resumed.insert(run, at: 0)
                    waitsForAfterAll = true
                    return
                }
                taken = stopped
                releaseHeld(run, adding: hooks, onOutcome: show)
            }
            if taken, let position = run.afterAllAfter, planned.indices.contains(position) {
                // Stopped in before_all there: the next worker leaves it out (it would be
                // stopped again, and after_all never run).
                run.withoutBeforeAll = run.withoutBeforeAll || phase == "before_all"
                run.records.removeAll()
                run.afterAllSince = nil
                resumed.insert(run, at: 0)
                waitsForAfterAll = true
                return
            }
            if endedInHooksOnly(
                worker, run, planned: planned, interrupted: stoppedBySignal || taken,
                stoppedBySignal: stoppedBySignal, onOutcome: show)
            {
                run.records.removeAll()
                run.afterAllSince = nil
                resumed.insert(run, at: 0)
                waitsForAfterAll = true
                return
            }
            if stoppedBySignal {
                showPlannedLeft(run, planned: planned, onOutcome: show)
            } else {
                showSkippedLeft(run, onOutcome: show)
            }
            finish(run)
            return
        }
        if let (position, video) = run.encoding, var outcome = run.outcomes[position] {
            // Stopped while the video of a finished test was encoded: the test keeps its
            // verdict; the partial file is removed and the report says so.
            run.encoding = nil
            if let video {
                try? FileManager.default.removeItem(atPath: video)
                HeadlessTestRunner.noteCutVideo(video, in: &outcome)
            }
            run.outcomes[position] = outcome
            show(outcome)
        }
        if let position = run.heldForAfterEach, let test = planned.indices.contains(position) ? planned[position] : nil
        {
            // Stopped again while the after_each hooks of the test that ended the worker before
            // ran in a fresh one: the stop is theirs, added to that test's failure.
            // Or in the load made for them, when it never finished (red-team 41 A M1: blamed on
            // the hooks and the watchdog).
            let hooks = afterEachStopped(
                worker, run, test, phase: heldHooksPhase(run), stopped: !stoppedBySignal)
            if !holdForTheRest(run, adding: hooks, stoppedBySignal: stoppedBySignal) {
                releaseHeld(run, adding: hooks, onOutcome: show)
            }
        }
        if let position = run.running, planned.indices.contains(position), !stoppedBySignal,
            run.journal().phase == "after_all"
        {
            // Stopped in the file's after_all hooks: the stop is theirs, the test keeps how it
            // ended before them, as when a limit stops them in a live worker.
            endedInAfterAll(worker, run, position: position, planned: planned, onOutcome: show)
        } else if let position = run.running, planned.indices.contains(position) {
            let test = planned[position]
            var outcome = TestOutcome(
                name: test.name, file: run.file, line: test.line, verdict: .failed,
                wallSeconds: ProcessInfo.processInfo.systemUptime - run.runningSince)
            if stoppedBySignal {
                outcome.verdict = .interrupted
                outcome.failure = HeadlessTestRunner.interruption(
                    file: run.file, line: test.line, journal: run.journal())
                // An error, as a test interrupted in Lua code is (red-team 51 A F1).
                outcome.failureKind = .error
                outcome = namingTheStop(outcome)
            } else {
                // After the test's own failure when it had failed before its after_each hooks,
                // as in a live worker (red-team 18 F1).
                var problem = testProblem(worker, run, test)
                let journal = run.journal()
                if journal.phase == "load", journal.failureBeforeAfterEach != nil {
                    // In the top level of the fresh load made for its after_each hooks.
                    problem = "after_each did not run: loading the script again for them was stopped: " + problem
                }
                outcome.failure = HeadlessTestRunner.afterEachStop(
                    Diagnostic(file: run.file, line: test.line, message: problem), journal: journal)
                outcome.failureKind = Self.stopKind(journal)
            }
            // Stopped before its after_each hooks began (in the test or before_each): a fresh
            // worker runs them first, and the test is shown once they ran. Not when it was
            // stopped in its own load or before_all: nothing of the test ran that they follow
            // (red-team 39 M2b: they ran, and their log read as the stuck test's).
            let phase = run.journal().phase
            let hooksLeft = !stoppedBySignal && phase != "after_each" && phase != "before_all" && phase != "load"
            // Stopped inside after_each hook number n: a fresh worker runs the ones after it
            // (red-team 33 C1: they were skipped without a word).
            let restFrom = !stoppedBySignal && phase == "after_each" ? run.journal().hookNumber : nil
            keepRecords(of: run, in: &outcome)
            if recordsTimeline { run.noteTimelineLost(of: test.name, prototype: run.streamedTimeline?.prototype ?? "") }
            run.outcomes[position] = outcome
            run.running = nil
            run.next = position + 1
            if hooksLeft || restFrom != nil {
                run.heldForAfterEach = position
                run.afterEachSkip = restFrom ?? 0
                run.heldUncounted = outcome.failsTheRun
            } else {
                if outcome.failsTheRun { failures += 1 }
                flushShown(run, onOutcome: onOutcome)
                run.shownLater = position
            }
            // The last test that runs ended the worker before the file's after_all hooks: a
            // fresh worker runs them (the tests left, if any, are skipped ones), when the file
            // has any, or after_each hooks held (red-team 41 A1: a file with none got a failed
            // `(after_all)` entry when that worker's load got stuck).
            let hooksToRun = run.digest == nil || run.declaresHooks.afterAll || run.heldForAfterEach != nil
            if !stoppedBySignal, hooksToRun, planned[run.next...].allSatisfy({ Self.skippedByTheScript($0) }) {
                run.afterAllOnly = true
                run.afterAllAfter = position
                run.next = planned.count
                // Stopped in before_all: the fresh worker leaves it out (it would only be
                // stopped again, and after_all never run; red-team finding o10).
                run.withoutBeforeAll = phase == "before_all"
            }
        }
        if stoppedBySignal || (run.next >= planned.count && !run.afterAllOnly) {
            if stoppedBySignal {
                showPlannedLeft(run, planned: planned, onOutcome: show)
            } else {
                showSkippedLeft(run, onOutcome: show)
            }
            finish(run)
        } else {
            resumed.insert(run, at: 0)
            waitsForAfterAll = run.afterAllOnly
        }
    }

    /// The failure kind of a test whose worker was stopped (not by a signal), as the watchdog
    /// in a live worker gives it: the test's own when it failed before its after_each hooks
    /// (an expectation, or only soft ones), else an error (red-team 50 A F1: JUnit's
    /// `<failure type="expectation">` for a hang or a crash).
    static func stopKind(_ journal: TestRecordJournal) -> TestFailureKind {
        guard journal.phase == "after_each" else { return .error }
        if journal.failureBeforeAfterEach != nil {
            return journal.failureBeforeAfterEachByExpectation ? .expectation : .error
        }
        return journal.softFailureList != nil ? .expectation : .error
    }

    /// Where the fresh worker that ran the held test's after_each hooks was stopped: in its
    /// load of the file (`load`), in the before_all hooks that load runs first (`before_all`;
    /// red-team 49 A F2: named "after_each" when a test followed in the file) or in after_each.
    func heldHooksPhase(_ run: FileRun) -> String {
        guard run.loadedBySend else { return "load" }
        return run.journal().phase == "before_all" ? "before_all" : "after_each"
    }

    /// What the after_each hooks of `test` did in the fresh worker that ended while it ran
    /// them (for the held test: `releaseHeld`): when `stopped` (not by a signal), a failure
    /// saying why (stopped in `phase`) and, when the hooks had begun, the log, steps and soft
    /// failures they recorded before the stop, which are the test's as after a limit (red-team
    /// 19 F2: their soft failures were lost); else a passed outcome that adds nothing.
    func afterEachStopped(_ worker: Worker, _ run: FileRun, _ test: TestOutcome, phase: String, stopped: Bool)
        -> TestOutcome
    {
        var hooks = TestOutcome(name: test.name, file: run.file, line: test.line, verdict: .passed)
        guard stopped else { return hooks }
        hooks.verdict = .failed
        hooks.failureKind = .error
        // This worker's time, from its send to its stop, is the test's (red-team 47 A F2).
        hooks.wallSeconds = run.sentAt.map { ProcessInfo.processInfo.systemUptime - $0 }
        var message = testProblem(worker, run, test, phase: phase)
        if phase == "load" {
            message = "after_each did not run: loading the script again for them was stopped: " + message
        }
        let journal = run.journal()
        // What the load wrote (its before_all's captures and baselines too) is on disk: named
        // with the test whatever the stop hit (red-team 48 A F2).
        hooks.visuals += journal.visuals
        if journal.phase == "after_each" {
            hooks.log = journal.log
            hooks.steps = journal.steps
            if let soft = journal.softFailureList { message += "\nand " + soft }
            // The errors of the hooks before the stopped one (red-team 33 C1).
            if let before = journal.failureBeforeAfterEach, before.hasPrefix("in after_each: ") {
                message = MessageClip.joined([before, message], separators: ["; then, in after_each: "])
            }
        }
        hooks.failure = Diagnostic(file: run.file, line: test.line, message: message)
        return hooks
    }

    /// Shows the tests the script skips (`skip()`, `only()` elsewhere) after the last test of
    /// `run` that ran, when that test ended its worker (stuck, killed, stopped in its hooks or
    /// in after_all): no worker reports them then (a fresh one runs only the file's hooks), so
    /// they get their planned outcomes here, after the `(after_all)` entry as a live worker
    /// places them (red-team finding R1: they vanished from every report). Returns whether
    /// it added any: then `run`'s outcomes are ordered by the plan (`finish(complete:)`).
    @discardableResult
    func showSkippedLeft(_ run: FileRun, onOutcome: (TestOutcome) -> Void) -> Bool {
        guard let after = run.afterAllAfter, let planned = run.planned(decoder) else { return false }
        var added = false
        for index in planned.indices where index > after && run.outcomes[index] == nil {
            flushShown(run, onOutcome: onOutcome)  // the test waiting to be shown comes first
            run.outcomes[index] = planned[index]
            onOutcome(planned[index])
            added = true
        }
        return added
    }

    /// Shows every test of `run` with no outcome yet, with its planned one (skipped: the run
    /// was interrupted, or its own skip), once a stop signal ended its worker: the reports
    /// list them (`finish`), and so must the console and TAP (red-team finding 9-R6: a test
    /// stopped inside a library call left the rest of its file out of both).
    func showPlannedLeft(_ run: FileRun, planned: [TestOutcome], onOutcome: (TestOutcome) -> Void) {
        flushShown(run, onOutcome: onOutcome)
        for index in planned.indices where run.outcomes[index] == nil {
            // Named by the stop (`--max-failures` too, whose stop a worker stuck in C could
            // only take by ending: red-team 42 A3, "the run was interrupted" on the console).
            let outcome = namingTheStop(planned[index])
            run.outcomes[index] = outcome
            onOutcome(outcome)
        }
    }

    /// True for a planned test the script itself leaves out (`skip()`, `only()`): it would not
    /// have run the after_all hooks.
    static func skippedByTheScript(_ planned: TestOutcome) -> Bool {
        planned.skipReason != nil && planned.skipReason != "the run was interrupted"
    }
}
