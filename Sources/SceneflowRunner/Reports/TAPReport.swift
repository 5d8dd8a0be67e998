import SceneflowCore

/// TAP version 13 (testanything.org) as Perl's `prove` (TAP::Harness) and tappy (PyPI
/// `tap.py`) read it: one test point per test, `# SKIP` for skipped tests, `not ok` for each
/// test and file a stop signal kept from running (`not ok 3 - b.lua: not run (interrupted)`:
/// an interrupted run never reads as a pass), one `not ok` point per file that could not
/// load, and a YAML block for every point that is not a plain pass (and for any whose
/// description had to change the name).
///
/// Descriptions are `<script>: <test name>` with backslashes escaped, `#` written as `＃` and
/// control characters as spaces (see `TAPText.description`), so no name can read as a TODO or
/// SKIP directive. The YAML block has the exact name and file, the verdict, durations, the
/// failure (`message`, `at: {file, line}`, and `failed_in_steps:` the names of the
/// `step(name, fn)` groups it failed in, outermost first), the baselines the test wrote
/// (`recorded_baselines:`, a list of paths), the warnings as a list of mappings (`- message:`,
/// `file`, `line`, `clock_seconds`), the log messages (`log:`, each `- message:` and
/// `clock_seconds`; a passing test with messages gets a block for them) and for a file that
/// could not load its problems in the same shape (`messages:`); every string is a double-quoted scalar both YAMLish and PyYAML read.
public enum TAPReport {
    /// The TAP stream for `results`, the plan first; `runFailure` adds its point last
    /// (`runFailurePoint`).
    public static func text(_ results: [ScriptFileResult], runFailure: String? = nil) -> String {
        var points: [String] = []
        for result in results {
            points += filePoints(result, from: points.count + 1)
            for outcome in result.outcomes {
                points.append(point(outcome, number: points.count + 1, file: TAPText.description(result.file)))
            }
        }
        if let runFailure { points.append(runFailurePoint(runFailure, number: points.count + 1)) }
        return "TAP version 13\n1..\(points.count)\n" + points.map { $0 + "\n" }.joined()
    }

    /// The point of one test numbered `number` (a line, with a YAML block when it is not a plain
    /// pass), for a stream written as tests end (`TAPStream`).
    public static func point(_ outcome: TestOutcome, number: Int) -> String {
        point(outcome, number: number, file: TAPText.description(outcome.file))
    }

    /// The point numbered `number` of a run that failed although no test did
    /// (`JSONReport.runFailure`: it selected no test): `not ok 1 - the run failed: no test
    /// matches --filter zzz: nothing was checked`, with the reason in its YAML block, so `prove`
    /// and tappy fail a run whose plan would otherwise be `1..0`, a pass.
    public static func runFailurePoint(_ reason: String, number: Int) -> String {
        [
            "not ok \(number) - the run failed: \(TAPText.description(reason))", "  ---",
            "  message: \(TAPText.yamlQuoted(reason))", "  severity: fail", "  ...",
        ].joined(separator: "\n")
    }

    /// The points a file adds besides its tests, numbered from `number`: `# SKIP not run (…)`
    /// for a file that never ran (`not ok … not run (interrupted)` when a stop signal kept it
    /// from running), one `not ok` point for a file that could not load.
    public static func filePoints(_ result: ScriptFileResult, from number: Int) -> [String] {
        var points: [String] = []
        let file = TAPText.description(result.file)
        if let notRun = result.notRunText {
            // Kept from running by a stop signal (or its shard's report missing): not a pass.
            points.append(
                result.notRunFails
                    ? "not ok \(number + points.count) - \(file): \(TAPText.description(notRun))"
                    : "ok \(number + points.count) - \(file) # SKIP \(TAPText.description(notRun))")
        }
        if !result.loadProblems.isEmpty {
            var block = ["not ok \(number + points.count) - \(file): could not load", "  ---"]
            block.append("  file: \(TAPText.yamlQuoted(result.file))")
            block.append("  severity: error")
            block.append("  messages:")
            for problem in result.loadProblems { block += item(problem) }
            block.append("  ...")
            points.append(block.joined(separator: "\n"))
        }
        return points
    }

    /// One load problem as a YAML list item (a mapping, which both readers take as one).
    private static func item(_ problem: Diagnostic) -> [String] {
        var lines = ["    - message: \(TAPText.yamlQuoted(problem.message))"]
        lines.append("      file: \(TAPText.yamlQuoted(problem.file))")
        if let line = problem.line { lines.append("      line: \(line)") }
        if let path = problem.path, !path.isEmpty { lines.append("      path: \(TAPText.yamlQuoted(path))") }
        return lines
    }

