import SceneflowCore

/// TAP version 13 (testanything.org): one test point per test, `# SKIP` for skipped tests and
/// for each file that never ran (`# SKIP not run (interrupted)`),
/// and a YAML block with the failure (message, file, line), warnings and duration.
public enum TAPReport {
    /// The TAP stream for `results`.
    public static func text(_ results: [ScriptFileResult]) -> String {
        var points: [String] = []
        for result in results {
            if let notRun = result.notRunText {
                points.append("ok \(points.count + 1) - \(clean(result.file)) # SKIP \(notRun)")
            }
            if !result.loadProblems.isEmpty {
                var block = ["not ok \(points.count + 1) - \(clean(result.file)): could not load"]
                block.append("  ---")
                block.append("  severity: error")
                block.append("  messages:")
                for problem in result.loadProblems { block.append("    - \(yaml(problem.description))") }
                block.append("  ...")
                points.append(block.joined(separator: "\n"))
            }
            for outcome in result.outcomes {
                let number = points.count + 1
                let title = "\(clean(result.file)): \(clean(outcome.name))"
                var block: [String] = []
                switch outcome.verdict {
                case .passed, .warned, .recorded: block.append("ok \(number) - \(title)")
                case .failed, .interrupted: block.append("not ok \(number) - \(title)")
                case .skipped: block.append("ok \(number) - \(title) # SKIP \(clean(outcome.skipReason ?? ""))")
                }
                var yamlLines: [String] = []
                if outcome.verdict != .skipped {
                    yamlLines.append("  verdict: \(yaml(outcome.verdict.rawValue))")
                    yamlLines.append(
                        "  duration_ms: "
                            + (outcome.wallSeconds.map { formatNumber($0 * 1000, decimals: 3) } ?? "unknown"))
                    yamlLines.append("  clock_seconds: \(formatNumber(outcome.clockSeconds, decimals: 4))")
                }
                if let failure = outcome.failure {
                    yamlLines.append("  message: \(yaml(failure.message))")
                    yamlLines.append("  at:")
                    yamlLines.append("    file: \(yaml(failure.file))")
                    if let line = failure.line { yamlLines.append("    line: \(line)") }
                }
                if !outcome.warnings.isEmpty {
                    yamlLines.append("  warnings:")
                    for warning in outcome.warnings { yamlLines.append("    - \(yaml(warning.message))") }
                }
                if !yamlLines.isEmpty && outcome.verdict != .passed {
                    block.append("  ---")
                    block += yamlLines
                    block.append("  ...")
                }
                points.append(block.joined(separator: "\n"))
            }
        }
        return "TAP version 13\n1..\(points.count)\n" + points.map { $0 + "\n" }.joined()
    }

    /// A description without `#` (which would start a directive) or line breaks.
    private static func clean(_ text: String) -> String {
        text.replacingOccurrences(of: "#", with: "\\#").replacingOccurrences(of: "\n", with: " ")
    }

    /// A double-quoted YAML scalar.
    private static func yaml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\x%02X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
