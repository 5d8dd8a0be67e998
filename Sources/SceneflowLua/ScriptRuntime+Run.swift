import Foundation
import SceneflowCore

extension ScriptRuntime {
    /// Starts test `index` (of `tests`) as a fresh coroutine running its before_each hooks,
    /// the test and its after_each hooks, after resetting the bound session to the start scene
    /// and the prototype's state to a fresh copy. Any test still running is abandoned.
    public func start(test index: Int) {
        stopRunning()
        guard tests.indices.contains(index), let session else { return }
        module.resetRecords(start: session.now)
        session.reset()
        app?.resetState()
        let main = state.main
        // The previous test's garbage must not count against this test's memory limit.
        main.collectGarbage()
        guard let (thread, ref) = main.newThread() else { return }
        thread.pushRef(declarationsRef)
        thread.rawGet("run", table: thread.top)
        thread.remove(-2)
        thread.push(Double(index + 1))
        running = RunningTest(
            index: index, thread: thread, threadRef: ref, startTime: session.now,
            wallDeadline: ProcessInfo.processInfo.systemUptime + state.limits.testWallSeconds)
    }

    /// Runs the started test until it waits for the prototype, returns or fails.
    ///
    /// A test gets `LuaLimits.testWallSeconds` of real time for its Lua code in all (the
    /// watchdog, checked by the instruction-count hook) and `LuaLimits.testTimeout` seconds of
    /// clock time.
    public func resume() -> ScriptStep {
        guard var running, let session else {
            lastFailureKind = .error
            return .failed(
                Diagnostic(file: scriptPath, message: "no test started (call bind(_:) and start(test:) first)"))
        }
        let test = tests[running.index]
        let limits = state.limits
        if session.now - running.startTime > limits.testTimeout {
            stopRunning()
            lastFailureKind = .error
            return .failed(
                Diagnostic(
                    file: scriptPath, line: test.line,
                    message:
                        "test \"\(test.name)\" did not finish within \(formatNumber(limits.testTimeout)) s of clock time"
                ))
        }
        let thread = running.thread
        thread.resetLimits(instructions: Int.max / 2)
        thread.setDeadline(seconds: running.wallDeadline - ProcessInfo.processInfo.systemUptime)
        let args: Int32 = running.started ? 0 : 1
        running.started = true
        self.running = running
        switch thread.resume(args: args) {
        case .yielded(let count):
            thread.pop(count)
            return .waiting
        case .finished:
            stopRunning()
            return .passed
        case .failed:
            let failure = state.takeFailure(from: thread)
            stopRunning()
            let noted = failure.message == module.notedFailure && !failure.budgetExhausted && !failure.memoryExceeded
            lastFailureKind = noted ? .expectation : .error
            var diagnostic = source.diagnostic(
                failure, limits: limits, instructions: limits.stepInstructions, names: globalNames)
            if failure.budgetExhausted {
                diagnostic.line = test.line  // hooks and after_each run after the stop: name the test
                diagnostic.message =
                    "test \"\(test.name)\" ran its Lua code for more than \(formatNumber(limits.testWallSeconds)) s of real time (the watchdog; an endless loop? change the limit with --timeout)"
            }
            if diagnostic.line == nil { diagnostic.line = test.line }
            return .failed(diagnostic)
        }
    }

    /// The log entries and steps the running (or just ended) test recorded.
    public var testRecords: (log: [TestLogEntry], steps: [TestStepRecord]) { (module.log, module.steps) }

    /// Drops the running test's coroutine, if any.
    func stopRunning() {
        guard let running else { return }
        state.main.unref(running.threadRef)
        self.running = nil
    }
}
