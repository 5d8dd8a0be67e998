import Foundation
import Testing

/// `merge-reports` reads only the schema it knows and only reports that agree with
/// themselves: a shard whose `schema` is another (`sceneflow-test-results/2`) is refused naming
/// the schema found and the one it reads, and one whose summary counts disagree with its
/// outcomes (a test taken out, a verdict changed, a count changed) is refused as malformed,
/// never merged green. Exit 65 for each, naming the report.
@Suite struct MergeReportsIntegrityTests {
    /// Shards 1/2 and 2/2 of a suite whose first file has a passing and a failing test.
    static func shards(in tmp: TempFolder) throws -> (String, String) {
        try tmp.prototype()
        try tmp.write(
            "a.lua",
            "prototype \"Proto\"\ntest(\"a1\", function() tap \"Open\" end)\ntest(\"a2\", function() error(\"boom\") end)\n"
        )
        try tmp.write("b.lua", "prototype \"Proto\"\ntest(\"b1\", function() tap \"Open\" end)\n")
        for index in 1...2 {
            let r = try Sceneflow.run(
                ["test", "a.lua", "b.lua", "--shard", "\(index)/2", "--json", "s\(index).json"], in: tmp.url)
            #expect(r.status == (index == 1 ? 1 : 0), "\(r)")
        }
        return (tmp.file("s1.json"), tmp.file("s2.json"))
    }

    static func object(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Runs `merge-reports bad second` for every output and expects a refusal naming `bad` and
    /// every one of `words`.
    static func expectRefused(_ bad: [String: Any], second: String, in tmp: TempFolder, _ words: [String]) throws {
        let path = tmp.file("bad.json")
        try JSONSerialization.data(withJSONObject: bad).write(to: URL(fileURLWithPath: path))
        for output in [["--junit", "m.xml"], ["--json", "m.json"], ["--report", "r"]] {
            let r = try Sceneflow.run(["merge-reports", path, second] + output, in: tmp.url)
            #expect(r.didNotCrash, "\(words) \(output): \(r)")
            #expect(r.status == 65, "\(words) \(output): \(r)")
            #expect(r.stderr.contains(path), "\(words) \(output): \(r)")
            for word in words { #expect(r.stderr.contains(word), "\(word) \(output): \(r)") }
            #expect(!r.stdout.contains("merged"), "\(words) \(output): \(r)")
        }
    }

    @Test func aSchemaItDoesNotKnowIsRefusedNamingBoth() throws {
        let tmp = try TempFolder()
        let (first, second) = try Self.shards(in: tmp)
        let report = try Self.object(first)
        #expect(report["schema"] as? String == "sceneflow-test-results/1")
        for schema in [
            "sceneflow-test-results/2", "sceneflow-test-results/0", "sceneflow-test-results/10", "junit", "",
        ] {
            var bad = report
            bad["schema"] = schema
            try Self.expectRefused(
                bad, second: second, in: tmp, ["schema \"\(schema)\"", "reads sceneflow-test-results/1"])
        }
        var missing = report
        missing["schema"] = nil
        try Self.expectRefused(missing, second: second, in: tmp, ["no schema", "reads sceneflow-test-results/1"])
    }

    @Test func countsThatDisagreeWithTheOutcomesAreRefused() throws {
        let tmp = try TempFolder()
        let (first, second) = try Self.shards(in: tmp)
        let report = try Self.object(first)
        let summary = try #require(report["summary"] as? [String: Any])
        // Every count one higher than the outcomes give.
        for key in ["passed", "warned", "failed", "skipped", "interrupted", "loadFailures", "recorded", "notRun"] {
            var bad = report
            var changed = summary
            changed[key] = (summary[key] as? Int ?? 0) + 1
            bad["summary"] = changed
            try Self.expectRefused(bad, second: second, in: tmp, ["summary", key])
        }
        // The failing test taken out of its file, the summary left as it was.
        var files = try #require(report["files"] as? [[String: Any]])
        var outcomes = try #require(files[0]["outcomes"] as? [[String: Any]])
        #expect(outcomes.map { $0["verdict"] as? String } == ["passed", "failed"])
        let removed = outcomes.removeLast()
        files[0]["outcomes"] = outcomes
        var fewer = report
        fewer["files"] = files
        try Self.expectRefused(fewer, second: second, in: tmp, ["summary", "failed"])
        // The failing test's verdict turned to passed, the summary left as it was.
        var flipped = removed
        flipped["verdict"] = "passed"
        files[0]["outcomes"] = outcomes + [flipped]
        var green = report
        green["files"] = files
        try Self.expectRefused(green, second: second, in: tmp, ["summary", "failed"])
        // The report as written merges.
        let good = try Sceneflow.run(["merge-reports", first, second, "--junit", "m.xml"], in: tmp.url)
        #expect(good.status == 1, "\(good)")
        #expect(good.stdout.contains("2 shards merged: 2 passed, 1 failed"), "\(good)")
    }
}
