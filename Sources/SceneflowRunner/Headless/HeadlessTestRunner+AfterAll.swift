import Foundation
import SceneflowCore
import SceneflowLua

/// The `(after_all)` entry of a file, and running only some hooks of a file in a fresh load.
extension HeadlessTestRunner {
    /// The `(after_all)` entry of `file` for the failure of its after_all hooks, which ran for
    /// `seconds` of real time (nil: unknown), at the failure's line; the runner makes the same
    /// entry when a worker is stopped in those hooks.
    public static func afterAllEntry(_ failure: Diagnostic, file: String, seconds: Double?) -> TestOutcome {
        var entry = TestOutcome(
            name: TestOutcome.afterAllName, file: file, line: failure.line ?? 0, verdict: .failed, failure: failure,
            wallSeconds: seconds)
        entry.failureKind = .error
        entry.hook = "after_all"
        return entry
    }

    /// What the hooks a fresh load ran for an ended test gave: with `HooksOnly.afterEach`, the
    /// after_each hooks' run (its failure, log and steps, which are the test's:
    /// `addAfterEach(_:to:)`), and the file's `(after_all)` entry when its after_all hooks ran
    /// and failed.
    struct HooksRun {
        var afterEach: TestOutcome?
        var afterAll: TestOutcome?
        /// With `HooksOnly.afterAll`: what the after_all hooks logged (each line marked with
        /// its hook), which goes to the log of the test they ran after.
        var afterAllLog: [TestLogEntry] = []
        /// With `HooksOnly.afterAll`, when they held: their captures and visual checks (files in
        /// the after_all folder), which go to the test they ran after, as their log does.
        var afterAllVisuals: [VisualRecord] = []
        /// With `HooksOnly.afterAll`: how a limit stopped before_all in that load, before the
        /// after_all hooks began (nil when it did not).
        var beforeAllStop: Diagnostic? = nil
    }

