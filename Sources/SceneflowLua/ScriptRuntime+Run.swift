import SceneflowCore

extension ScriptRuntime {
    /// Starts test `index` (of `tests`) as a fresh coroutine, after resetting the bound
    /// session to the start scene. Any test still running is abandoned.
    public func start(test index: Int) {
        stopRunning()
        guard tests.indices.contains(index), let session else { return }
        session.reset()
        guard let (thread, ref) = state.main.newThread() else { return }
        thread.pushRef(testRefs[index].id)
        running = RunningTest(index: index, thread: thread, threadRef: ref, startTime: session.now)
    }

    /// Runs the started test until it waits for the prototype, returns or fails.
    ///
    /// Each resume has its own instruction budget (`LuaLimits.stepInstructions`); a test gets
    /// `LuaLimits.testTimeout` seconds of clock time in all.
    public func resume() -> ScriptStep {
        guard let running, let session else {
            return .failed(
                Diagnostic(file: scriptPath, message: "no test started (call bind(_:) and start(test:) first)"))
        }
        let test = tests[running.index]
        let limits = state.limits
        if session.now - running.startTime > limits.testTimeout {
            stopRunning()
            return .failed(
                Diagnostic(
                    file: scriptPath, line: test.line,
                    message:
                        "test \"\(test.name)\" did not finish within \(formatNumber(limits.testTimeout)) s of clock time"
                ))
        }
        let thread = running.thread
        thread.resetLimits(instructions: limits.stepInstructions)
        switch thread.resume(args: 0) {
        case .yielded(let count):
            thread.pop(count)
            return .waiting
        case .finished:
            stopRunning()
            return .passed
        case .failed:
            let failure = state.takeFailure(from: thread)
            stopRunning()
            var diagnostic = source.diagnostic(
                failure, limits: limits, instructions: limits.stepInstructions, names: ScriptPrelude.globals)
            if failure.budgetExhausted {
                diagnostic.message =
                    "test \"\(test.name)\" ran more than \(limits.stepInstructions) instructions or 10 s without waiting for the prototype (an endless loop?)"
            }
            if diagnostic.line == nil { diagnostic.line = test.line }
            return .failed(diagnostic)
        }
    }

    /// Drops the running test's coroutine, if any.
    func stopRunning() {
        guard let running else { return }
        state.main.unref(running.threadRef)
        self.running = nil
    }
}
