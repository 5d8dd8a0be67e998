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

    /// The shard `(J, N)` whose results the file at `path` holds, through links (an output
    /// is written through a link: red-team 59 B F2); nil when nothing is there, it is not a
    /// regular file, not a Sceneflow report, or the whole suite's. The JSON report's suite is
    /// read from its last 256 KiB, whatever its size (59 B F1: one over 64 MiB was not read,
    /// and was written over).
    public static func shard(ofReportAt path: String) -> (Int, Int)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let head = try? RegularFile.prefix(path, count: 1 << 16)
        else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        if text.hasPrefix("<?xml") { return junitShard(text) }
        guard text.hasPrefix("{"), let tail = Self.tail(path, count: 1 << 18),
            tail.contains("\"sceneflow-test-results/"),
            let index = number(after: "\"shardIndex\"", in: tail),
            let count = number(after: "\"shardCount\"", in: tail),
            count > 1
        else { return nil }
        return (index, count)
    }

    /// The last `count` bytes of the file at `path`, as text; nil when it cannot be read.
    static func tail(_ path: String, count: Int) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd() else { return nil }
        try? handle.seek(toOffset: end > UInt64(count) ? end - UInt64(count) : 0)
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The whole number after the last `key` in `text` (`"shardIndex" : 2`), nil when none.
    static func number(after key: String, in text: String) -> Int? {
        guard let found = text.range(of: key, options: .backwards) else { return nil }
        let rest = text[found.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\n" || $0 == "\t" }
        return Int(rest.prefix { $0.isASCII && $0.isNumber })
    }

    /// The shard of the first `sceneflow.shard` property in the start of a JUnit report.
    static func junitShard(_ text: String) -> (Int, Int)? {
        guard let start = text.range(of: "<property name=\"\(junitProperty)\" value=\"") else { return nil }
        return parse(String(text[start.upperBound...].prefix { $0 != "\"" }))
    }

    /// `(J, N)` of a shard written `J/N` (a JUnit property, a report folder's list); nil when
    /// the text is not two whole numbers so.
    static func parse(_ tag: String) -> (Int, Int)? {
        let parts = tag.split(separator: "/").compactMap { Int($0) }
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
