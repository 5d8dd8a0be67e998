import Foundation
import SceneflowCore

/// The JSON report: every file, test, step and log entry of a run (schema
/// `sceneflow-test-results/1`). Wall-clock fields (`wallSeconds`, `startedAt`) are the only
/// ones that differ between two runs of the same suite. `--jobs` workers use the same
/// format to hand their results to the parent process.
public struct JSONReport: Codable, Sendable {
    /// The schema this Sceneflow writes and reads: `sceneflow-test-results/1`.
    public static let schemaName = "sceneflow-test-results/1"
    /// Schema name and version.
    public var schema = JSONReport.schemaName
    /// The Sceneflow that wrote the report (`SceneflowVersion.current`); nil in reports
    /// written before it was recorded.
    public var version: String? = SceneflowVersion.current
    /// Which suite the run belongs to and which shard of it it ran (`--shard I/N`), so
    /// `sceneflow merge-reports` can tell shards of one suite from unrelated runs; nil in
    /// reports written before it was recorded.
    public var suite: SuiteIdentity?
    /// When the run started (ISO 8601, UTC).
    public var startedAt: String
    /// The counts and the closing line.
    public var summary: RunSummary
    /// The closing line, `N passed, N failed` (`RunSummary.line`), followed by
    /// `; the run failed: REASON` when `runFailure` is set.
    public var line: String
    /// Why the run failed although no test in `files` did, or nil: it selected no test
    /// (`no test matches --filter zzz: nothing was checked`, an empty `--shard` without
    /// `--pass-with-no-tests`), or, in a merged report, such a shard's reason after
    /// `shard I/N: `. A consumer that reads the summary's counts must also read this: a run
    /// with it exits 1. Absent (nil) in a run that did not fail so.
    public var runFailure: String?
    /// Per script file, in run order.
    public var files: [ScriptFileResult]

    /// Creates the report for `results`; `runFailure` as the property says.
    public init(
        _ results: [ScriptFileResult], startedAt: Date = Date(), suite: SuiteIdentity? = nil, runFailure: String? = nil
    ) {
        self.suite = suite
        self.startedAt = ISO8601DateFormatter().string(from: startedAt)
        summary = RunSummary(results)
        line = Self.line(summary, runFailure: runFailure)
        self.runFailure = runFailure
        files = results
    }

    /// The closing line of a run with `summary` that failed for `runFailure` (nil: it did not
    /// fail so): `0 passed, 0 failed; the run failed: no test matches --filter zzz: …`.
    public static func line(_ summary: RunSummary, runFailure: String?) -> String {
        runFailure.map { "\(summary.line); the run failed: \($0)" } ?? summary.line
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

/// The suite a run belongs to: every script file the run's paths held before `--shard` split
/// them (as given, in run order), and the shard this run took. Shards of one suite have the
/// same `files` and `shardCount` and different `shardIndex`es.
public struct SuiteIdentity: Codable, Sendable, Equatable {
    /// Every script file of the suite (all shards), in run order.
    public var files: [String]
    /// This run's shard, 1-based (1 without `--shard`).
    public var shardIndex: Int
    /// How many shards the suite was split into (1 without `--shard`).
    public var shardCount: Int
    /// The options that selected the run's tests (`TestSelection.options`: `--filter smoke
    /// --tag fast`, `--last-failed`); nil (left out of the JSON) when the run took every test.
    /// `merge-reports` refuses shards run with different selections, as it refuses another
    /// split: no one machine's run could have given the merged verdict.
    public var selection: String?

    /// Creates an identity.
    public init(files: [String], shardIndex: Int = 1, shardCount: Int = 1, selection: String? = nil) {
        self.files = files
        self.shardIndex = shardIndex
        self.shardCount = shardCount
        self.selection = selection
    }
}
