import SceneflowCore

/// The result of one `test(name, fn)` in a script.
public struct TestOutcome: Sendable {
    /// Passed, or failed with the diagnostic naming the script file and line.
    public enum Status: Sendable {
        /// The test function returned.
        case passed
        /// An expectation failed or the test raised an error.
        case failed(Diagnostic)
    }
    /// The test's name as the script gives it.
    public var name: String
    /// The script file.
    public var file: String
    /// Passed or failed.
    public var status: Status
    /// Virtual clock time the test took, in seconds.
    public var clockSeconds: Double
    /// Frames stepped during the test.
    public var frames: Int

    /// True when the test passed.
    public var passed: Bool { if case .passed = status { true } else { false } }
}

/// The results of one script file: its tests, or the problems that stopped it from loading.
public struct ScriptFileResult: Sendable {
    /// The script file.
    public var file: String
    /// One outcome per test that ran.
    public var outcomes: [TestOutcome]
    /// Problems loading the script or its prototype (bad input, exit code 65).
    public var loadProblems: [Diagnostic]
    /// The script's timeline (every test, on the virtual clock), when its tests ran; for
    /// `TimelineExport`.
    public var timeline: TimelineRun? = nil
}