    /// Runs only the `hooks` of `file` (after its before_all hooks, for their globals, unless
    /// `withoutBeforeAll`) as after test `index`, in `runtime`, a fresh load: the after_all
    /// hooks too when `last`. Their records go to `onRecord` as they happen when `last`,
    /// `streamsRecords` or `hooks` is `.afterAll`. With `.afterAll`, what the hooks write
    /// (screenshot failures, captures, and with `artifacts` the failure's frame, element tree
    /// and timeline) goes to a folder named for the `(after_all)` entry, numbered after the
    /// file's tests, and the entry names it (red-team finding p17: the last test's folder).
    /// `failureBefore`: how the test failed before `.afterEach` hooks (see `ScriptRuntime.start`).
    /// `skipping`: the first hooks of the kind left out (they ran, the last of them stopped).
    func runHooksOnly(
        _ hooks: HooksOnly, _ file: String, _ tests: [ScriptTest], test index: Int, last: Bool,
        runtime: ScriptRuntime, checker: ScreenshotChecker, prototype: Prototype, withoutBeforeAll: Bool = false,
        streamsRecords: Bool = false, artifacts: FailureArtifacts? = nil, failureBefore: String? = nil,
        skipping: Int = 0, beforeAllFailedInTests: Bool = false
    ) -> HooksRun {
        let session = Session(prototype: prototype)
        session.timelineEventLimit = options.timelineEventsPerTest
        // The ended test's records stay the runner's: a worker stopped in these hooks keeps
        // what the test recorded, not what this load's before_all did. A last test's hooks are
        // streamed (the runner holds that test already), so a stop names the hook it was in.
        runtime.onRecord = hooks == .afterAll || last || streamsRecords ? onRecord : nil
        runtime.bind(session)
        runtime.visualChecks = checker
        if hooks == .afterAll {
            checker.begin(test: TestOutcome.afterAllName, index: tests.count)
        } else {
            checker.begin(test: tests[index].name, index: index)
        }
        let outcome = runTest(
            index, tests[index], file: file, runtime: runtime, session: session, clock: VirtualClock(), recorder: nil,
            video: nil, last: last, first: false, hooksOnly: hooks, withoutBeforeAll: withoutBeforeAll,
            failureBefore: failureBefore, skippingHooks: skipping)
        // before_all failing here as it did for the tests is theirs, reported with each.
        if beforeAllFailedInTests { runtime.forgetBeforeAllFailure() }
        var afterAll = runtime.afterAllFailure.map {
            Self.afterAllEntry($0, file: file, seconds: runtime.afterAllWallSeconds)
        }
        // Hooks that held but warned have their own entry too, passed with warnings: they ran
        // after every test, so the warning is none of theirs (red-team finding m2).
        if hooks == .afterAll, afterAll == nil, !outcome.warnings.isEmpty {
            afterAll = Self.afterAllEntry(
                Diagnostic(file: file, line: outcome.warnings[0].line, message: ""), file: file,
                seconds: runtime.afterAllWallSeconds)
            afterAll?.verdict = .warned
            afterAll?.failure = nil
            afterAll?.failureKind = nil
        }
        // Soft failures the hooks recorded before a limit stopped them are the entry's (red-team
        // finding p16: the watchdog's entry dropped them; a stuck call's kept them).
        if hooks == .afterAll, let soft = outcome.failure?.message, outcome.failureKind == .expectation,
            let message = afterAll?.failure?.message, !message.contains(soft)
        {
            afterAll?.failure?.message = message + "\nand " + soft
        }
        // A stop that ended the load before the hooks were done (in its before_all, or in hooks
        // that had not failed yet) leaves an entry too: never silence, and never a run that
        // reads as whole (red-team 36 S1: exit 0, "after every test had run").
        if hooks == .afterAll, afterAll == nil, outcome.verdict == .interrupted {
            afterAll = Self.afterAllEntry(
                Diagnostic(file: file, line: outcome.failure?.line ?? tests[index].line, message: ""), file: file,
                seconds: runtime.afterAllWallSeconds)
        }
        // The clock time the hooks used, as a test's own (red-team 46 A C1: always 0 s).
        afterAll?.clockSeconds = runtime.afterAllClockStart.map { ClockTicks.between($0, session.now) } ?? 0
        // A stop signal (or --max-failures) ended the hooks: the entry is interrupted and says
        // so, not a failure with the watchdog's message (red-team finding T12).
        if afterAll != nil, shouldStop() {
            afterAll?.verdict = .interrupted
            // After the errors the hooks raised before the stop (red-team 34 C3: dropped).
            let stop = "after_all was stopped: \(stopReason())"
            var message = runtime.afterAllErrors.map { $0.message + "; then, " + stop } ?? stop
            if hooks == .afterAll, let soft = runtime.unreportedSoftFailures ?? runtime.afterAllSoftAtStop {
                message += "\nand " + soft
            }
            afterAll?.failure?.message = message
        }
        // A failing or warning after_all's steps and log are its entry's; a holding one's log
        // joins the test's (`afterAllLog`).
        if hooks == .afterAll, var entry = afterAll {
            entry.steps = outcome.steps
            entry.log = outcome.log
            entry.visuals = checker.records
            if let artifacts {
                let saved = artifacts.write(for: entry, index: tests.count, session: session)
                entry.artifacts = saved.written
                if let problem = saved.problem { entry.failure?.message += " (and \(problem))" }
            }
            afterAll = entry
        }
        let holding = hooks == .afterAll && afterAll == nil
        let beforeAllStop =
            hooks == .afterAll && !withoutBeforeAll && runtime.stoppedInBeforeAll && outcome.verdict == .failed
            ? outcome.failure : nil
        // The after_each hooks' checks are the test's (red-team 47 A F2: in no report).
        var afterEach = outcome
        afterEach.visuals = checker.records
        return HooksRun(
            afterEach: hooks == .afterEach ? afterEach : nil, afterAll: afterAll,
            afterAllLog: holding ? outcome.log : [], afterAllVisuals: holding ? checker.records : [],
            beforeAllStop: beforeAllStop)
    }

