import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Ending a file with its outcomes, and saying why a test or a file has none.
extension TestWorkerPool {
    /// Why the test running in `worker` has no result.
    /// `phase`: the part of the test's run it was in, when the caller knows it; else the one
    /// its records last said (`load` for the test's own fresh load).
    func testProblem(_ worker: Worker, _ run: FileRun, _ test: TestOutcome, phase known: String? = nil) -> String {
        let phase = known ?? run.journal().phase
        if let stuck = worker.stuck, phase == "load" {
            // A fresh load's top level has the load's own limit, not the test's watchdog
            // (red-team 38 M2: "more than 30 s (the watchdog)", stopped after 12 s; 39 M2b:
            // in the test's own load).
            return "the top level of \((run.file as NSString).lastPathComponent) " + Self.stuckLoading(stuck)
        }
        if let stuck = worker.stuck {
            let stopped =
                StuckLua.whereStopped(stuck.place, subject: stuck.subject) + "; its worker process was stopped"
            let seconds = settings.timeout ?? LuaLimits.standard.testWallSeconds
            // A prototype action's call gets the test's deadline when it comes before its own
            // 10 s: stopped past it, the test's watchdog is what ended it.
            let pastTestDeadline = ProcessInfo.processInfo.systemUptime - run.runningSince >= seconds
            if stuck.subject == run.file || pastTestDeadline {
                let origin =
                    settings.timeout == nil || settings.timeoutOrigin.hasPrefix("--")
                    ? "" : ", \(settings.timeoutOrigin)"
                let runner = ScriptRuntime.runner(
                    of: ScriptTest(name: test.name, line: test.line), phase: phase,
                    file: (run.file as NSString).lastPathComponent)
                let inAction = stuck.subject == run.file ? "" : " (in the prototype's Lua action, \(stuck.subject))"
                return
                    "\(runner) ran its Lua code for more than \(formatSeconds(seconds)) s of real time (the watchdog\(origin))\(inAction) \(stopped)"
            }
            return "\(stuck.subject) ran its Lua code for more than 10 s of real time during this test \(stopped)"
        }
        if let silence = worker.frozenFor { return frozenText(silence) }
        // In a hook or a load, it is named as a limit there names it (red-team 40 K1: `kill -9`
        // in before_each said "the worker running this test").
        let running =
            phase.map { _ in
                ScriptRuntime.runner(
                    of: ScriptTest(name: test.name, line: test.line), phase: phase,
                    file: (run.file as NSString).lastPathComponent)
            } ?? "this test"
        return "the worker running \(running) exited \(exitText(worker.process)) without its result"
            + errorTail(worker)
    }

    /// Why a worker the runner killed as frozen (`killFrozen`) ended, after `silence` seconds
    /// without a word.
    func frozenText(_ silence: Double) -> String {
        "its worker process stopped responding (stopped or frozen from outside?): its heartbeat stopped for \(formatSeconds(silence)) s of real time, so the run killed it"
    }

    /// Gives `outcome`, the test that was running when its worker ended (its failure says why),
    /// what the test recorded before: the steps, log entries and soft failures the worker
    /// streamed (`FileRun.records`), the soft failures listed after the reason as after any
    /// other ending; and says which failure files the report lacks, since only the worker
    /// could draw them.
    func keepRecords(of run: FileRun, in outcome: inout TestOutcome) {
        let journal = run.journal()
        run.records.removeAll()
        outcome.steps = journal.steps
        outcome.log = journal.log
        // The baselines it wrote and the failure images it left (red-team 46 A B1: in no report).
        outcome.visuals = journal.visuals
        detailBudget.admit(&outcome)
        guard var failure = outcome.failure else { return }
        var missing = settings.report != nil ? ["frame.png", "elements.txt", "timeline.txt"] : []
        if settings.video != .off { missing.append("video") }
        if !missing.isEmpty {
            let list =
                missing.count == 1 ? missing[0] : missing.dropLast().joined(separator: ", ") + " or " + missing.last!
            failure.message += " (no \(list) for this test: the worker process that writes them ended inside it)"
        }
        if let soft = journal.softFailureList { failure.message += "\nand " + soft }
        outcome.failure = failure
    }

    /// How a worker stuck while loading a file ended (the load's own 10 s limit, not the
    /// test's watchdog): `did not finish loading within 10 s of real time: …`.
    static func stuckLoading(_ stuck: (reason: LuaWatchdog.Reason, subject: String, place: LuaWatchdog.Place?))
        -> String
    {
        "did not finish loading within 10 s of real time: its Lua code was stuck \(StuckLua.whereStopped(stuck.place, subject: stuck.subject)); its worker process was stopped"
    }

    /// Why the file in `worker` did not load.
    func loadProblem(_ worker: Worker, _ run: FileRun) -> Diagnostic {
        if let stuck = worker.stuck {
            return Diagnostic(
                file: stuck.subject.isEmpty ? run.file : stuck.subject,
                message: Self.stuckLoading(stuck))
        }
        if let silence = worker.frozenFor {
            return Diagnostic(file: run.file, message: "did not finish loading: " + frozenText(silence))
        }
        return Diagnostic(
            file: run.file,
            message: "the worker running this file exited \(exitText(worker.process)) without results"
                + errorTail(worker))
    }

    func exitText(_ process: WorkerProcess) -> String {
        guard process.terminationReason == .uncaughtSignal else { return "with status \(process.terminationStatus)" }
        let number = process.terminationStatus
        // A stop signal ends a worker only when it was sent to the worker alone: the run's own
        // (forwarded by the runner, or a terminal's) stops its test as interrupted.
        let outside = Interruption.signals.contains(number) ? ", sent to it alone from outside the run" : ""
        return "on signal \(number)" + (Self.signalName(number).map { " (\($0)\(outside))" } ?? "")
    }

