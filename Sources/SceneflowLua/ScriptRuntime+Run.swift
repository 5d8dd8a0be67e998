import Foundation
import SceneflowCore

extension ScriptRuntime {
    /// Starts test `index` (of `tests`) as a fresh coroutine running its before_each hooks,
    /// the test and its after_each hooks, after resetting the bound session to the start scene
    /// and the prototype's state to a fresh copy. Any test still running is abandoned. The
    /// file's `before_all` hooks run first (their log and steps kept only when `first`: the
    /// first test the runner runs in this file); `after_all` hooks run in the test started
    /// with `last` true (the last one the runner runs in this file).
    ///
    /// With `hooksOnly`, only the before_all hooks (for their globals; their records are
    /// dropped) and the hooks it names run, as after test `index`, in this fresh load: see
    /// `HooksOnly`; with `withoutBeforeAll` too, the before_all hooks are left out (a limit or a
    /// stopped worker ended them: they would be stopped again). With `.afterEach`, what this
    /// load records reaches `onRecord` only from the after_each phase on, which carries
    /// `failureBefore` (how the test failed, as Lua raises it: `walk.lua:4: message`): the
    /// runner's records of the test stay whole (`ScriptModule.holdsStream`).
    public func start(
        test index: Int, last: Bool = false, first: Bool = true, hooksOnly: HooksOnly? = nil,
        withoutBeforeAll: Bool = false, failureBefore: String? = nil, skipping skippedHooks: Int = 0
    ) {
        stopRunning()
        guard tests.indices.contains(index), let session else { return }
        module.holdsStream = hooksOnly == .afterEach
        module.failureBeforeHooks = hooksOnly == .afterEach ? failureBefore : nil
        module.resetRecords(start: session.now)
        afterAllStop = nil
        afterAllSoftAtStop = nil
        endedByScriptError = false
        session.reset()
        session.startTimelineTest()
        app?.resetState()
        let main = state.main
        // The previous test's garbage must not count against this test's memory limit.
        main.collectGarbage()
        guard let (thread, ref) = main.newThread() else { return }
        thread.pushRef(declarationsRef)
        thread.rawGet("run", table: thread.top)
        thread.remove(-2)
        thread.push(Double(index + 1))
        thread.push(last)
        thread.push(first)
        if let hooksOnly { thread.push(hooksOnly.rawValue) } else { thread.pushNil() }
        thread.push(withoutBeforeAll)
        thread.push(Double(hooksOnly == nil ? 0 : max(0, skippedHooks)))
        running = RunningTest(
            index: index, thread: thread, threadRef: ref, startTime: session.now,
            wallDeadline: LuaWatchdog.now + state.limits.testWallSeconds)
    }

    /// Runs the started test until it waits for the prototype, returns or fails.
    ///
    /// A test gets `LuaLimits.testWallSeconds` of real time for its Lua code in all (the
    /// watchdog, checked by the instruction-count hook) and its `clock_limit` (else
    /// `LuaLimits.testTimeout`) seconds of clock time (`clockLimitFailure`).
    public func resume() -> ScriptStep {
        guard var running, let session else {
            lastFailureKind = .error
            return .failed(
                Diagnostic(file: scriptPath, message: "no test started (call bind(_:) and start(test:) first)"))
        }
        let test = tests[running.index]
        let limits = state.limits
        let clockLimit = test.clockLimit ?? limits.testTimeout
        if ClockTicks.between(testClockStart, session.now) > clockLimit {
            let failure = clockLimitFailure(test, limit: clockLimit)
            stopRunning()
            lastFailureKind = .error
            return stopped(test, by: failure)
        }
        let thread = running.thread
        thread.resetLimits(instructions: Int.max / 2)
        thread.setDeadline(seconds: running.wallDeadline - LuaWatchdog.now)
        // index, last, first, hooks_only, without_before_all, skip
        let args: Int32 = running.started ? 0 : 6
        running.started = true
        self.running = running
        let resumed = thread.resume(args: args)
        let failedAlready: Bool
        if case .failed = resumed { failedAlready = true } else { failedAlready = false }
        if thread.memoryFailed, !failedAlready {
            // A `pcall` caught the out-of-memory error and no Lua instruction ran after it
            // (the hook fails any that does): the limit still fails the test.
            if case .yielded(let count) = resumed { thread.pop(count) }
            thread.push("not enough memory")
            return failed(test, state.takeFailure(from: thread))
        }
        switch resumed {
        case .yielded(let count):
            thread.pop(count)
            return .waiting
        case .finished:
            stopRunning()
            return .passed
        case .failed:
            return failed(test, state.takeFailure(from: thread))
        }
    }

