import Foundation
import SceneflowCore

/// The log and steps of a test, capped before text leaves Lua: a script that logs megabytes
/// in a loop costs a bounded amount of Swift memory and report size (issue 15.2).
extension ScriptModule {
    /// Caps on what one test records (`TestRecordLimits`).
    enum RecordLimits {
        /// The most bytes of one log message copied out of Lua (4 KiB).
        static let messageBytes = TestRecordLimits.messageBytes
        /// The most bytes of log messages one test keeps (256 KiB).
        static let logBytes = TestRecordLimits.logBytes
        /// The most steps one test keeps (10 000).
        static let steps = TestRecordLimits.steps
        /// The most bytes of a step's call text copied out of Lua (1 KiB).
        static let callBytes = TestRecordLimits.callBytes
        /// The most soft failures one test keeps on the Swift side for a failure message.
        static let softFailures = TestRecordJournal.softFailureLimit
    }

    /// Appends a log entry with the message at `index` of `stack` (at most
    /// `RecordLimits.messageBytes` of it), unless the test's log is full: then the closing
    /// note counts it (streamed for the first left out and every 1 000th after).
    func appendLog(level: TestLogEntry.Level, clockTime: Double, line: Int?, message index: Int32, from stack: LuaStack)
    {
        guard records.keepsLog(level) else {
            let count = records.droppedLogEntries + 1
            let event = TestRecordEvent.logDropped(count: count, clockTime: clockTime, line: line)
            if count == 1 || count % 1_000 == 0 {
                record(event)
            } else {
                records.apply(event)
            }
            return
        }
        // A warning of before_all is every test's (`after_before_all` gives it to each) and one
        // of after_all is its (after_all) entry's, so no verdict moves with the order (red-team
        // findings n10, o15, m2).
        let message = stack.string(index, maxBytes: RecordLimits.messageBytes) ?? ""
        record(.log(TestLogEntry(level: level, clockTime: clockTime, line: line, message: message)))
    }

    /// Opens a step with the call text at `index` of `stack` (at most
    /// `RecordLimits.callBytes`), or only counts it when the test already has
    /// `RecordLimits.steps` steps, kept only if it fails (not streamed: a step over the cap is
    /// always among the innermost; the worker sends its whole outcome when it differs).
    func beginStep(call index: Int32, line: Int?, clockStart: Double, group: String? = nil, from stack: LuaStack) {
        let wallStart = ProcessInfo.processInfo.systemUptime
        guard records.keepsSteps else {
            // Kept only if it fails (`TestRecordLimits.failedStepsPastCap`): its call text too.
            records.apply(
                .stepBegan(
                    call: stack.string(index, maxBytes: RecordLimits.callBytes) ?? "?", line: line,
                    clockStart: clockStart, group: group, wallStart: wallStart))
            return
        }
        record(
            .stepBegan(
                call: stack.string(index, maxBytes: RecordLimits.callBytes) ?? "?", line: line, clockStart: clockStart,
                group: group, wallStart: wallStart))
    }

