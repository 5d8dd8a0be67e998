import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Reading the events a worker writes, and showing held tests once what joins them came.
extension TestWorkerPool {
    /// Reads what `worker` wrote and applies each complete line to the file it runs. With
    /// `stopAfterFile`, stops after the line that gives a file its result, leaving the lines
    /// after it for the next call, and returns true then: the caller shows that result before
    /// the next file's outcomes (the serial console and TAP; a load error was shown after the
    /// next file's first test when both came in one read).
    @discardableResult
    func read(_ worker: Worker, onOutcome: (TestOutcome) -> Void, stopAfterFile: Bool = false) -> Bool {
        var settled = false
        let fd = worker.events.fileHandleForReading.fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            worker.lastHeard = ProcessInfo.processInfo.systemUptime
            worker.buffer.append(contentsOf: chunk[0..<count])
        }
        var start = worker.buffer.startIndex
        while !settled, let newline = worker.buffer[start...].firstIndex(of: 10) {
            let line = worker.buffer[start..<newline]
            start = newline + 1
            if line.elementsEqual(TestWorker.heartbeat) { continue }  // only says the worker lives
            if line.first == TestRecordEvent.lineMark {
                // After the file's last test ended, its after_all hooks run in a fresh load of
                // their own: from their first record on, the worker is as one that runs only
                // them (a stop there is the file's (after_all) entry, never a test's).
                if let run = worker.assigned.first, run.running == nil, !run.afterAllOnly, run.next > 0,
                    line.starts(with: Self.afterAllPhasePrefix)
                {
                    run.afterAllOnly = true
                    run.afterAllAfter = run.next - 1
                    run.records.removeAll(keepingCapacity: true)
                }
                // Kept as they came, read only if the worker ends inside the test, or inside the
                // after_each hooks a fresh worker runs first for the test held for them (red-team
                // 19 F2, F3: what those hooks recorded was dropped).
                if let run = worker.assigned.first,
                    run.running != nil || run.afterAllOnly || run.heldForAfterEach != nil
                {
                    // Each after_all hook says so (with its line): the first began their time.
                    // In a load that runs only the hooks, what its before_all recorded is no
                    // part of the (after_all) entry.
                    if run.afterAllOnly, run.running == nil, run.afterAllSince != nil,
                        line.elementsEqual(TestRecordEvent.reset.line.dropLast())
                    {
                        foldAfterAllLoad(run)  // a fresh load of the after_all hooks begins
                    }
                    if run.afterAllSince == nil, line.starts(with: Self.afterAllPhasePrefix) {
                        run.afterAllSince = ProcessInfo.processInfo.systemUptime
                        if run.afterAllOnly && run.running == nil { run.records.removeAll(keepingCapacity: true) }
                    }
                    run.records.append(worker.buffer[line.startIndex..<start])
                }
                continue
            }
            if line.starts(with: Self.plannedPrefix) {
                if let run = worker.assigned.first, run.plannedLine == nil {
                    run.plannedLine = Data(line)
                    run.started = ProcessInfo.processInfo.systemUptime
                    if run.result == nil { settledFiles += 1 }
                }
                continue
            }
            // The two most frequent lines are read without JSONDecoder (half the runner's CPU).
            let decoded: WorkerEvent
            if let position = WorkerEvent.integer(line, after: WorkerEvent.startedPrefix) {
                decoded = .started(position)
            } else if let count = WorkerEvent.integer(line, after: WorkerEvent.countPrefix) {
                decoded = .count(count)
            } else if let seconds = WorkerEvent.seconds(line) {
                decoded = .done(seconds)
            } else if let event = try? decoder.decode(WorkerEvent.self, from: line) {
                decoded = event
            } else {
                continue
            }
            if case .stuck(let reason, let subject, let place) = decoded {
                worker.stuck = (reason, subject, place)
                continue
            }
            guard let run = worker.assigned.first else { continue }
            var event = decoded
            if case .endedFromRecords(let position, var outcome) = event {
                // The steps and log are those of the record lines since the test started.
                let journal = run.journal()
                outcome.steps = journal.steps
                outcome.log = journal.log
                event = .ended(position, outcome)
            }
            if case .ended(let position, var outcome) = event {
                if run.encoding?.position == position, let earlier = run.outcomes[position] {
                    // Its verdict came first (a video was still encoding) and was admitted
                    // then; the lines finishing the video added (a cut video's note) join it.
                    let added = Array(outcome.log.dropFirst(run.encodingLogLines))
                    outcome.steps = earlier.steps
                    outcome.log = earlier.log + (detailBudget.admit(joining: added) ?? added)
                } else {
                    detailBudget.admit(&outcome)
                }
                event = .ended(position, namingTheStop(outcome))
            }
            var verdictLogLines = 0
            if case .verdict(let position, var outcome, let video) = event {
                verdictLogLines = outcome.log.count
                detailBudget.admit(&outcome)
                event = .verdict(position, namingTheStop(outcome), video)
            }
            switch event {
            case .planned, .endedFromRecords: break  // read before (made `.ended` above)
            case .count(let count):
                // A file resumed by a fresh worker is counted once (`[2/3]` for 2 tests).
                if !run.countShown {
                    run.countShown = true
                    onPlanned(count, settledFiles >= totalFiles)
                }
            case .declared(let digest, let afterEach, let afterAll):
                run.loadedBySend = true
                if run.digest == nil {
                    run.digest = digest
                    run.declaresHooks = (afterEach, afterAll)
                }
            case .started(let position):
                flushShown(run, onOutcome: onOutcome)
                run.running = position
                run.runningSince = ProcessInfo.processInfo.systemUptime
                run.records.removeAll(keepingCapacity: true)
                run.afterAllSince = nil
                run.afterAllLoadSince = nil
            case .verdict(let position, let outcome, let video):
                // Final: only the video can still be added (or noted as cut).
                run.encodingLogLines = verdictLogLines
                run.outcomes[position] = outcome
                run.running = nil
                run.records.removeAll(keepingCapacity: true)
                run.next = position + 1
                run.encoding = (position, video)
                if outcome.failsTheRun { failures += 1 }
            case .ended(let position, var outcome):
                if outcome.hook == "after_all" { run.loadsSoFar = nil }  // its entry holds them
                if outcome.hook == "after_all" {
                    // The hooks after one that stopped a worker: their entry joins the stop's.
                    outcome = Self.joined(run.partialAfterAll, outcome)
                    run.partialAfterAll = nil
                }
                endedAt[run.file, default: [:]][outcome.name] = Date().timeIntervalSince1970
                let earlier = run.encoding?.position == position ? run.outcomes[position] : nil
                run.encoding = nil
                run.outcomes[position] = outcome
                run.running = nil
                run.records.removeAll(keepingCapacity: true)
                run.next = position + 1
                if outcome.failsTheRun && earlier?.failsTheRun != true { failures += 1 }
                // A test is shown once what may still join it came: the log of after_all
                // hooks that run after it (red-team finding p15). An (after_all) entry follows
                // its test at once.
                flushShown(run, onOutcome: onOutcome)
                if outcome.hook == nil { run.shownLater = position } else { onOutcome(outcome) }
            case .timelinePart(let part, let clock): run.streamTimeline(part, clock: clock)
            case .read(let files): onRead(run.file, files)
            case .parameters(let keys): parametersRead.formUnion(keys)
            case .leftOutByOnly(let focus): leftOutByOnly[run.file] = focus
            case .afterAllLoad:
                // From here a stop is the (after_all) entry's, in this load's top level and
                // before_all too (red-team 36 W2, S1: it was dropped, the run green).
                run.afterAllLoadBegun = true
                run.afterAllLoadSince = ProcessInfo.processInfo.systemUptime
                if !run.afterAllOnly, run.running == nil, run.next > 0 {
                    run.afterAllOnly = true
                    run.afterAllAfter = run.next - 1
                    run.records.removeAll(keepingCapacity: true)
                }
            case .afterAllLog(let log, let visuals) where run.partialAfterAll != nil:
                // The hooks after one that stopped a worker held: their lines join its entry.
                run.partialAfterAll?.log += detailBudget.admit(joining: log) ?? log.filter { $0.level == .warning }
                run.partialAfterAll?.visuals += visuals
            case .afterAllLog(let log, let visuals):
                // The lines join the test the hooks ran after, which is shown now with them
                // (`shownLater`), or was already, after a stopped worker; the reports get them.
                if let position = run.afterAllAfter ?? (run.next > 0 ? run.next - 1 : nil),
                    var outcome = run.outcomes[position]
                {
                    outcome.log += detailBudget.admit(joining: log) ?? log.filter { $0.level == .warning }
                    outcome.visuals += visuals
                    run.outcomes[position] = outcome
                }
                flushShown(run, onOutcome: onOutcome)
            case .afterEach(let hooks):
                releaseHeld(run, adding: hooks, onOutcome: onOutcome)
            case .finished(let result) where result.notRun != nil:
                // The worker had seen --max-failures failures before this file's turn (a file
                // resumed after a stopped worker keeps the outcomes it has).
                releaseHeld(run, onOutcome: onOutcome)
                flushShown(run, onOutcome: onOutcome)
                if let planned = run.planned(decoder) {
                    flushPartialAfterAll(run, at: planned.count, onOutcome: onOutcome)
                }
                worker.assigned.removeFirst()
                finish(run, notRun: run.outcomes.isEmpty)
            case .finished(let result) where !result.loadProblems.isEmpty && run.sends > 1 && run.digest != nil:
                // A worker going on with the file after another was stopped in it: its load is
                // one more fresh load, and its failure is the tests' it was to run.
                failLeft(run, loadProblem: result.loadProblems[0], onOutcome: onOutcome)
                worker.assigned.removeFirst()
                finish(run, timeline: result.timeline, writeProblems: result.writeProblems)
            case .finished(let result):
                releaseHeld(run, onOutcome: onOutcome)
                flushShown(run, onOutcome: onOutcome)
                if let planned = run.planned(decoder) {
                    flushPartialAfterAll(run, at: planned.count, onOutcome: onOutcome)
                }
                worker.assigned.removeFirst()
                let hooksOnly = showSkippedLeft(run, onOutcome: onOutcome)
                finish(
                    run, loadProblems: result.loadProblems, timeline: result.timeline,
                    wallSeconds: run.sends == 1 ? result.wallSeconds : nil, complete: !hooksOnly,
                    writeProblems: result.writeProblems)
            case .done(let seconds):
                releaseHeld(run, onOutcome: onOutcome)
                flushShown(run, onOutcome: onOutcome)
                if let planned = run.planned(decoder) {
                    flushPartialAfterAll(run, at: planned.count, onOutcome: onOutcome)
                }
                worker.assigned.removeFirst()
                let hooksOnly = showSkippedLeft(run, onOutcome: onOutcome)
                finish(run, wallSeconds: run.sends == 1 ? seconds : nil, complete: !hooksOnly)
            case .stuck: break
            }
            if stopAfterFile, run.result != nil { settled = true }
        }
        worker.buffer.removeSubrange(worker.buffer.startIndex..<start)
        return settled
    }

    /// Shows the test held for its after_each hooks (`FileRun.heldForAfterEach`), with what
    /// they did (`hooks`, added as `HeadlessTestRunner.addAfterEach` adds it) when they ran,
    /// once what may still join it came (`FileRun.shownLater`).
    func releaseHeld(_ run: FileRun, adding hooks: TestOutcome? = nil, onOutcome: (TestOutcome) -> Void) {
        guard let position = run.heldForAfterEach else { return }
        run.heldForAfterEach = nil
        run.afterEachSkip = 0
        if run.heldUncounted { failures += 1 }
        run.heldUncounted = false
        guard var outcome = run.outcomes[position] else { return }
        if let hooks {
            HeadlessTestRunner.addAfterEach(hooks, to: &outcome)
            // The fresh worker's load and the hooks are the test's time (red-team 47 A F2).
            if let extra = hooks.wallSeconds { outcome.wallSeconds = (outcome.wallSeconds ?? 0) + extra }
        }
        run.outcomes[position] = outcome
        flushShown(run, onOutcome: onOutcome)
        run.shownLater = position
    }

    /// Keeps the test held for its after_each hooks (`FileRun.heldForAfterEach`) when the
    /// worker was stopped (not by a signal) inside one of them, numbered past those already
    /// left out: the stop (`hooks`) is added to the test, and the next worker runs the hooks
    /// after that one (`FileRun.afterEachSkip`), as a fresh load runs them after a limit
    /// (red-team 33 C1). False when the test is not held or the stop was elsewhere.
    func holdForTheRest(_ run: FileRun, adding hooks: TestOutcome, stoppedBySignal: Bool) -> Bool {
        let journal = run.journal()
        guard !stoppedBySignal, journal.phase == "after_each", let number = journal.hookNumber,
            number > run.afterEachSkip, let position = run.heldForAfterEach, var outcome = run.outcomes[position]
        else { return false }
        HeadlessTestRunner.addAfterEach(hooks, to: &outcome)
        if let extra = hooks.wallSeconds { outcome.wallSeconds = (outcome.wallSeconds ?? 0) + extra }
        run.outcomes[position] = outcome
        run.afterEachSkip = number
        return true
    }

    /// Adds what the after_all load that just ended recorded (its errors and stop, soft
    /// failures, log and steps; `TestRecordEvent.afterAllFailed`) to `FileRun.loadsSoFar`.
    func foldAfterAllLoad(_ run: FileRun) {
        let journal = run.journal()
        guard journal.phase == "after_all" else { return }
        var parts = journal.afterAllFailures
        if let soft = journal.softFailureList { parts.append(soft) }
        var entry = HeadlessTestRunner.afterAllEntry(
            Diagnostic(file: run.file, line: journal.phaseLine, message: ""), file: run.file, seconds: nil)
        if parts.isEmpty {
            entry.verdict = .passed
            entry.failure = nil
        } else {
            entry.failure?.message = Self.afterAllMessage(parts)
        }
        entry.log = journal.log
        entry.steps = journal.steps
        entry.visuals = journal.visuals
        run.loadsSoFar = Self.joined(run.loadsSoFar, entry)
    }

    /// Shows the test of `run` that waits to be shown (`FileRun.shownLater`), as it stands now.
    func flushShown(_ run: FileRun, onOutcome: (TestOutcome) -> Void) {
        guard let position = run.shownLater else { return }
        run.shownLater = nil
        if let outcome = run.outcomes[position] { onOutcome(outcome) }
    }

    /// How the record line that says the after_all hooks began starts (`~P`, tab, `after_all`).
    static let afterAllPhasePrefix = Array("~P\tafter_all\t".utf8)
}