    /// Ends the running test with `failure`, worded for the user: the watchdog's message for
    /// an exhausted budget, a line in the script (or its module) wherever one is known.
    private func failed(_ test: ScriptTest, _ failure: LuaFailure) -> ScriptStep {
        let limits = state.limits
        stopRunning()
        let noted = failure.message == module.notedFailure && !failure.budgetExhausted && !failure.memoryExceeded
        lastFailureKind = noted ? .expectation : .error
        endedByScriptError = !failure.budgetExhausted && !failure.memoryExceeded
        // A hook that passed the memory limit is named (`after_each of m.lua (for test "b")`),
        // as the watchdog names it; the test's own code keeps the file's name.
        // Past the limit already when after_each began (the test's own code passed it): the
        // failure is the part that ran before them (red-team finding 9-m2: the hook, which
        // then ran fine in a fresh load, was named).
        var phase = module.records.phase
        if failure.memoryExceeded, phase == "after_each", module.memoryFailedBeforeAfterEach {
            phase = module.phasesEntered.dropLast().last
        }
        var diagnostic = source.diagnostic(
            failure, limits: limits, instructions: limits.stepInstructions, names: globalNames,
            subject: failure.memoryExceeded && phase != nil && phase != "test"
                ? Self.runner(of: test, phase: phase, file: source.label) : nil)
        if failure.budgetExhausted {
            diagnostic.line = test.line  // hooks and after_each run after the stop: name the test
            diagnostic.message =
                "\(Self.runner(of: test, phase: module.records.phase, file: source.label)) ran its Lua code for more than \(formatSeconds(limits.testWallSeconds)) s of real time (the watchdog\(Self.configOrigin(limits.testWallSecondsOrigin))): the time ran out \(whereTimeRanOut(failure)); change the limit with --timeout\(Self.configOrigin(limits.testWallSecondsOrigin, joined: " or "))"
        }
        if diagnostic.line == nil { diagnostic = module.placeInModule(diagnostic) }
        diagnostic = module.withTraceFromWorkingDirectory(diagnostic)
        if diagnostic.line == nil { diagnostic.line = test.line }
        return stopped(test, by: diagnostic, limit: !endedByScriptError)
    }

    /// Ends the running test with `problem`, a prototype Lua action (a gesture's `on_tap`, a
    /// field's `on_change`) that failed or passed a limit, as a limit ends it: inside the
    /// after_each hooks of a test that had failed, the stop follows its failure; inside the
    /// after_all hooks, it is theirs (`afterAllFailure`) and the test keeps how it ended before
    /// them (red-team 33 C1: the action's failure in after_all was lost and the run passed).
    public func endByPrototypeAction(_ problem: Diagnostic) -> ScriptStep {
        guard let running else { return .failed(problem) }
        let test = tests[running.index]
        stopRunning()
        lastFailureKind = .error
        var problem = problem
        // Inside a hook the failure says which, as a hook's error does; it keeps its place in
        // prototype.lua (red-team 34 U1: in after_all, the hook's line was paired with it).
        let phase = module.records.phase
        if phase == "after_each" && module.records.failureBeforeAfterEach == nil {
            problem.message = problem.inHook("after_each")
            problem.file = scriptPath
            problem.line = module.records.phaseLine ?? test.line
        }
        return stopped(test, by: problem, keepingPlace: phase == "after_all")
    }

    /// Whose Lua code ran when a limit stopped it, for the message: `test "name"`, `after_all
    /// of walk.lua`, `before_each of walk.lua (for test "name")`, `the top level of walk.lua`
    /// (phase `load`: a fresh load of the file, before any of its hooks); `phase` as
    /// `TestRecordJournal.phase`, `file` the script's label.
    public static func runner(of test: ScriptTest, phase: String?, file: String) -> String {
        switch phase {
        case nil: return "test \"\(test.name)\""
        case "load"?: return "the top level of \(file)"
        case "before_all"?, "after_all"?: return "\(phase!) of \(file)"
        case let hook?: return "\(hook) of \(file) (for test \"\(test.name)\")"
        }
    }

