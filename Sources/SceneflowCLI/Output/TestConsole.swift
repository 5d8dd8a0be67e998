import Foundation
import SceneflowCore
import SceneflowRunner

/// The console side of `sceneflow test`: one header line per script file, one line per test
/// with its verdict and real time (and clock time), the failure's `file:line: message`, and
/// the closing `N passed, N failed` line. With `--tap`, TAP version 13 instead. Warnings print as
/// `file:line: warning: message` and saved files as paths from the working directory, the one
/// path base of every report (`ReportPath`).
///
/// As tests end each line is numbered `[n/N]`: N counts the tests of the files loaded so far
/// and reads `N+` while some files have not loaded yet (a file's tests are known only once its
/// Lua ran). `--quiet` shows only failures, load problems and the closing line; `--verbose`
/// adds every step (call, line, clock times) and log entry of every test. Verdicts are in
/// colour on a terminal (`Colour`). With `--tap`, each point is printed as its test ends and
/// the plan comes last (`TAPStream`).
final class TestConsole {
    /// How much the console shows.
    enum Detail {
        /// Failures, load problems and the closing line (`--quiet`).
        case quiet
        /// Every test's verdict line.
        case normal
        /// Also every step and log entry (`--verbose`).
        case verbose
    }

    private let tap: Bool
    private let detail: Detail
    private let colour: Bool
    /// The file whose header was printed last, by its path's exact bytes: Swift's string
    /// equality takes two names that differ only in Unicode normalisation (`é` as U+00E9 or
    /// `e` + U+0301) for one, but they are two files (red-team finding o14).
    private var shownHeader: [UInt8]?
    /// Files whose tests were shown as they ended: a worker holds two files, so the next file's
    /// first test can arrive before the previous file's result, which must then add nothing
    /// (no second, empty header).
    private var filesShown: Set<[UInt8]> = []
    private var stream = TAPStream()
    /// Tests shown so far.
    private var finished = 0
    /// Tests of the files loaded so far, and whether every file has loaded (or ended).
    private var planned = 0
    private var allPlanned = false

    init(tap: Bool, detail: Detail = .normal, colour: Bool = false) {
        self.tap = tap
        self.detail = detail
        self.colour = colour && !tap
        if tap { write(stream.header) }
    }

    /// A file loaded with `count` tests; `allLoaded` once no file is left to load.
    func planned(_ count: Int, allLoaded: Bool) {
        planned += count
        allPlanned = allLoaded
    }

    /// `[3/12]`, or `[3/12+]` while files remain to load.
    private var counter: String {
        "[\(finished)/\(max(planned, finished))\(allPlanned ? "" : "+")]"
    }

    /// Shows one test as it ends (serial runs).
    func showProgress(_ outcome: TestOutcome) {
        finished += 1
        if tap {
            write(stream.test(outcome))
            return
        }
        let failing = outcome.verdict == .failed || outcome.verdict == .interrupted
        guard detail != .quiet || failing else { return }
        let file = Array(outcome.file.utf8)
        if shownHeader != file {
            print(TerminalText.path(outcome.file))
            shownHeader = file
        }
        filesShown.insert(file)
        var text = Self.line(outcome, verbose: detail == .verbose)
        if detail == .verbose { text += Self.details(outcome) }
        print(text, counter: counter)
        flushOutput()
    }

    /// Shows what is left of a file once it ended: its header if no test ran, load problems;
    /// a file that never ran is one line, `FILE  not run (interrupted)`.
    /// A file whose tests were all left out (`--filter`, `--tag`, …) shows nothing.
    func finish(_ result: ScriptFileResult) {
        if tap {
            write(stream.file(result))
            return
        }
        guard !result.isLeftOut else { return }
        if let notRun = result.notRunText {
            guard detail != .quiet else { return }
            print("\(TerminalText.path(result.file))  \(notRun)")
            shownHeader = Array(result.file.utf8)
            flushOutput()
            return
        }
        if detail == .quiet && result.loadProblems.isEmpty { return }
        let file = Array(result.file.utf8)
        if result.loadProblems.isEmpty && filesShown.contains(file) { return }
        if shownHeader != file {
            print(TerminalText.path(result.file))
            shownHeader = file
        }
        for problem in result.loadProblems { print("  ERROR " + Self.indented("\(problem)")) }
        flushOutput()
    }

