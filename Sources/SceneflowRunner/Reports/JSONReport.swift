import Foundation
import SceneflowCore

/// The JSON report: every file, test, step and log entry of a run (schema
/// `sceneflow-test-results/1`). Wall-clock fields (`wallSeconds`, `startedAt`) are the only
/// ones that differ between two runs of the same suite. `--jobs` workers use the same
/// format to hand their results to the parent process.
public struct JSONReport: Codable, Sendable {
    /// Schema name and version.
    public var schema = "sceneflow-test-results/1"
    /// When the run started (ISO 8601, UTC).
    public var startedAt: String
    /// The counts and the closing line.
    public var summary: RunSummary
    /// The closing line, `N passed, N failed`.
    public var line: String
    /// Per script file, in run order.
    public var files: [ScriptFileResult]

    /// Creates the report for `results`.
    public init(_ results: [ScriptFileResult], startedAt: Date = Date()) {
        self.startedAt = ISO8601DateFormatter().string(from: startedAt)
        summary = RunSummary(results)
        line = summary.line
        files = results
    }

    /// Pretty-printed JSON with sorted keys.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads a report written by `data()`.
    /// - Throws: `DecodingError` for a file that is not such a report.
    public static func read(_ data: Data) throws -> JSONReport {
        try JSONDecoder().decode(JSONReport.self, from: data)
    }
}