    /// Ends the running test with `failure`, a stop by a limit unless `limit` is false (an
    /// error the script raised). A limit that stopped the after_each hooks of a test that had
    /// failed follows its failure (`…; then, in after_each: …`, as a hook's error does; the
    /// error's message says so already). Stopped in the file's after_all
    /// hooks, the failure is theirs (`afterAllFailure`, the file's `(after_all)` entry) and
    /// the test keeps how it ended before them (`TestRecordJournal.failureBeforeAfterAll`, and
    /// its soft failures), as when an after_all hook raises an error.
    func stopped(_ test: ScriptTest, by failure: Diagnostic, limit: Bool = true, keepingPlace: Bool = false)
        -> ScriptStep
    {
        if limit, module.records.phase == "after_each", let before = module.records.failureBeforeAfterEach {
            // The test had failed before its after_each hooks: the stop follows its failure,
            // as a hook's error does (red-team 18 F1: the test's own failure was lost).
            var diagnostic = testFailure(before, test)
            // Each keeps its share of the message's lines (red-team 33 E1).
            diagnostic.message = MessageClip.joined(
                [diagnostic.message, failure.inHook("after_each")], separators: ["; then, "])
            return .failed(diagnostic)
        }
        guard module.records.phase == "after_all" else { return .failed(failure) }
        var failure = failure
        // At the line of the hook that was stopped (red-team finding o11: the last test's),
        // unless the failure has its own place in another file (a prototype action's).
        if let line = module.records.phaseLine, !keepingPlace { failure.line = line }
        afterAllStop = failure
        // The runner hears it too: a worker stopped in a later load of the hooks keeps it
        // (red-team 34 C2).
        module.record(.afterAllFailed(failure.message))
        if let before = module.records.failureBeforeAfterAll { return .failed(testFailure(before, test)) }
        if let soft = unreportedSoftFailures {
            afterAllSoftAtStop = soft
            module.softFailuresReported()
            lastFailureKind = .expectation
            return .failed(Diagnostic(file: scriptPath, line: test.line, message: soft))
        }
        lastFailureKind = nil
        return .passed
    }

    /// The test's own failure `message` (as Lua raised it, before its hooks), placed and
    /// worded as when it ends the test; sets `lastFailureKind` from it.
    private func testFailure(_ message: String, _ test: ScriptTest) -> Diagnostic {
        let limits = state.limits
        var diagnostic = source.diagnostic(
            LuaFailure(message: message), limits: limits, instructions: limits.stepInstructions, names: globalNames)
        if diagnostic.line == nil { diagnostic = module.placeInModule(diagnostic) }
        diagnostic = module.withTraceFromWorkingDirectory(diagnostic)
        if diagnostic.line == nil { diagnostic.line = test.line }
        lastFailureKind = message == module.notedFailure ? .expectation : .error
        return diagnostic
    }

    /// `origin` (where a limit came from) for a message when it is the project config (the
    /// command line's option is named in the message already): `, test.timeout in
    /// sceneflow.lua`, or with `joined` (" or ") in front instead of the comma; "" otherwise.
    static func configOrigin(_ origin: String?, joined: String = ", ") -> String {
        guard let origin, !origin.hasPrefix("--") else { return "" }
        return joined + origin
    }

    /// Where the watchdog's stop found the test (the hook's first stop, `LuaFailure.stopSite`,
    /// read from the Lua call stack there): inside a Sceneflow call (the hook first stopped
    /// Sceneflow's own Lua, which is also where a Swift call that ran past the deadline
    /// returns to; the step begun at the script's line names the call), inside a Lua library
    /// call, or in the script's own Lua code, each at the script's `file:line`.
    func whereTimeRanOut(_ failure: LuaFailure) -> String {
        guard let place = LuaWatchdog.Place(shimText: failure.stopSite) else {
            return "in the script's own Lua code (an endless loop?)"
        }
        switch place.kind {
        case .lua: return "in the script's own Lua code at \(place.site) (an endless loop?)"
        case .api where place.tailCall: return place.phrase()
        case .api:
            // The step begun at the call site (still open, or closed by the unwinding).
            if let step = module.runningStep ?? module.steps.last, step.line == place.line {
                // A long call (10 MiB of text) is named, not shown.
                let call = step.call.count <= 120 ? step.call : String(step.call.prefix { $0 != "(" }) + "(…)"
                return "inside the Sceneflow call \(call) at \(place.site)"
                    + (place.pattern ? " (a string pattern that backtracks?)" : "")
            }
            return place.phrase(qualified: place.qualifiedName(subject: scriptPath))
        case .library: return place.phrase(qualified: place.qualifiedName(subject: scriptPath))
        }
    }