    /// `SIGTERM` for 15, `signal 42` for a number `signalName` does not know: a signal as
    /// messages and reports name it.
    static func shownSignal(_ number: Int32) -> String { signalName(number) ?? "signal \(number)" }

    /// `SIGTERM` for 15: the name of a signal a worker may end by, nil for others.
    static func signalName(_ number: Int32) -> String? {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
            SIGVTALRM: "SIGVTALRM", SIGPWR: "SIGPWR", SIGSYS: "SIGSYS",
        ]
        return names[number]
    }

    func errorTail(_ worker: Worker) -> String {
        let stderr = (try? String(contentsOfFile: worker.errors, encoding: .utf8)) ?? ""
        let tail = stderr.split(separator: "\n").suffix(5).joined(separator: " | ")
        return tail.isEmpty ? "" : ": \(MessageClip.clip(tail))"
    }

    /// Ends a file the run stops before it is done: one that never began is not run; one
    /// resumed after its worker ended (a test stuck in a library call, a crash) keeps the
    /// outcomes already received, and its tests not reached get their planned outcomes (red-team
    /// finding M17: the stop reported such a file as not run and lost its failure).
    /// A file resumed that way is shown too: the test held for its after_each hooks, which
    /// now never run, and the tests not reached, each with why it was not run (red-team finding
    /// R7: with `--max-failures` reached by the test that ended its worker, the console and
    /// TAP had no line for the file, and TAP said `1..0`).
    func settleUnfinished(_ run: FileRun, onOutcome: (TestOutcome) -> Void) {
        // A test whose after_each hooks were still to run in a fresh worker when the failure
        // limit stopped the run: it says so (red-team 34 C4: they were left out without a word).
        if let position = run.heldForAfterEach, notRunReason != "interrupted", let test = run.outcomes[position] {
            var hooks = TestOutcome(name: test.name, file: run.file, line: test.line, verdict: .failed)
            hooks.failure = Diagnostic(
                file: run.file, line: test.line,
                message:
                    "in after_each: \(run.afterEachSkip > 0 ? "the hooks after number \(run.afterEachSkip)" : "its hooks") were not run: \(notRunReason) (they were to run in a fresh worker, its worker process having been stopped)"
            )
            releaseHeld(run, adding: hooks, onOutcome: onOutcome)
        }
        releaseHeld(run, onOutcome: onOutcome)
        flushShown(run, onOutcome: onOutcome)
        // After a signal the tests left are only in the reports, as for a live worker.
        if !run.outcomes.isEmpty, notRunReason != "interrupted", let planned = run.planned(decoder) {
            for index in planned.indices where run.outcomes[index] == nil {
                var outcome = planned[index]
                if outcome.skipReason == "the run was interrupted" { outcome.skipReason = "not run: " + notRunReason }
                run.outcomes[index] = outcome
                onOutcome(outcome)
            }
        }
        finish(run, notRun: run.outcomes.isEmpty)
    }

    /// Ends `run` with its outcomes in run order (a test never reached gets its planned
    /// outcome: skipped because the run was interrupted, or its own skip). `wallSeconds` is
    /// the worker's own figure for a file it ran whole, else the time since the file's plan.
    /// `complete`: the worker finished the file, so every test has its outcome.
    func finish(
        _ run: FileRun, loadProblems: [Diagnostic] = [], timeline: TimelineRun? = nil, wallSeconds: Double? = nil,
        complete: Bool = false, notRun: Bool = false, writeProblems: [String]? = nil
    ) {
        if run.plannedLine == nil && run.result == nil {
            settledFiles += 1
            onPlanned(0, settledFiles >= totalFiles)
        }
        if notRun {
            run.result = ScriptFileResult.notRun(run.file, reason: notRunReason)
            return
        }
        // A file that could not load counts towards --max-failures wherever that was found:
        // by the worker (a syntax error) or here (the load got stuck and the watchdog ended
        // its worker, no worker could be started).
        if !loadProblems.isEmpty { failures += 1 }
        let outcomes: [TestOutcome]
        if complete, run.outcomes.keys.max() == run.outcomes.count - 1 {
            // Every test sent its outcome: the plan adds nothing.
            outcomes = (0..<run.outcomes.count).map { run.outcomes[$0]! }
        } else {
            let planned = run.planned(decoder) ?? []
            // Outcomes past the plan: the (after_all) entry, placed right after the last test
            // that ran, as a worker that runs the whole file places it.
            let extra = run.outcomes.keys.filter { $0 >= planned.count }.sorted().compactMap { run.outcomes[$0] }
            var all = planned.indices.map { run.outcomes[$0] ?? planned[$0] }
            all.insert(contentsOf: extra, at: min(all.count, (run.afterAllAfter ?? all.count - 1) + 1))
            outcomes = all
        }
        let now = Date().timeIntervalSince1970
        var ended = endedAt[run.file] ?? [:]
        for outcome in outcomes where ended[outcome.name] == nil { ended[outcome.name] = now }
        ended[""] = now
        endedAt[run.file] = ended
        var result = ScriptFileResult(file: run.file, outcomes: outcomes, loadProblems: loadProblems)
        result.wallSeconds = wallSeconds ?? run.started.map { ProcessInfo.processInfo.systemUptime - $0 }
        // After a stopped worker, the parts every worker handed over as its tests ended.
        let whole = run.timelineBroken ? run.streamedTimeline : timeline
        run.streamedTimeline = nil
        result.timeline = whole.map { timelineBudget.admit($0, part: "this file") }
        result.writeProblems = writeProblems
        run.result = result
    }
}
