import Foundation
import SceneflowCore

/// JUnit XML for CI servers: one `<testsuite>` per script file, one `<testcase>` per test.
///
/// Valid against the Jenkins xUnit plugin's own schema (`junit-10.xsd` of jenkinsci/xunit-plugin,
/// kept in `Tests/Fixtures/` and checked with `xmllint --schema`), which the plugin enforces:
/// no `skipped` on `<testsuites>`, `file` (the script) on `<testsuite>`. Per test: an
/// expectation, gesture or wait that did not hold is a `<failure>`, a Lua runtime error (or a
/// limit, or an interruption) an `<error>`, a skipped test `<skipped>`; real durations in
/// seconds, none at all when unknown (never a made-up 0). The testcase's `<system-out>` has
/// `PASSED WITH WARNINGS` and each warning as `file:line: warning: message`, and the failure
/// images (frame, expected, actual, diff) and the script's captures as `[[ATTACHMENT|path]]`
/// lines (GitLab and Jenkins attachments), the other failure artifacts as `artifact: path`
/// lines: every file the JSON report names for the test; every path is from the working
/// directory. A file that could not load is one
/// `(load)` testcase with an `<error>`; a file that never ran one `(not run)` testcase, an
/// `<error type="interrupted">` when a stop signal kept it from running (as each test it kept
/// from running: an interrupted run never reads as passed), else `<skipped>`. Each `<testsuite>`'s properties name the Sceneflow that wrote it
/// (`sceneflow.version`, `SceneflowVersion.current`). Timestamps are UTC with their zone (`2026-01-31T09:30:00Z`).
///
/// With `extras`, each testcase also gets `file` and `line` (the `test(...)` call) and a warned
/// or recorded test a `<properties>` block (`sceneflow.verdict`, one `sceneflow.warning` per
/// warning): what GitLab, GitHub's test reporters and Jenkins' JUnit plugin read, but what the
/// xUnit plugin's schema forbids.
public enum JUnitReport {
    /// The XML document for `results`. `runFailure` (`JSONReport.runFailure`: why a run that
    /// selected no test, or that a stop signal cut short, failed) adds a `(run)` testsuite whose
    /// one `(run)` testcase has an `<error type="noTests">` (`type="interrupted"` when
    /// `results` show a stop, `RunStop`), so a CI server reads the failure the exit code gives.
    /// `shard`, the run's `(I, N)` of `--shard I/N`, is each testsuite's `sceneflow.shard`
    /// property (`ShardOfAReport`).
    public static func xml(
        _ results: [ScriptFileResult], timestamp: Date = Date(), extras: Bool = false, runFailure: String? = nil,
        shard: (Int, Int)? = nil
    ) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        let stamp = formatter.string(from: timestamp)
        var counts = results.map(Counts.init)
        if runFailure != nil { counts.append(Counts(tests: 1, errors: 1)) }
        let total = results.compactMap(\.wallSeconds).reduce(0, +)
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"sceneflow\" tests=\"\(counts.reduce(0) { $0 + $1.tests })\""
        x += " failures=\"\(counts.reduce(0) { $0 + $1.failures })\" errors=\"\(counts.reduce(0) { $0 + $1.errors })\""
        x += " time=\"\(seconds(total))\">\n"
        for (index, result) in results.enumerated() {
            x += suite(result, counts: counts[index], id: index, timestamp: stamp, extras: extras, shard: shard)
        }
        if let runFailure {
            let message = escape(runFailure)
            x += "  <testsuite name=\"(run)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\""
            x += " id=\"\(results.count)\" timestamp=\"\(stamp)\">\n"
            // An empty shard's report says which shard it is too (red-team 59 B F6).
            if let shard, shard.1 > 1 {
                x += "    <properties>\n"
                x += "      <property name=\"\(ShardOfAReport.junitProperty)\" value=\"\(shard.0)/\(shard.1)\"/>\n"
                x += "    </properties>\n"
            }
            x += "    <testcase name=\"(run)\" classname=\"sceneflow\">\n"
            let type = RunStop(results).cutTheRunShort ? "interrupted" : "noTests"
            x += "      <error message=\"\(message)\" type=\"\(type)\">\(message)</error>\n"
            x += "    </testcase>\n  </testsuite>\n"
        }
        x += "</testsuites>\n"
        return x
    }

    /// What a testcase says about its test.
    enum Kind {
        case pass, failure, error, skipped
    }

    /// The JUnit kind of `outcome`: an expectation is a failure; a Lua runtime error, a limit,
    /// an interruption or a test an interruption kept from running an error.
    static func kind(_ outcome: TestOutcome) -> Kind {
        switch outcome.verdict {
        case .passed, .warned, .recorded: return .pass
        case .skipped: return outcome.notRunForInterruption ? .error : .skipped
        case .interrupted: return .error
        case .failed: return outcome.failureKind == .error ? .error : .failure
        }
    }

    /// The counts of a file's suite: its tests, plus one `(load)` case for load problems and
    /// one `(not run)` case for a file that never ran.
    struct Counts {
        var tests = 0, failures = 0, errors = 0, skipped = 0
        init(tests: Int, errors: Int) {
            self.tests = tests
            self.errors = errors
        }
        init(_ result: ScriptFileResult) {
            tests = result.outcomes.count
            if !result.loadProblems.isEmpty {
                tests += 1
                errors += 1
            }
            if result.notRun != nil {
                tests += 1
                if result.notRunFails { errors += 1 } else { skipped += 1 }
            }
            for outcome in result.outcomes {
                switch JUnitReport.kind(outcome) {
                case .pass: break
                case .failure: failures += 1
                case .error: errors += 1
                case .skipped: skipped += 1
                }
            }
        }
    }

    private static func suite(
        _ result: ScriptFileResult, counts: Counts, id: Int, timestamp: String, extras: Bool, shard: (Int, Int)?
    ) -> String {
        var x = "  <testsuite name=\"\(escape(result.file))\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\""
        x += " errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\" id=\"\(id)\" timestamp=\"\(timestamp)\""
        if let wall = result.wallSeconds { x += " time=\"\(seconds(wall))\"" }
        x += " file=\"\(escape(result.file))\">\n"
        x += "    <properties>\n"
        x += "      <property name=\"sceneflow.version\" value=\"\(SceneflowVersion.current)\"/>\n"
        x += "      <property name=\"sceneflow.verdicts\" value=\"\(escape(verdicts(result)))\"/>\n"
        if let shard, shard.1 > 1 {
            x += "      <property name=\"\(ShardOfAReport.junitProperty)\" value=\"\(shard.0)/\(shard.1)\"/>\n"
        }
        for outcome in result.outcomes {
            for warning in outcome.warnings {
                x +=
                    "      <property name=\"warning: \(escape(outcome.name))\" value=\"\(escape(warning.message))\"/>\n"
            }
        }
        x += "    </properties>\n"
        let classname = escape(HeadlessTestRunner.scriptID(result.file))
        let fileAttribute = extras ? " file=\"\(escape(result.file))\"" : ""
        if !result.loadProblems.isEmpty {
            let message = result.loadProblems.map(\.description).joined(separator: "\n")
            x += "    <testcase name=\"(load)\" classname=\"\(classname)\"\(fileAttribute)>\n"
            x +=
                "      <error message=\"\(escape(result.loadProblems[0].description))\" type=\"load\">\(escape(message))</error>\n"
            x += "    </testcase>\n"
        }
        if let notRunText = result.notRunText {
            x += "    <testcase name=\"(not run)\" classname=\"\(classname)\"\(fileAttribute)>\n"
            x +=
                result.notRunFails
                ? "      <error message=\"\(escape(notRunText))\" type=\"\(result.notRunForInterruption ? "interrupted" : "notRun")\">\(escape(notRunText))</error>\n"
                : "      <skipped message=\"\(escape(notRunText))\"/>\n"
            x += "    </testcase>\n"
        }
        for outcome in result.outcomes { x += testcase(outcome, classname: classname, extras: extras) }
        x += "  </testsuite>\n"
        return x
    }

    private static func testcase(_ outcome: TestOutcome, classname: String, extras: Bool) -> String {
        var x = "    <testcase name=\"\(escape(outcome.name))\" classname=\"\(classname)\""
        if let wall = outcome.wallSeconds { x += " time=\"\(seconds(wall))\"" }
        if extras { x += " file=\"\(escape(outcome.file))\" line=\"\(outcome.line)\"" }
        x += ">\n"
        if extras && (outcome.verdict == .warned || outcome.verdict == .recorded) {
            x += "      <properties>\n"
            x += "        <property name=\"sceneflow.verdict\" value=\"\(escape(outcome.verdict.rawValue))\"/>\n"
            for warning in outcome.warnings {
                x += "        <property name=\"sceneflow.warning\" value=\"\(escape(outcome.located(warning)))\"/>\n"
            }
            x += "      </properties>\n"
        }
        let failure =
            (outcome.failure.map(\.description)
                ?? (outcome.notRunForInterruption ? "not run: \(outcome.skipReason!)" : "failed"))
            + (outcome.failedStepsText.map { " (\($0))" } ?? "")
        let body = escape(failure + "\n" + stepsText(outcome))
        switch kind(outcome) {
        case .failure:
            x += "      <failure message=\"\(escape(failure))\" type=\"expectation\">\(body)</failure>\n"
        case .error:
            let type = outcome.verdict == .interrupted || outcome.notRunForInterruption ? "interrupted" : "lua"
            x += "      <error message=\"\(escape(failure))\" type=\"\(type)\">\(body)</error>\n"
        case .skipped:
            x += "      <skipped message=\"\(escape(outcome.skipReason ?? "skipped"))\"/>\n"
        case .pass: break
        }
        let out = outputText(outcome)
        if !out.isEmpty { x += "      <system-out>\(escape(out))</system-out>\n" }
        x += "    </testcase>\n"
        return x
    }

    private static func verdicts(_ result: ScriptFileResult) -> String {
        result.outcomes.map { "\($0.name)=\($0.verdict.rawValue)" }.joined(separator: "; ")
    }

    private static func stepsText(_ outcome: TestOutcome) -> String {
        outcome.steps.map { step in
            "\(step.passed ? "ok  " : "FAIL") \(formatNumber(step.clockStart, decimals: 3))s "
                + StepIndent.text(step.depth) + step.call
                + (step.line.map { " (line \($0))" } ?? "")
        }.joined(separator: "\n")
    }

    /// The images JUnit attaches for `outcome`, as paths from the working directory: the frame
    /// at the failure, then every image a screenshot check or capture wrote (a failed
    /// screenshot's expected, actual and diff; each `capture`, whatever the verdict: evidence
    /// the script asked for), as JSON and the HTML page name them (red-team 57 B J1: a failing
    /// test's captures were missing from JUnit).
    static func attachedImages(_ outcome: TestOutcome) -> [String] {
        var images = outcome.artifacts.filter { $0.hasSuffix(".png") }
        let order = ["expected", "actual", "diff"]
        for visual in outcome.visuals {
            let kinds = visual.files.keys.sorted {
                (order.firstIndex(of: $0) ?? 3, $0) < (order.firstIndex(of: $1) ?? 3, $1)
            }
            images += kinds.compactMap { visual.files[$0] }.filter { !images.contains($0) }
        }
        return images
    }

    private static func outputText(_ outcome: TestOutcome) -> String {
        var lines: [String] = []
        if outcome.verdict == .warned { lines.append("PASSED WITH WARNINGS") }
        for warning in outcome.warnings { lines.append(outcome.located(warning)) }
        for visual in outcome.visuals where visual.status != "passed" {
            lines.append("\(visual.status.uppercased()) \(visual.kind) \"\(visual.name)\": \(visual.message)")
        }
        for entry in outcome.log where entry.level == .message {
            lines.append("message \(formatNumber(entry.clockTime, decimals: 3))s: \(entry.message)")
        }
        let images = attachedImages(outcome)
        for artifact in outcome.artifacts where !images.contains(artifact) { lines.append("artifact: \(artifact)") }
        for file in images + [outcome.video].compactMap({ $0 }) { lines.append(attachment(file)) }
        return lines.joined(separator: "\n")
    }

    /// `[[ATTACHMENT|path]]` for a failure image or video, as GitLab and Jenkins read it: up to
    /// the first `]]`, on one line. A path they would cut (one holding `]]` or a line break, or
    /// ending in `]`: a folder the run was given so) is listed as `artifact: path` with why it
    /// is not attached, never written as an attachment that names another file. Sceneflow's
    /// own names hold no `]` (script ids, failure folders).
    static func attachment(_ path: String) -> String {
        if path.contains("]]") || path.hasSuffix("]") || path.contains(where: { $0 == "\n" || $0 == "\r" }) {
            return
                "artifact: \(path) (not attached: GitLab and Jenkins read an attachment's path up to its first ]] on one line)"
        }
        return "[[ATTACHMENT|\(path)]]"
    }

    /// Seconds with millisecond precision, as JUnit readers expect (`0.012`).
    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    /// XML text and attribute escaping; tab, line feed and carriage return as character
    /// references (so attribute normalisation keeps them); characters XML 1.0 forbids become
    /// U+FFFD. Byte by byte over the UTF-8: every byte replaced is ASCII or starts U+FFFE and
    /// U+FFFF (EF BF BE, EF BF BF); text with none is returned as it is, without a copy.
    static func escape(_ text: String) -> String {
        func special(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == 0xEF || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
        }
        guard text.utf8.contains(where: special) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case 0x0A: out.append(contentsOf: "&#10;".utf8)
            case 0x09: out.append(contentsOf: "&#9;".utf8)
            case 0x0D: out.append(contentsOf: "&#13;".utf8)
            case 0x00..<0x20: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case 0xEF where i + 1 < bytes.count && bytes[i] == 0xBF && (bytes[i + 1] == 0xBE || bytes[i + 1] == 0xBF):
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                i += 2
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