    /// Runs the after_each hooks of test `index`, which ended its worker process before them, in
    /// `runtime` (a fresh load) and hands what they did to `onAfterEach`, always (a passed
    /// outcome when the file has none, without running its Lua); gives `runtime` back when it
    /// was not used.
    /// The hooks after `Options.afterEachSkip` run (the worker before was stopped inside that
    /// one); a limit that stops one of them leaves the ones after it to another load from
    /// `reload` (red-team 33 C1).
    /// `since`: when this worker's load of the file began (`systemUptime`); the hooks' outcome
    /// is charged from there (red-team 47 A F2: that time was no entry's), and the pool adds it
    /// to the test's.
    func runAfterEachFirst(
        _ file: String, _ tests: [ScriptTest], test index: Int, runtime: ScriptRuntime, checker: ScreenshotChecker,
        prototype: Prototype, since: Double, reload: () -> Result<ScriptRuntime, Diagnostic>
    ) -> ScriptRuntime? {
        guard runtime.hasAfterEachHooks else {
            let test = tests[index]
            onAfterEach(TestOutcome(name: test.name, file: file, line: test.line, verdict: .passed))
            return runtime
        }
        var ended = runtime
        var skip = options.afterEachSkip
        var outcome: TestOutcome?
        loads: while true {
            // Streamed: a worker stopped inside them keeps what they recorded (the `.reset` of
            // the before_all that ran first leaves that hook's records out).
            let hooks = runHooksOnly(
                .afterEach, file, tests, test: index, last: false, runtime: ended, checker: checker,
                prototype: prototype, streamsRecords: true, skipping: skip)
            if let ran = hooks.afterEach {
                if outcome == nil { outcome = ran } else { Self.addAfterEach(ran, to: &outcome!) }
            }
            guard let rest = ended.hooksAfterStop, rest.kind == .afterEach, rest.skip > skip, !shouldStop() else {
                break
            }
            switch reload() {
            case .success(let again): ended = again
            case .failure(let problem):
                // The hooks after the stopped one cannot run: the test's failure says why.
                if var ran = outcome {
                    Self.addAfterEach(Self.afterEachNotRun(problem, for: ran), to: &ran)
                    outcome = ran
                }
                break loads
            }
            skip = rest.skip
        }
        if var outcome {
            outcome.wallSeconds = ProcessInfo.processInfo.systemUptime - since
            onAfterEach(outcome)
        }
        return nil
    }

    /// True when `outcome` (a test's) failed in the file's before_all hooks: its failure is
    /// theirs (`in before_all: …`).
    public static func failedInBeforeAll(_ outcome: TestOutcome?) -> Bool {
        outcome?.failure?.message.hasPrefix("in before_all: ") == true
    }

    /// `outcome`, a test whose after_each hooks a stop (a signal, `--max-failures`) ended
    /// before they were done, interrupted, its failure followed by
    /// `; then, in after_each: …: interrupted by a signal while its after_each hooks ran`
    /// (`interruptedInAfterEachMessage`), as in the test's own Lua state; unchanged when it
    /// says so already.
    public static func interruptAfterEach(_ outcome: inout TestOutcome) {
        guard outcome.verdict != .interrupted else { return }
        let stop = Diagnostic(file: outcome.file, line: outcome.line, message: interruptedInAfterEachMessage)
        addAfterEach(
            TestOutcome(name: outcome.name, file: outcome.file, line: outcome.line, verdict: .failed, failure: stop),
            to: &outcome)
        outcome.verdict = .interrupted
        outcome.failureKind = nil
    }

    /// The after_each run of `test` when the fresh load for its hooks could not be made
    /// (`problem`, from `reload`): failed, saying so (`addAfterEach` adds it to the test).
    public static func afterEachNotRun(_ problem: Diagnostic, for test: TestOutcome) -> TestOutcome {
        var failure = problem
        failure.message = "after_each did not run: " + problem.message
        return TestOutcome(name: test.name, file: test.file, line: test.line, verdict: .failed, failure: failure)
    }

