import Foundation
import Testing

/// `merge-reports` checks every number and name of a shard report against what
/// `sceneflow test` can write before it renders anything (red-team finding M2: a step depth of
/// -3 trapped in the JUnit writer, one of 10^9 ran without end). Each hostile value of a real
/// shard report is refused with exit 65, naming the report and the place, for every output.
@Suite struct MergeReportsLimitsTests {
    /// A JSON path inside the first test of the first file, and a value `sceneflow test` never
    /// writes there.
    nonisolated(unsafe) static let hostile: [(path: [String], value: Any, place: String)] = [
        (["steps", "0", "depth"], -3, "files[0].outcomes[0].steps[0].depth"),
        (["steps", "0", "depth"], 1_000_000_000, "files[0].outcomes[0].steps[0].depth"),
        (["steps", "0", "depth"], Int64.max, "files[0].outcomes[0].steps[0].depth"),
        (["steps", "0", "line"], -1, "files[0].outcomes[0].steps[0].line"),
        (["steps", "0", "clockStart"], -5.0, "files[0].outcomes[0].steps[0].clockStart"),
        (["line"], -7, "files[0].outcomes[0].line"),
        (["frames"], -1, "files[0].outcomes[0].frames"),
        (["clockSeconds"], -1.0, "files[0].outcomes[0].clockSeconds"),
        (["name"], String(repeating: "n", count: 1025), "files[0].outcomes[0].name"),
        // Numbers valid in JSON that no whole-number field holds, and negative real times
        // (red-team 22 F4: "The given data was not valid JSON", no place; -1e308 s went into
        // the merged JUnit as a 309-digit time).
        (["line"], 1e300, "files[0].outcomes[0].line"),
        (["line"], 1.5, "files[0].outcomes[0].line"),
        (["frames"], 1e30, "files[0].outcomes[0].frames"),
        (["steps", "0", "depth"], 9.3e18, "files[0].outcomes[0].steps[0].depth"),
        (["wallSeconds"], -1e308, "files[0].outcomes[0].wallSeconds"),
        (["steps", "0", "wallSeconds"], -1.0, "files[0].outcomes[0].steps[0].wallSeconds"),
        // Red-team finding o3: a 300 MB failure message made --report run for minutes.
        (
            ["failure"],
            ["file": "a.lua", "line": 2, "severity": "error", "message": String(repeating: "m", count: (1 << 20) + 1)],
            "files[0].outcomes[0].failure.message"
        ),
    ]

    /// Writes shard 1/2 and 2/2 of a two-file suite and returns their paths.
    static func shards(in tmp: TempFolder) throws -> (String, String) {
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            "prototype \"Proto\"\ntest(\"a1\", function() step(\"open\", function() tap \"Open\" end) end)\n")
        try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"b1\", function() tap \"Open\" end)\n")
        for index in 1...2 {
            let r = try Sceneflow.run(
                ["test", "a.lua", "b.lua", "--shard", "\(index)/2", "--json", "s\(index).json"], in: tmp.url)
            #expect(r.status == 0, "\(r)")
        }
        return (tmp.file("s1.json"), tmp.file("s2.json"))
    }

    /// `report` with `value` put at `path` inside its first file's first test.
    static func tampered(_ report: [String: Any], _ path: [String], _ value: Any) -> [String: Any] {
        func put(_ node: Any, _ rest: ArraySlice<String>) -> Any {
            guard let key = rest.first else { return value }
            if var array = node as? [Any], let i = Int(key) {
                array[i] = put(array[i], rest.dropFirst())
                return array
            }
            var object = node as? [String: Any] ?? [:]
            object[key] = put(object[key] as Any, rest.dropFirst())
            return object
        }
        return put(report, ["files", "0", "outcomes", "0"] + path) as! [String: Any]
    }

    @Test func everyHostileValueIsRefusedWithItsPlaceForEveryOutput() throws {
        let tmp = try TempFolder()
        let (first, second) = try Self.shards(in: tmp)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: first))) as? [String: Any])
        for (n, (path, value, place)) in Self.hostile.enumerated() {
            let bad = tmp.file("bad\(n).json")
            try JSONSerialization.data(withJSONObject: Self.tampered(report, path, value))
                .write(to: URL(fileURLWithPath: bad))
            for output in [["--junit", "m.xml"], ["--report", "r"], ["--json", "m.json"]] {
                let r = try Sceneflow.run(["merge-reports", bad, second] + output, in: tmp.url, timeout: 60)
                #expect(r.didNotCrash && !r.timedOut, "\(place) = \(value) \(output): \(r)")
                #expect(r.status == 65, "\(place) = \(value) \(output): \(r)")
                #expect(r.stderr.contains(bad) && r.stderr.contains(place), "\(place) \(output): \(r.stderr)")
            }
        }
        let good = try Sceneflow.run(["merge-reports", first, second, "--junit", "m.xml"], in: tmp.url)
        #expect(good.status == 0, "\(good)")
    }

    /// A shard report larger than `sceneflow test` writes, or one that is not a regular file,
    /// is refused before it is read (red-team finding o8: a 3 GB file was read whole, 39 s
    /// and 3 GB of memory, before it was refused; a FIFO blocked for ever).
    @Test func aHugeOrOddShardFileIsRefusedBeforeItIsRead() throws {
        let tmp = try TempFolder()
        let (first, _) = try Self.shards(in: tmp)
        let huge = tmp.file("huge.json")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(1 << 30) + 1) == 0)
        #expect(mkfifo(tmp.file("fifo.json"), 0o600) == 0)
        for (name, message) in [
            ("huge.json", "is 1073741825 bytes, over the limit of 1073741824"),
            ("fifo.json", "it is a FIFO (named pipe), not a regular file"),
        ] {
            let r = try Sceneflow.run(
                ["merge-reports", first, tmp.file(name), "--json", "m.json"], in: tmp.url, timeout: 30)
            #expect(!r.timedOut && r.status == 65, "\(name): \(r)")
            #expect(r.stderr.contains(tmp.file(name) + ": cannot be read: " + message), "\(name): \(r.stderr)")
        }
    }
}
