import Foundation
import SceneflowCore

/// Which shard (`--shard I/N`) wrote a report file already at an output path: the JSON
/// report's `suite.shardIndex`/`shardCount`, or the JUnit report's `sceneflow.shard`
/// property. A run of shard `I/N` never replaces another shard `J/N`'s results, which
/// `merge-reports` needs (red-team 58 B L3: the project config's reporters, the same for every
/// shard, were overwritten by the next shard).
public enum ShardOfAReport {
    /// The name of the JUnit property that holds the shard, `I/N`, on each `<testsuite>`.
    public static let junitProperty = "sceneflow.shard"

    /// The shard `(J, N)` whose results the regular file at `path` holds; nil when nothing is
    /// there, it is not a regular file, not a Sceneflow report, the whole suite's, or larger
    /// than `RegularFile.cacheLimit` (64 MiB: the JSON is read whole).
    public static func shard(ofReportAt path: String) -> (Int, Int)? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        guard let head = try? RegularFile.prefix(path, count: 1 << 16) else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("<?xml") { return junitShard(text) }
        guard let data = try? RegularFile.read(path, limit: RegularFile.cacheLimit),
            let report = try? JSONDecoder().decode(Shape.self, from: data), let suite = report.suite,
            suite.shardCount > 1
        else { return nil }
        return (suite.shardIndex, suite.shardCount)
    }

    /// What is read of a JSON report: its suite's shard only.
    private struct Shape: Decodable {
        struct Suite: Decodable {
            var shardIndex: Int
            var shardCount: Int
        }
        var suite: Suite?
    }

    /// The shard of the first `sceneflow.shard` property in the start of a JUnit report.
    static func junitShard(_ text: String) -> (Int, Int)? {
        guard let start = text.range(of: "<property name=\"\(junitProperty)\" value=\"") else { return nil }
        let rest = text[start.upperBound...].prefix { $0 != "\"" }
        let parts = rest.split(separator: "/").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Why a run of shard `shard` may not write its report at `path`: the file there holds
    /// another shard of the same split. Nil when it may.
    public static func problem(_ path: String, shard: (Int, Int)?) -> String? {
        guard let shard, let other = self.shard(ofReportAt: path), other.1 == shard.1, other.0 != shard.0 else {
            return nil
        }
        return
            "\(path) holds the results of shard \(other.0)/\(other.1), and this run is shard \(shard.0)/\(shard.1): give each shard a file of its own (merge-reports joins them), or remove it to start again"
    }
}