    /// The `(after_all)` entry of `file` when the fresh load for its hooks could not be made
    /// (`problem`, from `reload`), after `seconds` of real time: failed, saying why; when a stop
    /// signal (or --max-failures in another worker) ended the load, interrupted, saying so, not
    /// as the script's failure (red-team 34: "did not finish … an endless loop?").
    func afterAllNotRun(_ problem: Diagnostic, file: String, seconds: Double?) -> TestOutcome {
        var failure = problem
        failure.message = "after_all did not run: " + problem.message
        var entry = Self.afterAllEntry(failure, file: file, seconds: seconds)
        if shouldStop() {
            entry.verdict = .interrupted
            entry.failure?.message = "after_all was stopped: \(stopReason())"
        }
        return entry
    }

    /// Adds what the after_each hooks did in a fresh load (`run`) to the test that ended before
    /// them (`outcome`): their log and steps follow the test's (their warnings warn a test that
    /// passed), and their failure follows the test's after `; then, `, as when they run in the
    /// test's own Lua state.
    public static func addAfterEach(_ run: TestOutcome, to outcome: inout TestOutcome) {
        outcome.log += run.log
        outcome.steps += run.steps
        outcome.visuals += run.visuals
        // Their warnings are the test's, as in its own Lua state (red-team finding m2).
        if outcome.verdict == .passed, !run.warnings.isEmpty { outcome.verdict = .warned }
        // A stop ended them: said as in the test's own Lua state.
        guard run.verdict != .interrupted else { return interruptAfterEach(&outcome) }
        guard let hookFailure = run.failure, run.verdict == .failed else { return }
        var failure = outcome.failure ?? Diagnostic(file: outcome.file, line: outcome.line, message: "")
        // A hook's error comes as `in after_each: walk.lua:2: …`; a limit or a stopped worker
        // that ended the hooks as its own message, which gets that form.
        let inHooks =
            hookFailure.message.hasPrefix("in after_each: ") ? hookFailure.message : hookFailure.inHook("after_each")
        // The test's failure and the hooks' each keep their share of the message's lines: two
        // cut to 100 lines apiece made 201 (red-team 33 E1).
        failure.message =
            failure.message.isEmpty
            ? hookFailure.message : MessageClip.joined([failure.message, inHooks], separators: ["; then, "])
        outcome.failure = failure
        if outcome.verdict != .interrupted { outcome.verdict = .failed }
        if outcome.failureKind == nil { outcome.failureKind = run.failureKind }
    }

