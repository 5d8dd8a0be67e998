import Foundation
import SceneflowCore

/// How much of its tests' steps and log lines a run keeps for its reports, across all its
/// tests. Each test's own detail is already bounded where it leaves Lua (LimitsAndExitCodes:
/// 10 000 steps of at most 1 KiB, 256 KiB of log), but a run of many such tests was not: 200
/// tests of 10 000 named steps each took the runner to 14.8 GB and wrote a 4.6 GB JSON report.
/// Once `limit` bytes of detail are kept, a test that arrives keeps its verdict, its failure,
/// its failed steps and its warnings, and its other steps and log lines are left out with one
/// log line saying how many and why (`leftOutNote`), in every report alike.
public struct TestDetailBudget: Sendable {
    /// The detail a run keeps before tests are cut: 64 MiB of step calls, step names and log
    /// messages (the reports hold a few times that in their markup).
    public static let runLimit = 64 << 20

    /// Bytes of detail the budget allows.
    public let limit: Int
    /// Bytes of detail kept so far.
    public private(set) var used = 0
    /// How many tests had detail left out.
    public private(set) var testsCut = 0

    /// A budget of `limit` bytes (`runLimit` unless a test asks for less).
    public init(limit: Int = TestDetailBudget.runLimit) {
        self.limit = max(0, limit)
    }

    /// What `outcome`'s steps and log cost: their text in bytes, plus a fixed cost per record
    /// for its other fields (times, line, level).
    public static func cost(steps: [TestStepRecord], log: [TestLogEntry]) -> Int {
        steps.reduce(0) { $0 + $1.call.utf8.count + ($1.group?.utf8.count ?? 0) + 48 }
            + log.reduce(0) { $0 + $1.message.utf8.count + 32 }
    }

    /// Keeps `outcome`'s detail while the budget holds it; past the budget, leaves out what
    /// the verdict does not rest on (passed steps, plain log lines) and notes it.
    public mutating func admit(_ outcome: inout TestOutcome) {
        let cost = Self.cost(steps: outcome.steps, log: outcome.log)
        if used + cost <= limit {
            used += cost
            return
        }
        let steps = outcome.steps.filter { !$0.passed }
        let log = outcome.log.filter { $0.level == .warning }
        let kept = Self.cost(steps: steps, log: log)
        let leftSteps = outcome.steps.count - steps.count
        let leftLines = outcome.log.count - log.count
        outcome.steps = steps
        outcome.log = log
        used += kept
        guard leftSteps + leftLines > 0 else { return }
        testsCut += 1
        outcome.log.append(
            TestLogEntry(level: .message, clockTime: 0, line: nil, message: note(steps: leftSteps, lines: leftLines)))
    }

    /// Keeps log `lines` joining a test already admitted (its after_all hooks' log) while the
    /// budget holds them; nil when they do not fit (they are left out).
    public mutating func admit(joining lines: [TestLogEntry]) -> [TestLogEntry]? {
        let cost = Self.cost(steps: [], log: lines)
        guard used + cost <= limit else { return nil }
        used += cost
        return lines
    }

    /// The log line a cut test gets: `9 990 steps and 64 log lines of this test were left out:
    /// the run had kept 64 MiB of its tests' steps and logs (the run-wide limit)`.
    func note(steps: Int, lines: Int) -> String {
        var parts: [String] = []
        if steps > 0 { parts.append(counted(steps, "step")) }
        if lines > 0 { parts.append(counted(lines, "log line")) }
        let verb = steps + lines == 1 ? "was" : "were"
        return "\(parts.joined(separator: " and ")) of this test \(verb) left out: the run had kept "
            + "\(limit >> 20 > 0 ? "\(limit >> 20) MiB" : "\(limit) bytes") of its tests' steps and logs "
            + TestRecordLimits.budgetNoteEnding
    }
}
