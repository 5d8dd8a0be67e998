import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// A worker that ended in a file's after_all hooks, or one that ran only a file's hooks:
/// whose entry the stop is, and what still runs after it.
extension TestWorkerPool {
    /// The test at `position` of `run` ended its worker inside the file's after_all hooks:
    /// it gets the verdict it had before them (with its soft failures, steps and log), and
    /// the stop becomes the file's `(after_all)` entry.
    func endedInAfterAll(
        _ worker: Worker, _ run: FileRun, position: Int, planned: [TestOutcome], onOutcome: (TestOutcome) -> Void
    ) {
        let test = planned[position]
        let journal = run.journal()
        let reason = testProblem(worker, run, test)
        var outcome = TestOutcome(name: test.name, file: run.file, line: test.line, verdict: .passed)
        // The test's own time: the hooks' is the (after_all) entry's.
        outcome.wallSeconds = (run.afterAllSince ?? ProcessInfo.processInfo.systemUptime) - run.runningSince
        outcome.steps = journal.steps
        outcome.log = journal.log
        outcome.visuals = journal.visuals
        if let before = journal.failureBeforeAfterAll {
            outcome.verdict = .failed
            // Lua's `walk.lua:4: message`: the line goes to the diagnostic, as in a live worker.
            var failure = Diagnostic(luaMessage: before, file: run.file, line: test.line)
            if let soft = journal.softFailureList { failure.message += "\nand " + soft }
            outcome.failure = failure
        } else if let soft = journal.softFailureList {
            outcome.verdict = .failed
            outcome.failure = Diagnostic(file: run.file, line: test.line, message: soft)
            outcome.failureKind = .expectation
        } else if !outcome.warnings.isEmpty {
            outcome.verdict = .warned
        }
        run.records.removeAll()
        if outcome.failsTheRun { failures += 1 }
        // At the line of the hook that was running (red-team finding o11: the last test's).
        let entry = HeadlessTestRunner.afterAllEntry(
            Diagnostic(file: run.file, line: journal.phaseLine ?? test.line, message: reason), file: run.file,
            seconds: run.afterAllSince.map { ProcessInfo.processInfo.systemUptime - $0 })
        failures += 1
        run.outcomes[position] = outcome
        run.outcomes[planned.count] = entry
        run.afterAllAfter = position
        run.running = nil
        run.next = planned.count
        onOutcome(outcome)
        onOutcome(entry)
    }

