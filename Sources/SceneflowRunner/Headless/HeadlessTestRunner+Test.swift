import Foundation
import SceneflowCore
import SceneflowLua

/// Running one test: its hooks, its coroutine resumed frame by frame on the virtual clock,
/// and its outcome (verdict, failure, records, clock and real time).
extension HeadlessTestRunner {
    /// Runs test `index` of `file` in `runtime` on `session` (only its hooks with `hooksOnly`,
    /// the first `skippingHooks` of them left out, the before_all hooks left out with
    /// `withoutBeforeAll`) and gives its outcome.
    func runTest(
        _ index: Int, _ test: ScriptTest, file: String, runtime: ScriptRuntime, session: Session, clock: VirtualClock,
        recorder: FrameRecorder?, video: VideoRecorder?, last: Bool, first: Bool, hooksOnly: HooksOnly? = nil,
        withoutBeforeAll: Bool = false, failureBefore: String? = nil, skippingHooks: Int = 0
    ) -> TestOutcome {
        let wallStart = ProcessInfo.processInfo.systemUptime
        recorder?.beginTest(test.name)
        let started = clock.now
        var frames = 0
        runtime.start(
            test: index, last: last, first: first, hooksOnly: hooksOnly, withoutBeforeAll: withoutBeforeAll,
            failureBefore: failureBefore, skipping: skippingHooks)
        var outcome = TestOutcome(name: test.name, file: file, line: test.line, verdict: .passed)
        if let video { startVideo(video, index: index, name: test.name, session: session) }
        /// Runs the prototype's Lua actions the session queued (a gesture's `on_tap`, a field's
        /// `on_change`); false, with `outcome` set, when one failed or a signal stopped it.
        func runQueuedActions() -> Bool {
            for call in session.takeScriptCalls() {
                if var problem = runtime.call(call, session: session) {
                    if shouldStop() {
                        // A signal stopped the action's Lua code (see stopLuaFromSignalHandler).
                        outcome.verdict = .interrupted
                        outcome.failure = Self.interruption(file: file, line: test.line, journal: runtime.testJournal)
                        return false
                    }
                    problem.message +=
                        " (in the prototype's Lua action for \(call.element) in scene \"\(call.scene)\""
                    if let step = runtime.testRecords.steps.last {
                        problem.message +=
                            ", triggered by \(step.call)" + (step.line.map { " at \(file):\($0)" } ?? "")
                    }
                    problem.message += ")"
                    // As a limit ends it: in after_each after the test's failure, in after_all
                    // the hooks' entry's (the test keeps its verdict).
                    if case .failed(let failure) = runtime.endByPrototypeAction(problem) {
                        outcome.verdict = .failed
                        outcome.failure = failure
                        outcome.failureKind = runtime.lastFailureKind ?? .error
                    } else {
                        outcome.verdict = .passed
                        outcome.failure = nil
                    }
                    return false
                }
            }
            return true
        }
        // Drawing and writing `--frames` is the report's time, not the test's, and has a budget
        // of its own, as the video has: the test's real-time limit (red-team 10 R5: a carousel
        // under --timeout 10 drew frames for 167 s). Past it this test's frames stop, and its
        // log says at which clock time.
        var frameSeconds = 0.0
        var framesNote: String?
        loop: while true {
            if let recorder, framesNote == nil {
                let began = ProcessInfo.processInfo.systemUptime
                defer { frameSeconds += ProcessInfo.processInfo.systemUptime - began }
                do { try LuaWatchdog.outsideTheLimits { try recorder.observe(session) } } catch {
                    outcome.verdict = .failed
                    let reason = (error as? OutputError).map { "\($0)" } ?? "could not write a frame: \(error)"
                    outcome.failure = Diagnostic(file: file, message: reason)
                    outcome.failureKind = .error
                    break loop
                }
                let budget = options.limits.testWallSeconds
                if frameSeconds + ProcessInfo.processInfo.systemUptime - began > budget {
                    framesNote =
                        "--frames: no frame after \(formatSeconds(clock.now - started)) s of the test's clock was written: drawing and writing them took more than \(formatSeconds(budget)) s of real time (the test's limit, \(options.limits.testWallSecondsOrigin ?? "--timeout"))"
                }
            }
            if shouldStop() {
                outcome.verdict = .interrupted
                outcome.failure = Self.interruption(file: file, line: test.line, journal: runtime.testJournal)
                outcome.failureKind = .error
                break loop
            }
            switch runtime.resume() {
            case .passed:
                // Actions queued by the test's last call run before its verdict.
                _ = runQueuedActions()
                break loop
            case .failed(let diagnostic):
                if shouldStop() {
                    // A signal stopped the Lua code itself (see stopLuaFromSignalHandler).
                    outcome.verdict = .interrupted
                    outcome.failure = Self.interruption(file: file, line: test.line, journal: runtime.testJournal)
                    outcome.failureKind = .error
                } else {
                    outcome.verdict = .failed
                    outcome.failure = diagnostic
                    outcome.failureKind = runtime.lastFailureKind ?? .error
                }
                break loop
            case .waiting:
                clock.advanceFrame()
                frames += 1
                session.step(to: clock.now)
                session.framePresented()
                video?.observe(session, tick: frames)
                if !runQueuedActions() { break loop }
            }
        }
        if outcome.verdict == .failed || outcome.verdict == .interrupted, let soft = runtime.unreportedSoftFailures,
            var failure = outcome.failure
        {
            // Ended from Swift (a limit, a prototype action, a signal): the soft failures
            // found before are the test's findings too.
            failure.message += "\nand " + soft
            outcome.failure = failure
        }
        let records = runtime.testRecords
        outcome.log = records.log
        if let framesNote {
            outcome.log.append(TestLogEntry(level: .message, clockTime: 0, line: nil, message: framesNote))
        }
        outcome.steps = records.steps
        if outcome.verdict == .passed, !outcome.warnings.isEmpty { outcome.verdict = .warned }
        outcome.clockSeconds = ClockTicks.between(max(started, runtime.testClockStart), clock.now)
        outcome.frames = frames
        // The test's own time: the file's after_all hooks that ran at its end have theirs in
        // the (after_all) entry (red-team finding o1: a 2 s after_all made its test "2 s").
        let end = runtime.afterAllStartUptime.map { max(wallStart, $0) } ?? ProcessInfo.processInfo.systemUptime
        outcome.wallSeconds = end - wallStart
        return outcome
    }
}
