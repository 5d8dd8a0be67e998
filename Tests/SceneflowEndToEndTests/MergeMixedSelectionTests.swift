import Foundation
import Testing

/// `merge-reports` refuses shards that selected their tests differently, as it refuses shards
/// of another split: shard 1 run with `--filter p` (leaving out its failing test) merged with
/// shard 2 run whole gave a verdict no one machine's run could give (red-team 23, noticed).
/// Each report's `suite.selection` names the options (`--filter`, `--filter-invert`, `--tag`,
/// `--tag-invert`, `--last-failed`); a run that took every test leaves it out.
@Suite struct MergeMixedSelectionTests {
    /// `s/a.lua` ("pass a" and a failing "fail a") and `s/b.lua` ("pass b"): shard 1/2 holds
    /// a.lua, shard 2/2 b.lua.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/a.lua",
            "prototype \"../Proto\"\ntest(\"pass a\", function() end)\ntest(\"fail a\", function() error(\"no\") end)\n"
        )
        try tmp.write("s/b.lua", "prototype \"../Proto\"\ntest(\"pass b\", function() end)\n")
        return tmp
    }

    static func json(_ tmp: TempFolder, _ file: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.file(file))))
                as? [String: Any])
    }

    @Test(arguments: [["--filter", "pass"], ["--filter-invert", "fail"], ["--tag", "x"], ["--tag-invert", "x"]])
    func shardsSelectedDifferentlyAreRefused(_ options: [String]) throws {
        let tmp = try Self.suite()
        _ = try Sceneflow.run(["test", "s", "--shard", "1/2", "--json", "s1.json"] + options, in: tmp.url)
        let whole = try Sceneflow.run(["test", "s", "--shard", "2/2", "--json", "s2.json"], in: tmp.url)
        #expect(whole.status == 0, "\(whole)")
        let suite = try #require(try Self.json(tmp, "s1.json")["suite"] as? [String: Any])
        #expect(suite["selection"] as? String == options.joined(separator: " "), "\(suite)")
        #expect(try Self.json(tmp, "s2.json")["suite"].map { ($0 as? [String: Any])?["selection"] == nil } == true)
        for order in [["s1.json", "s2.json"], ["s2.json", "s1.json"]] {
            let merged = try Sceneflow.run(["merge-reports"] + order + ["--json", "m.json"], in: tmp.url)
            #expect(merged.status == 65, "\(merged)")
            #expect(merged.stderr.contains("the shards selected their tests differently"), "\(merged.stderr)")
            #expect(merged.stderr.contains("'\(options.joined(separator: " "))'"), "\(merged.stderr)")
            #expect(merged.stderr.contains("every test (no --filter, --tag or --last-failed)"), "\(merged.stderr)")
        }
    }

    @Test func shardsSelectedAlikeMergeAndKeepTheSelection() throws {
        let tmp = try Self.suite()
        for shard in ["1/2", "2/2"] {
            _ = try Sceneflow.run(
                ["test", "s", "--shard", shard, "--json", "s\(shard.prefix(1)).json", "--filter", "pass"], in: tmp.url)
        }
        let merged = try Sceneflow.run(["merge-reports", "s1.json", "s2.json", "--json", "m.json"], in: tmp.url)
        #expect(merged.status == 0, "\(merged)")
        let suite = try #require(try Self.json(tmp, "m.json")["suite"] as? [String: Any])
        #expect(suite["selection"] as? String == "--filter pass", "\(suite)")
    }
}