    /// The failure of `test` when it used up its `limit` of clock time: it names whose Lua ran
    /// (the test, or a hook: `after_each of walk.lua (for test "name")`, red-team findings p3,
    /// T7), the step that was running (its line becomes the failure's; the test's line when none ran), when it
    /// started, how many steps had passed, and how to raise the limit.
    func clockLimitFailure(_ test: ScriptTest, limit: Double) -> Diagnostic {
        let origin =
            test.clockLimit != nil
            ? "its clock_limit"
            : state.limits.testTimeoutOrigin
                ?? (state.limits.testTimeout == LuaLimits.standard.testTimeout
                    ? "the default clock limit" : "--clock-limit")
        // The test's own steps: before_all's, kept in the first test, are no part of its count.
        let own = module.steps.dropFirst(module.testStepsStart)
        let passed = counted(own.filter(\.passed).count, "step")
        let fileHook = module.records.phase == "before_all" || module.records.phase == "after_all"
        let progress: String
        if let step = module.runningStep {
            progress =
                "\(step.call) was running (step \(own.count), started at \(formatNumber(step.clockStart, decimals: 2)) s); \(passed) had passed"
        } else {
            progress =
                "no step was running (the \(fileHook ? "hook's" : "test's") own Lua code kept yielding); \(passed) had passed"
        }
        // A file's before_all or after_all hook is no test's: --clock-limit alone applies to it
        // (red-team 46 A C1: it was told to raise the test's clock_limit).
        let raise =
            fileHook
            ? "Raise the limit with --clock-limit SECONDS"
            : "Raise the limit with test(name, {clock_limit = seconds}, fn) or --clock-limit SECONDS"
        return Diagnostic(
            file: scriptPath, line: module.runningStep?.line ?? test.line,
            message:
                "\(Self.runner(of: test, phase: module.records.phase, file: source.label)) did not finish within \(formatSeconds(limit)) s of clock time (\(origin)): \(progress). \(raise)\(Self.configOrigin(test.clockLimit == nil ? state.limits.testTimeoutOrigin : nil, joined: " or "))"
        )
    }

    /// The running (or just ended) test's soft failures that its failure message does not
    /// list yet, worded as the Lua side lists them ("2 soft expectations failed:" and a line
    /// each), or nil: a limit, a failing prototype action or a signal ended the test from
    /// Swift, and the runner appends this to that failure.
    public var unreportedSoftFailures: String? { module.records.softFailureList }

    /// Gets each change to the running test's records as it happens (`TestRecordEvent`: a
    /// kept log entry or step, a soft failure, a fresh start), for a worker to stream to its
    /// runner; nil by default.
    public var onRecord: ((TestRecordEvent) -> Void)? {
        get { module.recordSink }
        set { module.recordSink = newValue }
    }

    /// The failure of the file's `after_all` hooks, when the just-ended test ran them and one
    /// raised an error: the first error's place (the hook's line, or its module's) and every
    /// error's message, each after `in after_all: `; nil when they held or did not run.
    public var afterAllFailure: Diagnostic? { afterAllFailure(withStop: true) }

    /// Forgets before_all's failure in this load made for the after_all hooks
    /// (`sf.before_all_failed`): the tests' before_all failed the same way, and each of them
    /// reports it.
    public func forgetBeforeAllFailure() {
        module.afterAllFailures.removeAll { $0.hasPrefix(AfterAllMessage.beforeAllFailed) }
    }

    /// `afterAllFailure` without the stop that ended the hooks (a limit, a failing prototype
    /// action, a signal): the errors they raised before it, nil when none did. A stop signal's
    /// `(after_all)` entry says the stop after them (red-team 34 C3: they were dropped).
    public var afterAllErrors: Diagnostic? { afterAllFailure(withStop: false) }

    private func afterAllFailure(withStop: Bool) -> Diagnostic? {
        guard let first = module.afterAllFailures.first else { return withStop ? afterAllStop : nil }
        let limits = state.limits
        // before_all's failure in this load (red-team 37 W3) keeps its words; its place, as
        // an error's, becomes the entry's.
        let label = first.hasPrefix(AfterAllMessage.beforeAllFailed) ? AfterAllMessage.beforeAllFailed : ""
        var diagnostic = source.diagnostic(
            LuaFailure(message: String(first.dropFirst(label.count))), limits: limits,
            instructions: limits.stepInstructions, names: globalNames)
        if diagnostic.line == nil { diagnostic = module.placeInModule(diagnostic) }
        diagnostic = module.withTraceFromWorkingDirectory(diagnostic)
        // Each failure keeps its share of the message (MessageClip.joined): a long first one
        // never pushes the others out (red-team 32 A1).
        let parts = [label + diagnostic.message] + module.afterAllFailures.dropFirst()
        // A stop says its hook and place, as the errors before it (red-team 35 H2).
        let stop = withStop ? afterAllStop.map { $0.line == nil ? $0.message : $0.inHook("after_all") } : nil
        diagnostic.message = AfterAllMessage.joined(parts, then: stop)
        return diagnostic
    }