    /// Runs only the after_all hooks of `file` (`Options.afterAllOnly`) in `runtime`, a fresh
    /// load, as after test `last` (with its after_each hooks first when `afterEachFirst`: the
    /// test ended its worker process before them); gives the after_each run (see
    /// `addAfterEach`) and the `(after_all)` entry when one failed. With `withoutBeforeAll`
    /// the before_all hooks are left out: a limit or a stopped worker ended them.
    /// A limit that stops one after_all hook leaves the ones after it to further fresh loads
    /// (`reload` makes each; `ScriptRuntime.hooksAfterStop`), whose failures, log and steps
    /// join the entry (red-team 33 C1: they were skipped silently).
    func runAfterAllOnly(
        _ file: String, _ tests: [ScriptTest], last: Int, runtime: ScriptRuntime, checker: ScreenshotChecker,
        prototype: Prototype, withoutBeforeAll: Bool = false, artifacts: FailureArtifacts? = nil, skipping: Int = 0,
        beforeAllFailedInTests: Bool = false, reload: () -> Result<ScriptRuntime, Diagnostic>
    ) -> HooksRun {
        var hooks = runHooksOnly(
            .afterAll, file, tests, test: last, last: true, runtime: runtime, checker: checker, prototype: prototype,
            withoutBeforeAll: withoutBeforeAll, artifacts: artifacts, skipping: skipping,
            beforeAllFailedInTests: beforeAllFailedInTests)
        if let stop = hooks.beforeAllStop, !shouldStop() {
            // A limit stopped before_all, run again for the hooks' globals: the stop is the
            // entry's, and the hooks still run, in a load that leaves it out (red-team 36 W2:
            // they never ran, and the run passed).
            var entry = Self.afterAllEntry(
                Diagnostic(
                    file: stop.file, line: stop.line,
                    message: "before_all, run again for the after_all hooks, was stopped: " + stop.message),
                file: file, seconds: nil)
            switch reload() {
            case .success(let again):
                let rest = runAfterAllOnly(
                    file, tests, last: last, runtime: again, checker: checker, prototype: prototype,
                    withoutBeforeAll: true, artifacts: artifacts, skipping: skipping, reload: reload)
                if let later = rest.afterAll { Self.joinAfterAll(later, to: &entry) }
                entry.log += rest.afterAllLog
                entry.visuals += rest.afterAllVisuals
            case .failure(let problem):
                Self.joinAfterAll(notRunPart(problem, file: file), to: &entry)
            }
            return HooksRun(afterAll: entry)
        }
        var ended = runtime
        var skip = skipping
        while let rest = ended.hooksAfterStop, rest.kind == .afterAll, rest.skip > skip, !shouldStop() {
            let again: ScriptRuntime
            switch reload() {
            case .success(let loaded): again = loaded
            case .failure(let problem):
                // The hooks after the stopped one cannot run: the entry says why (never silence).
                hooks.append(HooksRun(afterAll: notRunPart(problem, file: file)))
                return hooks
            }
            skip = rest.skip
            let more = runHooksOnly(
                .afterAll, file, tests, test: last, last: true, runtime: again, checker: checker, prototype: prototype,
                withoutBeforeAll: withoutBeforeAll, skipping: skip, beforeAllFailedInTests: beforeAllFailedInTests)
            hooks.append(more)
            ended = again
        }
        return hooks
    }

    /// `afterAllNotRun` as a part that follows an entry's failure (`joinAfterAll`): its words
    /// kept whole, not placed as a hook's error.
    func notRunPart(_ problem: Diagnostic, file: String) -> TestOutcome {
        var part = afterAllNotRun(problem, file: file, seconds: nil)
        part.failure?.line = nil
        return part
    }

    /// Runs the after_each hooks of test `index` after hook number `skip`, which a limit
    /// stopped (or all of them from `skip` 0: the test ended before them), each time in a fresh
    /// load from `reload`, and adds what they did to `outcome` (`addAfterEach`); a limit that
    /// stops one of them leaves the ones after it to the next load (red-team 33 C1).
    func runAfterEachRest(
        from skip: Int, of index: Int, in run: FileRun, outcome: inout TestOutcome
    ) {
        var from = skip
        while true {
            // A stop (a signal, --max-failures in another worker) before the hooks were done
            // says so (red-team 37 X1, S2: they were dropped without a word, and the verdict
            // hung on the timing).
            guard !shouldStop() else { return Self.interruptAfterEach(&outcome) }
            // The test's failure goes first: a worker stopped in the load's top level or its
            // before_all keeps it, and the stop follows it (red-team 36 B1: it was replaced).
            onRecord?(
                .phase(
                    "after_each", testFailure: outcome.failure?.luaText, line: nil,
                    byExpectation: outcome.failureKind == .expectation))
            // The load itself is a phase of its own, so a worker stopped in its top level names
            // it, not the hooks and their watchdog (red-team 37 M1's after_each form).
            onRecord?(.phase("load", testFailure: nil))
            let again: ScriptRuntime
            switch reload(run.file, test: index, directory: run.directory, expecting: run.declared) {
            case .success(let loaded):
                onRecord?(
                    .phase(
                        "after_each", testFailure: outcome.failure?.luaText, line: nil,
                        byExpectation: outcome.failureKind == .expectation))
                again = loaded
            case .failure(let problem):
                // The hooks cannot run: the test's failure says why, never silence (red-team
                // 36 B1: its top level raising in that load dropped them without a word).
                guard !shouldStop() else { return Self.interruptAfterEach(&outcome) }
                Self.addAfterEach(Self.afterEachNotRun(problem, for: outcome), to: &outcome)
                return
            }
            // Their records are streamed from their phase on, which carries the test's failure:
            // a worker stopped in them keeps the test's records and theirs, and the stop follows
            // the test's failure (red-team 19 F1-F3: it read as the test's, and their log was lost).
            let hooks = runHooksOnly(
                .afterEach, run.file, run.declared.tests, test: index, last: false, runtime: again,
                checker: run.checker, prototype: run.prototype, streamsRecords: true,
                failureBefore: outcome.failure?.luaText, skipping: from)
            if let ran = hooks.afterEach { Self.addAfterEach(ran, to: &outcome) }
            guard let rest = again.hooksAfterStop, rest.kind == .afterEach, rest.skip > from else { return }
            from = rest.skip
        }
    }
}