    static func point(_ outcome: TestOutcome, number: Int, file: String) -> String {
        let name = TAPText.description(outcome.name)
        let title = "\(file): \(name)"
        var head: String
        switch outcome.verdict {
        case .passed, .warned, .recorded: head = "ok \(number) - \(title)"
        case .failed, .interrupted: head = "not ok \(number) - \(title)"
        case .skipped where outcome.notRunForInterruption:
            head = "not ok \(number) - \(title): not run (\(TAPText.description(outcome.skipReason ?? "")))"
        case .skipped: head = "ok \(number) - \(title) # SKIP \(TAPText.description(outcome.skipReason ?? ""))"
        }
        let altered = name != outcome.name || file != outcome.file
        let messages = outcome.log.filter { $0.level == .message }
        guard outcome.verdict != .passed || altered || !messages.isEmpty else { return head }
        var yaml = ["  ---"]
        yaml.append("  name: \(TAPText.yamlQuoted(outcome.name))")
        yaml.append("  file: \(TAPText.yamlQuoted(outcome.file))")
        yaml.append("  line: \(outcome.line)")
        yaml.append("  verdict: \(TAPText.yamlQuoted(outcome.verdict.rawValue))")
        if outcome.verdict == .skipped {
            if let reason = outcome.skipReason { yaml.append("  skip_reason: \(TAPText.yamlQuoted(reason))") }
        } else {
            yaml.append(
                "  duration_ms: "
                    + (outcome.wallSeconds.map { formatNumber($0 * 1000, decimals: 3) } ?? "unknown"))
            yaml.append("  clock_seconds: \(formatNumber(outcome.clockSeconds, decimals: 4))")
        }
        if let failure = outcome.failure {
            yaml.append("  message: \(TAPText.yamlQuoted(failure.message))")
            if let kind = outcome.failureKind { yaml.append("  failure_kind: \(kind.rawValue)") }
            yaml.append("  at:")
            yaml.append("    file: \(TAPText.yamlQuoted(failure.file))")
            if let line = failure.line { yaml.append("    line: \(line)") }
            if !outcome.failedSteps.isEmpty {
                yaml.append("  failed_in_steps:")
                for step in outcome.failedSteps { yaml.append("    - \(TAPText.yamlQuoted(step))") }
            }
        }
        // The baselines it wrote (a REC test's, or a failed test's before it failed: new and
        // unreviewed either way; red-team 43 B G6).
        var recorded: [String] = []
        for visual in outcome.visuals where visual.status == "recorded" {
            if let path = visual.baseline, !recorded.contains(path) { recorded.append(path) }
        }
        if !recorded.isEmpty {
            yaml.append("  recorded_baselines:")
            for path in recorded { yaml.append("    - \(TAPText.yamlQuoted(path))") }
        }
        if !outcome.warnings.isEmpty {
            yaml.append("  warnings:")
            for warning in outcome.warnings {
                yaml.append("    - message: \(TAPText.yamlQuoted(warning.message))")
                yaml.append("      file: \(TAPText.yamlQuoted(outcome.file))")
                if let line = warning.line { yaml.append("      line: \(line)") }
                yaml.append("      clock_seconds: \(formatNumber(warning.clockTime, decimals: 3))")
            }
        }
        // The log messages, as JUnit's system-out and the verbose console carry them (a
        // holding after_all's among them; red-team finding p15).
        if !messages.isEmpty {
            yaml.append("  log:")
            for entry in messages {
                yaml.append("    - message: \(TAPText.yamlQuoted(entry.message))")
                yaml.append("      clock_seconds: \(formatNumber(entry.clockTime, decimals: 3))")
            }
        }
        yaml.append("  ...")
        head += "\n" + yaml.joined(separator: "\n")
        return head
    }
}

/// TAP written as the run goes (`sceneflow test --tap`): the version line first, each test's
/// point as it ends, each file's own points (not run, could not load) when it ends, and the
/// plan `1..N` last, which TAP version 13 allows; `prove` and tappy read it as the whole
/// stream `TAPReport.text` writes.
public struct TAPStream {
    /// Points written so far.
    public private(set) var count = 0

    /// Creates a stream.
    public init() {}

    /// `TAP version 13`, the first line.
    public var header: String { "TAP version 13\n" }

    /// The point of a test that ended.
    public mutating func test(_ outcome: TestOutcome) -> String {
        count += 1
        return TAPReport.point(outcome, number: count) + "\n"
    }

    /// The points of a file that ended besides its tests (empty for most files).
    public mutating func file(_ result: ScriptFileResult) -> String {
        let points = TAPReport.filePoints(result, from: count + 1)
        count += points.count
        return points.map { $0 + "\n" }.joined()
    }

    /// The point of a run that failed although no test did (`TAPReport.runFailurePoint`),
    /// written after every file's.
    public mutating func runFailure(_ reason: String) -> String {
        count += 1
        return TAPReport.runFailurePoint(reason, number: count) + "\n"
    }

    /// The plan, `1..N`, the last line.
    public var plan: String { "1..\(count)\n" }
}