    /// True when the just-ended test was stopped inside the file's before_all hooks (a limit,
    /// a failing prototype action): the part it entered last is before_all and its Lua did not
    /// raise the failure itself. (After an error there, a fresh load runs before_all again for
    /// its globals: the error comes again, and after_all runs after it.)
    public var stoppedInBeforeAll: Bool { module.phasesEntered.last == "before_all" && !endedByScriptError }

    /// True when the file declared after_all hooks (read from its declarations, no Lua runs).
    public var hasAfterAllHooks: Bool { hasHooks("after_all") }

    /// True when the file declared after_each hooks (read from its declarations, no Lua runs).
    public var hasAfterEachHooks: Bool { hasHooks("after_each") }

    /// True when the just-ended test stopped before its after_each hooks began, while its own
    /// function or before_each ran (a limit, a failing prototype action, a signal): its Lua
    /// state never reached them. Past the memory limit the state fails every instruction
    /// (`LuaStack.memoryFailed`), so hooks it entered did not run either. False when it never
    /// started (before_all stopped or failed) or when the file has no after_each hooks.
    public var endedBeforeAfterEach: Bool {
        guard hasAfterEachHooks else { return false }
        let phases = module.phasesEntered
        if let entered = phases.firstIndex(of: "after_each") {
            // Past the memory limit already when they began: they could not run. A limit they
            // passed themselves stopped them, and a stopped hook is not run again.
            return entered == phases.count - 1 && state.main.memoryFailed && module.memoryFailedBeforeAfterEach
        }
        // before_all failed or was stopped: the test never started (after_all may follow).
        return phases.prefix { $0 != "after_all" }.last != "before_all"
    }

    /// Where the hooks left to run start, when a limit or a failing prototype action (not the
    /// script's own error) stopped the just-ended test inside after_each or after_all hook
    /// number `skip` (from 1) and the file declared more hooks of that kind after it: a fresh
    /// load runs them (`start(…, hooksOnly: kind, skipping: skip)`), since a stopped hook ends
    /// its Lua state, not the hooks after it (red-team 33 C1: they were skipped silently).
    public var hooksAfterStop: (kind: HooksOnly, skip: Int)? {
        guard !endedByScriptError, let number = module.records.hookNumber else { return nil }
        let kind: HooksOnly
        switch module.records.phase {
        case "after_each"?: kind = .afterEach
        case "after_all"?: kind = .afterAll
        default: return nil
        }
        return hookCount(kind.rawValue) > number ? (kind, number) : nil
    }

    /// How many hooks of `kind` (`after_all`, `after_each`) the file declared.
    public func hookCount(_ kind: String) -> Int {
        let main = state.main
        let base = main.top
        defer { main.setTop(base) }
        main.pushRef(declarationsRef)
        main.rawGet(kind, table: main.top)
        guard main.isTable(main.top) else { return 0 }
        var count = 0
        while count < 100_000 {
            main.rawGet(at: count + 1, table: main.top)
            defer { main.pop(1) }
            if main.isNil(main.top) { break }
            count += 1
        }
        return count
    }

    /// True when the file declared hooks of `kind` (`after_all`, `after_each`).
    private func hasHooks(_ kind: String) -> Bool { hookCount(kind) > 0 }

    /// Real seconds the file's after_all hooks ran in the just-ended test (nil when they did
    /// not run): the `(after_all)` entry's time.
    public var afterAllWallSeconds: Double? {
        module.afterAllStart.map { ProcessInfo.processInfo.systemUptime - $0 }
    }

    /// When the file's after_all hooks began in the just-ended test (`ProcessInfo.systemUptime`,
    /// seconds), nil when they did not run: where the test's own real time ends.
    public var afterAllStartUptime: Double? { module.afterAllStart }

    /// The clock time (seconds on the session's clock) the file's after_all hooks began at in
    /// the just-ended test, nil when they did not run: where the `(after_all)` entry's clock
    /// time starts (red-team 46 A C1: it showed 0 s after a `wait(5)`).
    public var afterAllClockStart: Double? { module.afterAllClockStart }

    /// The log entries and steps the running (or just ended) test recorded.
    public var testRecords: (log: [TestLogEntry], steps: [TestStepRecord]) { (module.log, module.steps) }

    /// The running test's records as the runner keeps them (its phase, how it failed before
    /// its hooks): `HeadlessTestRunner.interruption` reads them when a stop signal ends it.
    public var testJournal: TestRecordJournal { module.records }

    /// Drops the running test's coroutine, if any.
    func stopRunning() {
        guard let running else { return }
        state.main.unref(running.threadRef)
        self.running = nil
    }
}
