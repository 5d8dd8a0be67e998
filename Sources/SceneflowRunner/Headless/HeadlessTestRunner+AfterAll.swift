import Foundation
import SceneflowCore
import SceneflowLua

/// The `(after_all)` entry of a file, and running only its after_all hooks in a fresh load.
extension HeadlessTestRunner {
    /// The `(after_all)` entry of `file` for the failure of its after_all hooks, which ran for
    /// `seconds` of real time.
    static func afterAllEntry(_ failure: Diagnostic, file: String, seconds: Double?) -> TestOutcome {
        var entry = TestOutcome(
            name: TestOutcome.afterAllName, file: file, line: failure.line ?? 0, verdict: .failed, failure: failure,
            wallSeconds: seconds)
        entry.failureKind = .error
        entry.hook = "after_all"
        return entry
    }

    /// Runs only the after_all hooks of `file` (`Options.afterAllOnly`, or after a limit ended
    /// the last test before them) in `runtime`, a fresh load, as after test `last`; returns
    /// the `(after_all)` entry when one failed.
    func runAfterAllOnly(
        _ file: String, _ tests: [ScriptTest], last: Int, runtime: ScriptRuntime, checker: ScreenshotChecker,
        prototype: Prototype
    ) -> TestOutcome? {
        let session = Session(prototype: prototype)
        session.timelineEventLimit = options.timelineEventsPerTest
        runtime.onRecord = onRecord
        runtime.bind(session)
        runtime.visualChecks = checker
        checker.begin(test: tests[last].name, index: last)
        _ = runTest(
            last, tests[last], file: file, runtime: runtime, session: session, clock: VirtualClock(), recorder: nil,
            video: nil, last: true, first: false, hooksOnly: true)
        return runtime.afterAllFailure.map {
            Self.afterAllEntry($0, file: file, seconds: runtime.afterAllWallSeconds)
        }
    }
}
