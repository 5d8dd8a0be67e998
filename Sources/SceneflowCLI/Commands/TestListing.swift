import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow test --list`: the tests a run would take, without running them (as Playwright
/// Test's `--list`). Each file is loaded by a worker as for a run (so `--filter`, `--tag`,
/// `--shard`, `--last-failed` and `--forbid-only` apply) and every test it would take is one
/// line, `file:line: name`, a `skip()`ped one with `  (skipped: reason)`; then
/// `Total: N tests in M files`. A file that cannot load prints its problems to standard error
/// and the exit code is 65.
enum TestListing {
    /// The lines for `results` (files whose tests were all left out are not named).
    static func lines(_ results: [ScriptFileResult]) -> [String] {
        var lines: [String] = []
        for result in results {
            for outcome in result.outcomes {
                // Each test on its line, whatever its name or reason holds (`TerminalText`).
                var line = "\(TerminalText.path(outcome.file)):\(outcome.line): \(TerminalText.oneLine(outcome.name))"
                if let reason = outcome.skipReason { line += "  (skipped: \(TerminalText.oneLine(reason)))" }
                lines.append(line)
            }
        }
        let tests = results.reduce(0) { $0 + $1.outcomes.count }
        let files = results.filter { !$0.outcomes.isEmpty }.count
        lines.append("Total: \(counted(tests, "test")) in \(counted(files, "file"))")
        return lines
    }

    /// Prints the listing of `results` and returns the exit code: 65 when a file could not
    /// load, 130/143 after a signal, else 0.
    static func show(_ results: [ScriptFileResult], interruption: Interruption) -> ExitCode {
        // Written as `--json -` is: a reader that stops reading holds the list only until a stop
        // signal (red-team finding T11: SIGTERM waited for the reader to go away).
        let text = lines(results).map { TerminalText.escaped($0) + "\n" }.joined()
        flushOutput()
        do { try OutputTarget.write(Data(text.utf8), to: "-") } catch {
            if interruption.signal == nil { printError("sceneflow test: could not write the list: \(error.reason)") }
            if let signal = interruption.signal { return ExitCode(stoppedBy: signal) }
            return .software
        }
        for result in results {
            for problem in result.loadProblems { printError("\(problem)") }
        }
        if let signal = interruption.signal { return ExitCode(stoppedBy: signal) }
        return results.contains { !$0.loadProblems.isEmpty } ? .badInput : .success
    }
}