    /// Shows a whole file at once (results from a worker).
    func show(_ result: ScriptFileResult) {
        for outcome in result.outcomes { showProgress(outcome) }
        finish(result)
    }

    /// How many of a failed test's log messages its verdict shows without `--verbose` (the
    /// last ones, after a line naming how many came before).
    static let failureLogLines = 10

    /// Prints the TAP plan (with --tap) or the closing lines. `runFailure`: why the run failed
    /// although no test did (it selected none, or a stop signal cut it short): with --tap, a
    /// `not ok` point before the plan (`TAPStream.runFailure`); the closing line names it as
    /// the JSON report's `line` does (`3 passed, 0 failed, 24 skipped; the run failed: …`).
    func close(_ results: [ScriptFileResult], written: [String], runFailure: String? = nil) {
        let summary = RunSummary(results)
        if tap {
            if let runFailure { write(stream.runFailure(runFailure)) }
            // The plan is the very last line: tappy reads a plan only at either end.
            write("# \(JSONReport.line(summary, runFailure: runFailure))\n")
            write(stream.plan)
            return
        }
        // A report whose pipe reader left is said even with --quiet: it is not whole.
        for path in written where detail != .quiet || OutputTarget.readerLeft(path) {
            print(OutputPath.wrote(path))
        }
        print(JSONReport.line(summary, runFailure: runFailure))
    }

    /// `--verbose`: the steps and log entries of `outcome`, one indented line each. Every log
    /// entry shows once: the verdict line of a verbose run lists none of a failed test's
    /// messages, and warnings show here only when the verdict line (WARN, REC) did not.
    static func details(_ outcome: TestOutcome) -> String {
        var text = ""
        for step in outcome.steps {
            let indent = StepIndent.text(step.depth)
            let clock =
                "\(formatNumber(step.clockStart, decimals: 2))–\(step.clockEnd.map { formatNumber($0, decimals: 2) } ?? "?") s"
            text += "\n        \(indent)\(step.passed ? "step" : "FAILED step") \(TerminalText.oneLine(step.call))"
            text += step.line.map { " (line \($0), \(clock))" } ?? " (\(clock))"
        }
        let lineShowsWarnings = outcome.verdict == .warned || outcome.verdict == .recorded
        for entry in outcome.log {
            if entry.level == .warning {
                if !lineShowsWarnings { text += "\n        " + located(entry, of: outcome) }
            } else {
                text += "\n        " + logged(entry)
            }
        }
        return text
    }

