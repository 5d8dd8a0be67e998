import Foundation
import SceneflowCore

/// A value of a `--json` report that `sceneflow test` never writes, with its place.
public struct ReportLimitError: Error, CustomStringConvertible, Sendable {
    /// The JSON path of the value, e.g. `files[0].outcomes[2].steps[5].depth`.
    public let place: String
    /// What is wrong with it, e.g. `-3 is not a step depth (0 to 9999)`.
    public let problem: String
    /// `place: problem`.
    public var description: String { "\(place): \(problem)" }
}

extension JSONReport {
    /// Checks that every number and name of the report is one `sceneflow test` can write
    /// (`TestRecordLimits`): line numbers, frame counts and clock times are not negative, a
    /// step's depth is below the steps a test keeps, a test keeps at most that many steps and
    /// its name is at most 1 KiB, and `runFailure` is at most 1 MiB. `merge-reports` runs it before rendering anything, so a
    /// damaged or hand-made shard report is refused instead of trapping a writer (a negative
    /// depth) or running without end (a depth of 10^9).
    /// - Throws: `ReportLimitError` for the first value out of range, naming its JSON path.
    public func checkLimits() throws(ReportLimitError) {
        if let runFailure, runFailure.utf8.count > TestOutcome.messageBytesLimit {
            throw ReportLimitError(
                place: "runFailure",
                problem: "\(runFailure.utf8.count) bytes long; a reason is at most \(TestOutcome.messageBytesLimit)")
        }
        for (i, file) in files.enumerated() {
            try checkWallSeconds(file.wallSeconds, at: "files[\(i)].wallSeconds")
            for (k, problem) in file.loadProblems.enumerated() {
                try Diagnostic.checkLine(problem.line, at: "files[\(i)].loadProblems[\(k)].line")
            }
            for (j, test) in file.outcomes.enumerated() {
                try test.checkLimits(at: "files[\(i)].outcomes[\(j)]")
            }
        }
    }
}

/// Refuses a real time that is negative or not finite (a merged JUnit would write it as
/// `time="-1000…"`, 309 digits).
/// - Throws: `ReportLimitError` at `place`.
func checkWallSeconds(_ seconds: Double?, at place: String) throws(ReportLimitError) {
    if let seconds, !(seconds >= 0 && seconds.isFinite) {
        throw ReportLimitError(place: place, problem: "\(formatNumber(seconds)) s is not a real time")
    }
}

extension JSONReport {
    /// The names of the report's whole-number fields (line numbers, counts, depths, shard
    /// numbers): a JSON number there that is not a whole number within 64 bits (`1e300`,
    /// `1.5`) is refused by the decoder with no place, so `misfitNumber` finds it.
    static let wholeNumberKeys: Set<String> = [
        "line", "frames", "depth", "shardIndex", "shardCount", "passed", "warned", "failed", "skipped",
        "interrupted", "loadFailures", "recorded", "notRun",
    ]

    /// The JSON path and value of the first number in `object` (a report as
    /// `JSONSerialization` reads it) that a whole-number field holds but no `Int` can:
    /// `("files[0].outcomes[0].line", "1e+300")`; nil when there is none.
    public static func misfitNumber(in object: Any, path: String = "") -> (place: String, value: String)? {
        if let dictionary = object as? [String: Any] {
            for key in dictionary.keys.sorted() {
                let place = path.isEmpty ? key : "\(path).\(key)"
                let value = dictionary[key]!
                if wholeNumberKeys.contains(key), let number = value as? NSNumber,
                    Int64(exactly: number.doubleValue) == nil
                {
                    return (place, "\(number)")
                }
                if let found = misfitNumber(in: value, path: place) { return found }
            }
        } else if let array = object as? [Any] {
            for (index, value) in array.enumerated() {
                if let found = misfitNumber(in: value, path: "\(path)[\(index)]") { return found }
            }
        }
        return nil
    }
}

