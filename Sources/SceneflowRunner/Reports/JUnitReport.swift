import Foundation
import SceneflowCore

/// JUnit XML for CI servers: one `<testsuite>` per script file, one `<testcase>` per test.
/// Valid against the common JUnit schema used by Jenkins (`junit-10.xsd`; our own transcription
/// is `Tests/Fixtures/junit.xsd`): real durations in seconds, and none at all when unknown
/// (never a made-up 0); failures carry the message and `file:line`; a test that passed with
/// warnings is a passing testcase whose warnings are in its `<system-out>` and in a
/// `warning: <test name>` property of its suite (the schema has no per-testcase properties);
/// a file that never ran (interrupted run) is one skipped `(not run)` testcase.
public enum JUnitReport {
    /// The XML document for `results`.
    public static func xml(_ results: [ScriptFileResult], timestamp: Date = Date()) -> String {
        let summary = RunSummary(results)
        let stamp = ISO8601DateFormatter.string(
            from: timestamp, timeZone: TimeZone(identifier: "UTC")!,
            formatOptions: [
                .withFullDate, .withTime,
                .withColonSeparatorInTime, .withDashSeparatorInDate,
            ])
        let total = results.compactMap(\.wallSeconds).reduce(0, +)
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"sceneflow\" tests=\"\(results.reduce(0) { $0 + testCount($1) })\""
        x +=
            " failures=\"\(summary.failed - summary.loadFailures + summary.interrupted)\" errors=\"\(summary.loadFailures)\""
        x += " skipped=\"\(summary.skipped + summary.notRun)\""
        x += " time=\"\(seconds(total))\">\n"
        for (index, result) in results.enumerated() {
            x += suite(result, id: index, timestamp: stamp)
        }
        x += "</testsuites>\n"
        return x
    }

    /// The testcases of a file's suite: its tests, plus one `(load)` case for load problems
    /// and one `(not run)` case for a file that never ran.
    private static func testCount(_ result: ScriptFileResult) -> Int {
        result.outcomes.count + (result.loadProblems.isEmpty ? 0 : 1) + (result.notRun == nil ? 0 : 1)
    }

    private static func suite(_ result: ScriptFileResult, id: Int, timestamp: String) -> String {
        let failures = result.outcomes.filter { $0.verdict == .failed || $0.verdict == .interrupted }.count
        let notRun = result.notRun == nil ? 0 : 1
        let skipped = result.outcomes.filter { $0.verdict == .skipped }.count + notRun
        let errors = result.loadProblems.isEmpty ? 0 : 1
        let tests = testCount(result)
        var x = "  <testsuite name=\"\(escape(result.file))\" tests=\"\(tests)\" failures=\"\(failures)\""
        x += " errors=\"\(errors)\" skipped=\"\(skipped)\" id=\"\(id)\" timestamp=\"\(timestamp)\""
        if let wall = result.wallSeconds { x += " time=\"\(seconds(wall))\"" }
        x += ">\n"
        let warned = result.outcomes.filter { !$0.warnings.isEmpty }
        x += "    <properties>\n"
        x += "      <property name=\"sceneflow.verdicts\" value=\"\(escape(verdicts(result)))\"/>\n"
        for outcome in warned {
            for warning in outcome.warnings {
                x +=
                    "      <property name=\"warning: \(escape(outcome.name))\" value=\"\(escape(warning.message))\"/>\n"
            }
        }
        x += "    </properties>\n"
        let classname = escape(HeadlessTestRunner.scriptID(result.file))
        if !result.loadProblems.isEmpty {
            let message = result.loadProblems.map(\.description).joined(separator: "\n")
            x += "    <testcase name=\"(load)\" classname=\"\(classname)\">\n"
            x +=
                "      <error message=\"\(escape(result.loadProblems[0].description))\" type=\"load\">\(escape(message))</error>\n"
            x += "    </testcase>\n"
        }
        if let notRunText = result.notRunText {
            x += "    <testcase name=\"(not run)\" classname=\"\(classname)\">\n"
            x += "      <skipped message=\"\(escape(notRunText))\"/>\n"
            x += "    </testcase>\n"
        }
        for outcome in result.outcomes {
            x += "    <testcase name=\"\(escape(outcome.name))\" classname=\"\(classname)\""
            if let wall = outcome.wallSeconds { x += " time=\"\(seconds(wall))\"" }
            x += ">\n"
            switch outcome.verdict {
            case .failed, .interrupted:
                let failure = outcome.failure.map(\.description) ?? "failed"
                x +=
                    "      <failure message=\"\(escape(failure))\" type=\"\(outcome.verdict == .failed ? "failure" : "interrupted")\">"
                x += escape(failure + "\n" + stepsText(outcome)) + "</failure>\n"
            case .skipped:
                x += "      <skipped message=\"\(escape(outcome.skipReason ?? "skipped"))\"/>\n"
            case .passed, .warned, .recorded: break
            }
            let out = outputText(outcome)
            if !out.isEmpty { x += "      <system-out>\(escape(out))</system-out>\n" }
            x += "    </testcase>\n"
        }
        x += "  </testsuite>\n"
        return x
    }

    private static func verdicts(_ result: ScriptFileResult) -> String {
        result.outcomes.map { "\($0.name)=\($0.verdict.rawValue)" }.joined(separator: "; ")
    }

    private static func stepsText(_ outcome: TestOutcome) -> String {
        outcome.steps.map { step in
            "\(step.passed ? "ok  " : "FAIL") \(formatNumber(step.clockStart, decimals: 3))s \(step.call)"
                + (step.line.map { " (line \($0))" } ?? "")
        }.joined(separator: "\n")
    }

    private static func outputText(_ outcome: TestOutcome) -> String {
        var lines: [String] = []
        if outcome.verdict == .warned { lines.append("PASSED WITH WARNINGS") }
        for visual in outcome.visuals where visual.status != "passed" {
            lines.append("\(visual.status.uppercased()) \(visual.kind) \"\(visual.name)\": \(visual.message)")
        }
        for entry in outcome.log where entry.level != .debug {
            let label = entry.level == .warning ? "WARNING" : "message"
            lines.append("\(label) \(formatNumber(entry.clockTime, decimals: 3))s: \(entry.message)")
        }
        for artifact in outcome.artifacts { lines.append("artifact: \(artifact)") }
        return lines.joined(separator: "\n")
    }

    /// Seconds with millisecond precision, as JUnit readers expect (`0.012`).
    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// XML text and attribute escaping; characters XML 1.0 forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
