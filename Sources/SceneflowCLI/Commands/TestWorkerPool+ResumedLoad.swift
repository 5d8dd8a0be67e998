import Foundation
import SceneflowCore
import SceneflowRunner

/// A file whose worker was stopped goes on in a fresh worker, whose load of the file is one
/// more fresh load, as each test's is in a live worker: it must succeed and declare what the
/// first load declared (`WorkerRequest.digest`). Red-team 40 W1: a test or hook declared only
/// in that load ran, and a test that fails alone passed; L1: when it failed, the tests left
/// vanished from every report and the file read as a load error (exit 65).
extension TestWorkerPool {
    /// Fails what the worker that could not load `run` again was to run, with `loadProblem`
    /// (its load's error, or that it declared other tests or hooks), as a live worker fails a
    /// test whose fresh load fails: the test held for its after_each hooks gets `after_each did
    /// not run: …`, each test left `loading the script again failed: …` (those past
    /// `--max-failures` are not run), and a worker that was to run only the after_all hooks
    /// gives their entry `after_all did not run: …`.
    func failLeft(_ run: FileRun, loadProblem: Diagnostic, onOutcome: (TestOutcome) -> Void) {
        var problem = loadProblem
        if !problem.message.contains("gave a different result when loaded again") {
            problem.message = "loading the script again failed: " + problem.message
        }
        if let position = run.heldForAfterEach, let held = run.outcomes[position] {
            // Only a file with after_each hooks has them not run (red-team 41 N1).
            let hooks = run.declaresHooks.afterEach ? HeadlessTestRunner.afterEachNotRun(problem, for: held) : nil
            releaseHeld(run, adding: hooks, onOutcome: onOutcome)
        }
        flushShown(run, onOutcome: onOutcome)
        guard let planned = run.planned(decoder) else { return }
        if run.afterAllOnly || run.declaresHooks.afterAll {
            // The after_all hooks: their entry says they did not run, after the tests left
            // (red-team 41 L2).
            if !run.afterAllOnly { failTestsLeft(run, planned: planned, problem: problem, onOutcome: onOutcome) }
            let after = min(run.afterAllAfter ?? planned.count - 1, planned.count - 1)
            var failure = problem
            failure.message = "after_all did not run: " + problem.message
            if failure.line == nil, planned.indices.contains(after) { failure.line = planned[after].line }
            let entry = Self.joined(
                run.partialAfterAll, HeadlessTestRunner.afterAllEntry(failure, file: run.file, seconds: nil))
            run.partialAfterAll = nil
            failures += 1
            run.outcomes[planned.count] = entry
            onOutcome(entry)
            return
        }
        failTestsLeft(run, planned: planned, problem: problem, onOutcome: onOutcome)
    }

    /// Fails each test of `planned` left to run with `problem` (past `--max-failures`, not run).
    private func failTestsLeft(
        _ run: FileRun, planned: [TestOutcome], problem: Diagnostic, onOutcome: (TestOutcome) -> Void
    ) {
        for position in planned.indices where position >= run.next && run.outcomes[position] == nil {
            var outcome = planned[position]
            // Its own skip reason (`skip()`) stands; the placeholder of a test to run does not.
            guard outcome.skipReason == "the run was interrupted" else { continue }
            if let limit = settings.maxFailures, failures >= limit {
                outcome = namingTheStop(outcome)
            } else {
                outcome.verdict = .failed
                outcome.skipReason = nil
                outcome.failure = problem
                outcome.failureKind = .error
                failures += 1
            }
            run.outcomes[position] = outcome
            onOutcome(outcome)
        }
        run.next = planned.count
    }
    /// Handles a worker going on with `run` after another was stopped in it, which ended before
    /// it finished loading the file (stuck in C at the top level, frozen, killed): that load
    /// was the one made for the next test, so the tests left fail with its stop, as when it
    /// fails with an error (`failLeft`). Returns whether it did; not for a worker stopped by a
    /// signal, one made to run a held test's after_each hooks or only the after_all hooks
    /// (those say it themselves), or one that ended cleanly before taking the file. Red-team
    /// 41 A H1: nothing was charged, and a fresh worker, stuck the same way, was started for
    /// the same test every 10 s without end.
    func endedInResumedLoad(
        _ worker: Worker, _ run: FileRun, stoppedBySignal: Bool, onOutcome: (TestOutcome) -> Void
    ) -> Bool {
        let endedCleanly =
            worker.stuck == nil && worker.frozenFor == nil && worker.process.terminationReason == .exit
            && worker.process.terminationStatus == 0
        guard run.sends > 1, !run.loadedBySend, !stoppedBySignal, !endedCleanly, run.heldForAfterEach == nil,
            !run.afterAllOnly, run.running == nil
        else { return false }
        var problem = loadProblem(worker, run)
        if worker.stuck != nil {
            problem = Diagnostic(
                file: run.file,
                message: "the top level of \((run.file as NSString).lastPathComponent) " + problem.message)
        }
        failLeft(run, loadProblem: problem, onOutcome: onOutcome)
        finish(run)
        return true
    }
}