    /// The worker that ran only the file's hooks (`FileRun.afterAllOnly`) ended before they
    /// did: without a signal, the file gets the `(after_all)` entry saying why, after the test
    /// the hooks ran after (which keeps its verdict). After a stop signal that ended the
    /// after_all hooks, the entry is interrupted, as a live worker reports it (red-team finding
    /// 9-R9: it vanished and the reports said every test passed); stopped before them, the
    /// file just ends. Stopped (not by a signal) inside after_all hook number n, the entry
    /// waits (`FileRun.partialAfterAll`) while one more worker runs the hooks after it, and
    /// this returns true: the caller hands the file on (red-team 33 C1).
    @discardableResult
    func endedInHooksOnly(
        _ worker: Worker, _ run: FileRun, planned: [TestOutcome], interrupted: Bool, stoppedBySignal: Bool = false,
        onOutcome: (TestOutcome) -> Void
    ) -> Bool {
        run.afterAllOnly = false
        run.running = nil
        run.next = planned.count
        guard let position = run.afterAllAfter, planned.indices.contains(position) else {
            flushPartialAfterAll(run, at: planned.count, onOutcome: onOutcome)
            return false
        }
        let journal = run.journal()
        let inAfterAll = journal.phase == "after_all"
        // Ended in the load that runs them, before they began (its top level or before_all);
        // or in this worker's own load of the file, which is theirs when no after_each hooks
        // were held (red-team 42 A1, A2: blamed on the test's watchdog, or dropped after a
        // stop signal).
        let loadBegun = run.afterAllLoadBegun || !run.loadedBySend
        run.afterAllLoadBegun = false
        // The earlier loads of the hooks in this worker come first (red-team 34 C2).
        if let loads = run.loadsSoFar {
            run.loadsSoFar = nil
            run.partialAfterAll = Self.joined(run.partialAfterAll, loads)
        }
        if stoppedBySignal && (inAfterAll || loadBegun) {
            // "was stopped: stopped after 1 failure (--max-failures)", as a live worker words it
            // (red-team 43 A F4: "was stopped: not run: …").
            let stop = notRunReason == "interrupted" ? "the run was interrupted" : notRunReason
            // After the errors and soft failures the hooks had before the signal (red-team 34 C3).
            var parts = journal.afterAllFailures
            if let soft = journal.softFailureList { parts.append(soft) }
            let before = parts.isEmpty ? "" : Self.afterAllMessage(parts) + "; then, "
            var entry = HeadlessTestRunner.afterAllEntry(
                Diagnostic(
                    file: run.file, line: journal.phaseLine ?? planned[position].line,
                    message: before + "after_all was stopped: " + stop),
                file: run.file,
                seconds: run.afterAllEntrySince.map { ProcessInfo.processInfo.systemUptime - $0 })
            entry.verdict = .interrupted
            entry.log = journal.log
            entry.steps = journal.steps
            entry.visuals = journal.visuals
            run.records.removeAll()
            entry = Self.joined(run.partialAfterAll, entry)
            run.partialAfterAll = nil
            if entry.failsTheRun { failures += 1 }
            run.outcomes[planned.count] = entry
            onOutcome(entry)
            return false
        }
        guard !interrupted else {
            flushPartialAfterAll(run, at: planned.count, onOutcome: onOutcome)
            return false
        }
        // Stopped in the top level of the load made for the hooks (its records were cleared
        // when it began; a later before_all or after_all sets the phase): none of them ran
        // (red-team 37 M1: the stop was blamed on the test before).
        let inTopLevel = loadBegun && !inAfterAll && journal.phase != "before_all"
        var reason = testProblem(worker, run, planned[position], phase: inTopLevel ? "load" : nil)
        if inTopLevel { reason = "after_all did not run: loading the script again for them was stopped: " + reason }
        if inAfterAll, !journal.afterAllFailures.isEmpty {
            // The errors of the hooks before the stopped one come first, as in a live worker.
            reason = Self.afterAllMessage(journal.afterAllFailures, then: reason)
        }
        let inBeforeAll = loadBegun && journal.phase == "before_all"
        // As a live worker words a limit there (red-team 43 A F2: the stop read as before_all
        // failing for the tests, which had passed).
        if inBeforeAll { reason = "before_all, run again for the after_all hooks, was stopped: " + reason }
        let line = inAfterAll || inBeforeAll ? journal.phaseLine : nil
        // What the after_all hooks recorded before the stop is their entry's (red-team
        // finding T7: their soft failures failed the last test).
        if inAfterAll, let soft = journal.softFailureList { reason += "\nand " + soft }
        run.records.removeAll()
        var entry = HeadlessTestRunner.afterAllEntry(
            Diagnostic(file: run.file, line: line ?? planned[position].line, message: reason), file: run.file,
            seconds: run.afterAllEntrySince.map { ProcessInfo.processInfo.systemUptime - $0 })
        if inAfterAll {
            entry.log = journal.log
            entry.steps = journal.steps
            entry.visuals = journal.visuals
        }
        entry = Self.joined(run.partialAfterAll, entry)
        if inBeforeAll, !run.withoutBeforeAll {
            // Stopped in before_all, run again for the after_all hooks: they still run, in one
            // more worker that leaves it out, and follow this stop (red-team 36 W2).
            run.partialAfterAll = entry
            run.withoutBeforeAll = true
            run.afterAllOnly = true
            return true
        }
        if inAfterAll, let number = journal.hookNumber, number > run.afterAllSkip {
            // The hooks after the stopped one still run, in one more worker.
            run.partialAfterAll = entry
            run.afterAllSkip = number
            run.afterAllOnly = true
            return true
        }
        run.partialAfterAll = nil
        failures += 1
        run.outcomes[planned.count] = entry
        onOutcome(entry)
        return false
    }

    /// `later` joined to `earlier` (`HeadlessTestRunner.joinAfterAll`), or `later` alone.
    static func joined(_ earlier: TestOutcome?, _ later: TestOutcome) -> TestOutcome {
        guard var entry = earlier else { return later }
        HeadlessTestRunner.joinAfterAll(later, to: &entry)
        return entry
    }

    /// `in after_all: A; then, in after_all: B` for the after_all hooks' failures `parts` (not
    /// empty; before_all's in their load first, as `AfterAllMessage` words it), each keeping
    /// its share of the message, then `stop` after `; then, ` when given.
    static func afterAllMessage(_ parts: [String], then stop: String? = nil) -> String {
        AfterAllMessage.joined(parts, then: stop)
    }

    /// Shows the `(after_all)` entry of a stop that waited for the hooks after it
    /// (`FileRun.partialAfterAll`), as the file's entry at `index`, when they gave none.
    func flushPartialAfterAll(_ run: FileRun, at index: Int, onOutcome: (TestOutcome) -> Void) {
        guard let entry = run.partialAfterAll else { return }
        run.partialAfterAll = nil
        if entry.failsTheRun { failures += 1 }
        run.outcomes[index] = entry
        onOutcome(entry)
    }
}