extension JSONReport {
    /// The summary's counts that differ from what the report's own files give
    /// (`RunSummary(files)`), as `failed 1, its outcomes give 0`; empty when they agree.
    /// `sceneflow test` always writes them equal: a difference means a test was taken out, a
    /// verdict changed or a count edited, and a merge would then count what did not run.
    public func summaryMismatches() -> [String] {
        let counted = RunSummary(files)
        let pairs: [(String, Int, Int)] = [
            ("passed", summary.passed, counted.passed), ("warned", summary.warned, counted.warned),
            ("failed", summary.failed, counted.failed), ("skipped", summary.skipped, counted.skipped),
            ("interrupted", summary.interrupted, counted.interrupted),
            ("loadFailures", summary.loadFailures, counted.loadFailures),
            ("recorded", summary.recorded, counted.recorded), ("notRun", summary.notRun, counted.notRun),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1), its outcomes give \($0.2)" }
    }
}

extension TestOutcome {
    /// The longest failure or log message a report may hold, bytes (1 MiB): a test's error is
    /// cut at 64 KiB and a log message at 4 KiB before they leave Lua; a failure that adds its
    /// soft expectations and after_each's failure stays far below.
    static let messageBytesLimit = 1 << 20

    fileprivate func checkLimits(at place: String) throws(ReportLimitError) {
        func require(_ ok: Bool, _ key: String, _ problem: @autoclosure () -> String) throws(ReportLimitError) {
            if !ok { throw ReportLimitError(place: "\(place).\(key)", problem: problem()) }
        }
        let nameBytes = name.utf8.count
        try require(
            nameBytes <= TestRecordLimits.nameBytes, "name",
            "\(nameBytes) bytes long; a test name is at most \(TestRecordLimits.nameBytes)")
        // A test's line is where test() was called (1 or more); only a hook's entry (after_all)
        // may have none, written 0.
        try require(line >= 1 || (line == 0 && hook != nil), "line", "\(line) is not a line number")
        try Diagnostic.checkLine(failure?.line, at: "\(place).failure.line")
        try checkWallSeconds(wallSeconds, at: "\(place).wallSeconds")
        try require(frames >= 0, "frames", "\(frames) is not a frame count")
        try require(clockSeconds >= 0, "clockSeconds", "\(formatNumber(clockSeconds)) s is not a clock time")
        try require(
            steps.count <= TestRecordLimits.stepsKept, "steps",
            "\(steps.count) steps; a test keeps at most \(TestRecordLimits.stepsKept)")
        for (k, step) in steps.enumerated() {
            let at = "steps[\(k)]"
            try require(
                (0..<TestRecordLimits.steps).contains(step.depth), "\(at).depth",
                "\(step.depth) is not a step depth (0 to \(TestRecordLimits.steps - 1))")
            try Diagnostic.checkLine(step.line, at: "\(place).\(at).line")
            try require(
                step.clockStart >= 0, "\(at).clockStart", "\(formatNumber(step.clockStart)) s is not a clock time")
            try checkWallSeconds(step.wallSeconds, at: "\(place).\(at).wallSeconds")
            try require(
                step.call.utf8.count <= TestRecordLimits.callBytes + 64, "\(at).call",
                "\(step.call.utf8.count) bytes long; a step's call text is at most \(TestRecordLimits.callBytes) "
                    + "bytes and the mark \"… (N more bytes)\"")
        }
        for (k, entry) in log.enumerated() {
            try Diagnostic.checkLine(entry.line, at: "\(place).log[\(k)].line")
            try require(
                entry.message.utf8.count <= Self.messageBytesLimit, "log[\(k)].message",
                "\(entry.message.utf8.count) bytes long; a log message is at most \(TestRecordLimits.messageBytes) bytes"
            )
        }
        let failureBytes = failure?.message.utf8.count ?? 0
        try require(
            failureBytes <= Self.messageBytesLimit, "failure.message",
            "\(failureBytes) bytes long; a failure message is at most \(Self.messageBytesLimit) bytes")
    }
}

extension Diagnostic {
    /// Refuses a line below 1 (no file has one; `sceneflow test` writes no line instead).
    /// - Throws: `ReportLimitError` at `place` for such a line.
    fileprivate static func checkLine(_ line: Int?, at place: String) throws(ReportLimitError) {
        if let line, line < 1 {
            throw ReportLimitError(place: place, problem: "\(line) is not a line number (lines start at 1)")
        }
    }
}
