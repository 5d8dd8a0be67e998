import Foundation
import SceneflowCore
import SceneflowRunner

/// The console side of `sceneflow test`: one header line per script file, one line per test
/// with its verdict and real time (and clock time), the failure's `file:line: message`, and
/// the closing `N passed, N failed` line. With `--tap`, TAP version 13 instead. Warnings print as
/// `file:line: warning: message` and saved files as paths from the working directory, the one
/// path base of every report (`ReportPath`).
final class TestConsole {
    private let tap: Bool
    private var shownHeader: String?

    init(tap: Bool) { self.tap = tap }

    /// Shows one test as it ends (serial runs).
    func showProgress(_ outcome: TestOutcome) {
        guard !tap else { return }
        if shownHeader != outcome.file {
            print(outcome.file)
            shownHeader = outcome.file
        }
        print(Self.line(outcome))
        flushOutput()
    }

    /// Shows what is left of a file once it ended: its header if no test ran, load problems;
    /// a file that never ran is one line, `FILE  not run (interrupted)`.
    /// A file whose tests were all left out (`--filter`, `--tag`, …) shows nothing.
    func finish(_ result: ScriptFileResult) {
        guard !tap, !result.isLeftOut else { return }
        if let notRun = result.notRunText {
            print("\(result.file)  \(notRun)")
            shownHeader = result.file
            flushOutput()
            return
        }
        if shownHeader != result.file {
            print(result.file)
            shownHeader = result.file
        }
        for problem in result.loadProblems { print("  ERROR \(problem)") }
        flushOutput()
    }

    /// Shows a whole file at once (results from a worker).
    func show(_ result: ScriptFileResult) {
        for outcome in result.outcomes { showProgress(outcome) }
        finish(result)
    }

    /// Prints TAP (with --tap) or the closing lines.
    func close(_ results: [ScriptFileResult], written: [String]) {
        let summary = RunSummary(results)
        if tap {
            Swift.print(TAPReport.text(results), terminator: "")
            Swift.print("# \(summary.line)")
            return
        }
        for path in written { print("wrote \(OutputPath.shown(path))") }
        print(summary.line)
    }

    static func line(_ outcome: TestOutcome) -> String {
        let time = outcome.wallSeconds.map { Self.duration($0) } ?? "time unknown"
        let clock = "\(formatNumber(outcome.clockSeconds, decimals: 2)) s clock"
        switch outcome.verdict {
        case .passed: return "  PASS  \(outcome.name)  (\(time), \(clock))"
        case .warned:
            var text = "  WARN  \(outcome.name)  (passed with warnings; \(time), \(clock))"
            // `file:line: warning: message`, as failures print `file:line: message`, so editors'
            // and CI's problem matchers pick up both.
            for warning in outcome.warnings { text += "\n        " + outcome.located(warning) }
            return text
        case .recorded:
            var text = "  REC   \(outcome.name)  (passed and recorded baselines; \(time), \(clock))"
            for visual in outcome.visuals where visual.status == "recorded" { text += "\n        \(visual.message)" }
            return text
        case .skipped: return "  SKIP  \(outcome.name)  (\(outcome.skipReason ?? "skipped"))"
        case .failed, .interrupted:
            var text = "  \(outcome.verdict == .failed ? "FAIL" : "INT ")  \(outcome.name)  (\(time), \(clock))"
            if let failure = outcome.failure {
                // A message of several lines (soft failures, a traceback) stays indented.
                text += "\n        " + "\(failure)".replacingOccurrences(of: "\n", with: "\n        ")
            }
            if let steps = outcome.failedStepsText { text += "\n        \(steps)" }
            for entry in outcome.log.suffix(10) where entry.level == .message {
                text += "\n        log \(formatNumber(entry.clockTime, decimals: 3)) s: \(entry.message)"
            }
            for artifact in outcome.artifacts { text += "\n        saved \(artifact)" }
            return text
        }
    }

    /// Prints a console line with control characters escaped (`TerminalText`): names, labels,
    /// log messages and errors come from scripts and must not drive the terminal.
    private func print(_ text: String) { Swift.print(TerminalText.escaped(text)) }

    /// `12 ms`, `1.35 s`.
    static func duration(_ seconds: Double) -> String {
        seconds < 1 ? "\(formatNumber(seconds * 1000, decimals: 1)) ms" : "\(formatNumber(seconds, decimals: 2)) s"
    }
}
