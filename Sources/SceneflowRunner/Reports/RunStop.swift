import SceneflowCore

/// What a stop signal (SIGINT, SIGTERM, SIGHUP, …) left in a run's results: tests it stopped
/// while they ran, tests and files it kept from running, videos it cut short. A run it cut
/// short fails in every report, not only in its exit code (128 + n): the reason is the run's
/// `runFailure` (red-team 23 F1: a signal between two tests left no test interrupted, so the
/// JSON summary and the console read as a passing run with skips, and `merge-reports` of that
/// shard exited 0).
public struct RunStop: Equatable, Sendable {
    /// Tests stopped while they ran (verdict `interrupted`).
    public var interrupted = 0
    /// Tests the stop kept from running (`TestOutcome.notRunForInterruption`).
    public var testsNotRun = 0
    /// Script files the stop kept from running (`ScriptFileResult.notRunForInterruption`).
    public var filesNotRun = 0
    /// Tests whose `--video` the stop cut short (`HeadlessTestRunner.videoWasCut`).
    public var videosCut = 0

    /// Counts the marks of a stop in `results`.
    public init(_ results: [ScriptFileResult]) {
        for result in results {
            if result.notRunForInterruption { filesNotRun += 1 }
            for outcome in result.outcomes {
                if outcome.verdict == .interrupted { interrupted += 1 }
                if outcome.notRunForInterruption { testsNotRun += 1 }
                if HeadlessTestRunner.videoWasCut(outcome) { videosCut += 1 }
            }
        }
    }

    /// True when the stop left any mark: the run did not end as it would have without it.
    public var cutTheRunShort: Bool { interrupted + testsNotRun + filesNotRun + videosCut > 0 }

    /// `stopped by SIGTERM before the run ended: 1 test interrupted, 24 tests not run`, or nil
    /// when the stop left no mark. `signal` is the signal's name; nil says "a signal" (a shard
    /// report written before the reason was).
    public func reason(signal: String?) -> String? {
        guard cutTheRunShort else { return nil }
        var parts: [String] = []
        if interrupted > 0 { parts.append("\(counted(interrupted, "test")) interrupted") }
        if testsNotRun > 0 { parts.append("\(counted(testsNotRun, "test")) not run") }
        if filesNotRun > 0 { parts.append("\(counted(filesNotRun, "file")) not run") }
        if videosCut > 0 { parts.append("\(counted(videosCut, "video")) cut short") }
        return "stopped by \(signal ?? "a signal") before the run ended: " + parts.joined(separator: ", ")
    }
}