extension HeadlessTestRunner {
    /// True when `text` begins with a Lua error's place, `name:line: ` (no space in the name).
    static func startsWithPlace(_ text: Substring) -> Bool {
        guard let end = text.range(of: ": ") else { return false }
        let place = text[..<end.lowerBound]
        guard let colon = place.lastIndex(of: ":") else { return false }
        let digits = place[place.index(after: colon)...]
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
            && !place[..<colon].isEmpty && !place[..<colon].contains(" ")
    }

    /// Adds the `(after_all)` entry `later`, of the after_all hooks a later fresh load (or
    /// worker) ran after one a limit stopped, to `entry`, that stop's: its failure follows
    /// (`; then, `, each keeping its share of the message, its first error's place kept in
    /// the text), its log, steps and visual checks follow (red-team 33 C1).
    public static func joinAfterAll(_ later: TestOutcome, to entry: inout TestOutcome) {
        if var failure = later.failure, later.verdict == .failed || later.verdict == .interrupted {
            // Its first error's place went to the entry's line: the joined part keeps it.
            let prefix = "in after_all: "
            if let line = failure.line, failure.message.hasPrefix(prefix) {
                // Unless the text kept its own (a worker's journal keeps each error's; the line
                // is then the stopped hook's: red-team 35 U2 read `f.lua:5: f.lua:4: AE2E`).
                let rest = failure.message.dropFirst(prefix.count)
                if !startsWithPlace(rest) { failure.message = prefix + "\(failure.file):\(line): " + rest }
            } else if failure.line != nil {
                // A stop (a limit, a failing prototype action) says its hook and place, as a
                // hook's error does (red-team 35 H2: `then, ACTION ERR` named neither).
                failure.message = failure.inHook("after_all")
            }
            var joined = entry.failure ?? failure
            joined.message =
                entry.failure.map { MessageClip.joined([$0.message, failure.message], separators: ["; then, "]) }
                ?? failure.message
            entry.failure = joined
            entry.verdict = entry.verdict == .interrupted || later.verdict == .interrupted ? .interrupted : .failed
            if entry.failureKind == nil { entry.failureKind = later.failureKind }
        }
        entry.log += later.log
        entry.steps += later.steps
        entry.visuals += later.visuals
        if entry.artifacts.isEmpty { entry.artifacts = later.artifacts }
        if let seconds = later.wallSeconds { entry.wallSeconds = (entry.wallSeconds ?? 0) + seconds }
    }
}

extension HeadlessTestRunner.HooksRun {
    /// Adds what a later fresh load of the after_all hooks (after one a limit stopped) gave:
    /// its failure follows this entry's (`; then, `, each keeping its share of the message),
    /// its log, steps and visual checks follow, and a holding load's log joins the entry.
    mutating func append(_ more: Self) {
        guard var entry = afterAll else {
            self = more
            return
        }
        if let later = more.afterAll {
            HeadlessTestRunner.joinAfterAll(later, to: &entry)
        } else {
            entry.log += more.afterAllLog
            entry.visuals += more.afterAllVisuals
        }
        afterAll = entry
    }
}