    /// The verdict line of `outcome` and what belongs under it: warnings, recorded baselines
    /// (a failed test's too), the failure, failed steps, a failed test's last ten messages (left to `details` when
    /// `verbose`, which lists them all) and saved artifacts.
    static func line(_ outcome: TestOutcome, verbose: Bool = false) -> String {
        let time = outcome.wallSeconds.map { Self.duration($0) } ?? "time unknown"
        let name = TerminalText.oneLine(outcome.name)
        let clock = "\(formatNumber(outcome.clockSeconds, decimals: 2)) s clock"
        switch outcome.verdict {
        case .passed: return "  PASS  \(name)  (\(time), \(clock))"
        case .warned:
            var text = "  WARN  \(name)  (passed with warnings; \(time), \(clock))"
            // `file:line: warning: message`, as failures print `file:line: message`, so editors'
            // and CI's problem matchers pick up both.
            for warning in outcome.warnings { text += "\n        " + located(warning, of: outcome) }
            return text + leftOutNotes(outcome)
        case .recorded:
            var text = "  REC   \(name)  (passed and recorded baselines; \(time), \(clock))"
            for visual in outcome.visuals where visual.status == "recorded" {
                text += "\n        " + TerminalText.oneLine(visual.message)
            }
            // Recording does not hide the test's warnings (JUnit and JSON keep them too).
            for warning in outcome.warnings { text += "\n        " + located(warning, of: outcome) }
            return text + leftOutNotes(outcome)
        case .skipped: return "  SKIP  \(name)  (\(TerminalText.oneLine(outcome.skipReason ?? "skipped")))"
        case .failed, .interrupted:
            var text = "  \(outcome.verdict == .failed ? "FAIL" : "INT ")  \(name)  (\(time), \(clock))"
            if let failure = outcome.failure { text += "\n        " + indented("\(failure)") }
            if let steps = outcome.failedStepsText({ TerminalText.oneLine($0) }) { text += "\n        " + steps }
            // Baselines it wrote before failing are new and unreviewed, as a REC test's are
            // (red-team 43 B G6: they were named in the JSON report only).
            for visual in outcome.visuals where visual.status == "recorded" {
                text +=
                    "\n        recorded, though the test failed (review it): " + TerminalText.oneLine(visual.message)
            }
            // Its warnings, as a passing test's WARN line shows them (red-team 24 F1: a failed
            // test's were left out; they are often the clue to the failure).
            if !verbose {
                for warning in outcome.warnings { text += "\n        " + located(warning, of: outcome) }
                // The last 10 messages; the ones before are named, never silently left out.
                let messages = outcome.log.filter { $0.level == .message }
                if messages.count > Self.failureLogLines {
                    let earlier = messages.count - Self.failureLogLines
                    text +=
                        "\n        (\(counted(earlier, "earlier log message")) not shown: --verbose, the JSON and JUnit reports have every one)"
                }
                for entry in messages.suffix(Self.failureLogLines) { text += "\n        " + logged(entry) }
            }
            for artifact in outcome.artifacts { text += "\n        saved \(TerminalText.path(artifact))" }
            return text
        }
    }

    /// The notes saying that log entries of `outcome` were left out (its 256 KiB log cap, the
    /// run-wide budget), each on its own line under a WARN or REC line: its warnings shown
    /// there are then known not to be all (red-team 25 F5: 5 120 of 20 000 were shown, and
    /// nothing said so). A failed test shows them among its last messages.
    static func leftOutNotes(_ outcome: TestOutcome) -> String {
        outcome.log.filter(TestRecordLimits.isLeftOutNote).map { "\n        " + logged($0) }.joined()
    }

    /// A text of several lines (a failure message with soft failures or a traceback, a load
    /// problem) with its lines after the first indented under the verdict line, so none reads
    /// as a line of the console's own.
    static func indented(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\n        ") }

    /// `log 0.25 s: message`, the message on its line (`TerminalText.oneLine`).
    static func logged(_ entry: TestLogEntry) -> String {
        "log \(formatNumber(entry.clockTime, decimals: 3)) s: \(TerminalText.oneLine(entry.message))"
    }

    /// `file:line: warning: message` (`TestOutcome.located`), the message on its line.
    static func located(_ warning: TestLogEntry, of outcome: TestOutcome) -> String {
        var entry = warning
        entry.message = TerminalText.oneLine(warning.message)
        return outcome.located(entry)
    }

    /// Prints a console line with control characters escaped (`TerminalText`): names, labels,
    /// log messages and errors come from scripts and must not drive the terminal. A verdict at
    /// the start is coloured (after escaping); `counter` goes at the end of the first line.
    private func print(_ text: String, counter: String? = nil) {
        var shown = TerminalText.escaped(text)
        if let counter {
            let end = shown.firstIndex(of: "\n") ?? shown.endIndex
            shown.insert(contentsOf: "  " + (colour ? Colour.dim(counter) : counter), at: end)
        }
        if colour { shown = Colour.verdict(shown) }
        Swift.print(shown)
    }

    /// Writes TAP text as it is (already escaped by `TAPText`).
    private func write(_ text: String) {
        Swift.print(text, terminator: "")
        flushOutput()
    }

    /// `12 ms`, `1.35 s`.
    static func duration(_ seconds: Double) -> String {
        seconds < 1 ? "\(formatNumber(seconds * 1000, decimals: 1)) ms" : "\(formatNumber(seconds, decimals: 2)) s"
    }
}