    /// `log`, `step_begin`, `step_depth`, `step_unwind`, `soft_failed`, `soft_reported` and
    /// `step_end` (see `ScriptModule`).
    nonisolated(unsafe) static let recordNatives: [Native] = [
        (
            "log",
            { module, session, s in
                let level = TestLogEntry.Level(rawValue: s.string(1) ?? "") ?? .message
                let line = s.number(3).map { Int(saturating: $0) }
                module.appendLog(
                    level: level, clockTime: ClockTicks.between(module.testStart, session.now), line: line,
                    message: 2, from: s)
                return .values(0)
            }
        ),
        (
            "step_begin",
            { module, session, s in
                module.beginStep(
                    call: 1, line: s.number(2).map { Int(saturating: $0) },
                    clockStart: ClockTicks.between(module.testStart, session.now),
                    group: s.string(3, maxBytes: RecordLimits.callBytes), from: s)
                s.push(Double(module.openSteps.count - 1))  // its depth, for step_end
                return .values(1)
            }
        ),
        (
            "step_depth",
            { module, _, s in
                s.push(Double(module.openSteps.count))
                return .values(1)
            }
        ),
        (
            // after_before_all(first, runs_test): the file's before_all hooks have run in this
            // test's fresh Lua state. The prototype goes back to its start (scene, stack,
            // state) so their gestures never reach the test, and outside the first test run
            // their log and steps are dropped: each test sees exactly one before_all, as one
            // state shared by the file did (red-team finding M5). Their warnings stay in every
            // test that runs (`runs_test`; not in a hooks-only run): before_all ran for each,
            // so each passes with them whatever the order (red-team finding m2). The test's
            // clock time (its clock_limit, its clock seconds, the times of its steps and log)
            // counts from here in every test, so before_all's gestures and waits are no
            // test's time and the order changes nothing (red-team finding R3).
            "after_before_all",
            { module, session, s in
                if s.isTruthy(1) {
                    module.testStart = session.now
                    module.testStepsStart = module.steps.count
                } else {
                    let warnings = s.isTruthy(2) ? module.records.log.filter { $0.level == .warning } : []
                    module.resetRecords(start: session.now)
                    for warning in warnings { module.record(.log(warning)) }
                }
                // The prototype's own Lua too (its upvalues, globals, `app`): a tap in
                // before_all must not count in the test (red-team 33 G1).
                module.freshPrototype?()
                session.reset()
                module.app?.resetState()
                return .values(0)
            }
        ),
        (
            // step_unwind(depth): the steps a failure left open beyond `depth` end failed
            // (passed stays false, clockEnd nil: they did not return).
            "step_unwind",
            { module, _, s in
                let depth = max(0, Int(s.number(1) ?? 0))
                if module.openSteps.count > depth { module.record(.unwound(depth: depth)) }
                return .values(0)
            }
        ),
        (
            // soft_failed(line): a soft expectation failed (its line of the failure message;
            // past the first RecordLimits.softFailures only counted: its text is not copied)
            "soft_failed",
            { module, _, s in
                let keeps = module.softFailures.count < RecordLimits.softFailures
                module.record(.softFailed(keeps ? s.message(1, maxBytes: RecordLimits.messageBytes) ?? "?" : ""))
                return .values(0)
            }
        ),
        (
            // joined(part, separator, part [, separator, part …]): a failure message made of
            // parts, each kept within its share of the lines and bytes (`MessageClip.joined`);
            // a part is read as an error message is, at most 64 KiB of whole lines
            "joined",
            { _, _, s in
                let count = s.top
                var parts: [String] = []
                var separators: [String] = []
                for index in stride(from: Int32(1), through: count, by: 2) {
                    parts.append(s.message(index) ?? "?")
                    if index < count { separators.append(s.string(index + 1, maxBytes: 256) ?? "; ") }
                }
                s.push(MessageClip.joined(parts, separators: separators))
                return .values(1)
            }
        ),
        (
            // soft_reported(): the Lua side put the soft failures in the test's failure message
            "soft_reported",
            { module, _, _ in
                module.softFailuresReported()
                return .values(0)
            }
        ),
        (
            // phase(name [, test_failure [, line]]): the test entered a hook (or its own
            // function again); entering after_all, how the test ended before it; `line`, the
            // running hook's (each after_all hook says it again with its own line)
            "phase",
            { module, session, s in
                let name = s.string(1, maxBytes: 32) ?? "test"
                let again = module.phasesEntered.last == name
                // The next after_all hook past the memory limit: the stop is the one before's
                // (its line and number stay).
                if again && s.memoryFailed { return .values(0) }
                if name == "after_all" && !again {
                    module.afterAllStart = ProcessInfo.processInfo.systemUptime
                    module.afterAllClockStart = session.now
                }
                if module.phasesEntered.count < 8 && !again { module.phasesEntered.append(name) }
                if name == "after_each" && !again { module.memoryFailedBeforeAfterEach = s.memoryFailed }
                let line = s.number(3).flatMap { $0.isFinite && $0 >= 1 && $0 < 1e9 ? Int($0) : nil }
                let failure = s.message(2).map { MessageClip.clip($0) }
                if name == "after_each" && module.holdsStream {
                    // A hooks-only load's after_each begins: what follows is the test's again.
                    // The runner hears how the test failed before (this load's own records do
                    // not: its stops are the hooks' alone, joined to the test's by the runner).
                    module.holdsStream = false
                    module.records.apply(.phase(name, testFailure: failure, line: line))
                    let before = failure ?? module.failureBeforeHooks.map { MessageClip.clip($0) }
                    module.recordSink?(.phase(name, testFailure: before, line: line))
                    return .values(0)
                }
                if name == "after_each", again, let failure, let before = module.failureBeforeHooks {
                    // A hook failed in a hooks-only load: the runner's stream hears the test's
                    // failure before it, so a worker stopped in a later hook keeps both (red-team
                    // 34 C6); this load's own records keep the hooks' part, which the runner
                    // joins to the test's.
                    module.records.apply(.phase(name, testFailure: failure, line: line))
                    let joined = MessageClip.joined(
                        [MessageClip.clip(before), failure], separators: ["; then, "])
                    module.recordSink?(.phase(name, testFailure: joined, line: line))
                    return .values(0)
                }
                // An expectation's failure keeps its kind through a stop in the hooks.
                let byExpectation = failure != nil && s.message(2) == module.notedFailure
                module.record(.phase(name, testFailure: failure, line: line, byExpectation: byExpectation))
                return .values(0)
            }
        ),
        (
            // hook(n): after_each or after_all hook number n (from 1) begins. Past the memory
            // limit already, the state fails every instruction: the hook that passed it is
            // the one before, whose stop this hook only meets.
            "hook",
            { module, _, s in
                if let number = s.number(1), number >= 1, number < 1e6, !s.memoryFailed {
                    module.record(.hook(Int(number)))
                }
                return .values(0)
            }
        ),
        (
            "step_end",
            { module, session, s in
                // step_end(passed, depth): the steps still open inside it failed, and a
                // `pcall` of the script's caught their failure: they end failed first, so this
                // step ends, not the innermost (found with red-team 28 F5).
                if let depth = s.number(2).map({ Int(saturating: $0) }), depth >= 0,
                    module.openSteps.count > depth + 1
                {
                    module.record(.unwound(depth: depth + 1))
                }
                guard let open = module.openSteps.last else { return .values(0) }
                // step_end(false): a step() that returned with soft failures inside
                let event = TestRecordEvent.stepEnded(
                    clockEnd: ClockTicks.between(module.testStart, session.now),
                    wallSeconds: ProcessInfo.processInfo.systemUptime - open.wallStart,
                    passed: s.isNil(1) || s.isTruthy(1))
                if open.index >= 0 { module.record(event) } else { module.records.apply(event) }
                return .values(0)
            }
        ),
    ]
}
