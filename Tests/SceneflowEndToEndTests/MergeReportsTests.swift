import Foundation
import Testing

/// `sceneflow merge-reports SHARD.json…` (issue 20): the `--json` reports of `--shard I/N`
/// runs merge into the JUnit, JSON and HTML reports one machine would have written; shards of
/// different suites and overlapping shards are refused (exit 65) with a clear message.
@Suite struct MergeReportsTests {
    /// Four files, one failing test in c.lua.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for name in ["a", "b", "c", "d"] {
            try tmp.write(
                "suite/\(name).lua",
                """
                prototype "../Proto"
                test("\(name) opens", function()
                  tap "Open"
                  expect.scene "\(name == "c" ? "home" : "detail")"
                end)
                test("\(name) stays", function() expect.scene "home" end)

                """)
        }
        return tmp
    }

    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The JSON report with the parts that differ between runs (times, the suite's shard) left out.
    static func stable(_ path: String) throws -> String {
        var root = try json(path)
        root["startedAt"] = nil
        var files = root["files"] as? [[String: Any]] ?? []
        for i in files.indices {
            files[i]["wallSeconds"] = nil
            var outcomes = files[i]["outcomes"] as? [[String: Any]] ?? []
            for j in outcomes.indices {
                outcomes[j]["wallSeconds"] = nil
                var steps = outcomes[j]["steps"] as? [[String: Any]] ?? []
                for k in steps.indices { steps[k]["wallSeconds"] = nil }
                outcomes[j]["steps"] = steps
            }
            files[i]["outcomes"] = outcomes
        }
        root["files"] = files
        let data = try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func shardsMergeIntoTheReportOfOneRun() throws {
        let tmp = try Self.suite()
        let whole = try Sceneflow.run(["test", tmp.file("suite"), "--json", tmp.file("whole.json")])
        #expect(whole.status == 1, "\(whole)")
        var shards: [String] = []
        for index in 1...3 {
            let path = tmp.file("shard\(index).json")
            let r = try Sceneflow.run(["test", tmp.file("suite"), "--shard", "\(index)/3", "--json", path])
            #expect(r.status == (index == 3 ? 1 : 0) || r.status == 1 || r.status == 0, "\(r)")
            shards.append(path)
            let suite = try #require(try Self.json(path)["suite"] as? [String: Any])
            #expect(suite["shardIndex"] as? Int == index && suite["shardCount"] as? Int == 3)
            #expect((suite["files"] as? [String])?.count == 4)
        }
        // Given in any order.
        let r = try Sceneflow.run(
            [
                "merge-reports", shards[2], shards[0], shards[1], "--json", tmp.file("merged.json"), "--junit",
                tmp.file("merged.xml"), "--report", tmp.file("report"),
            ])
        // It exits as the whole run did: a failed test makes it 1.
        #expect(r.status == whole.status, "\(r)")
        #expect(r.stdout.contains("3 shards merged: 7 passed, 1 failed"), "\(r)")
        #expect(try Self.stable(tmp.file("merged.json")) == (try Self.stable(tmp.file("whole.json"))))
        let junit = try ConsumerTool.run(
            "python3",
            [ConsumerTool.fixtures.appendingPathComponent("junitparser_results.py").path, tmp.file("merged.xml")])
        let cases = try junit.jsonLines().filter { $0["summary"] == nil }
        #expect(cases.count == 8, "\(junit)")
        #expect(cases.filter { $0["verdict"] as? String == "failure" }.map { $0["name"] as? String } == ["c opens"])
        let lint = try ConsumerTool.run(
            "xmllint", ["--noout", "--schema", ConsumerTool.jenkinsSchema.path, tmp.file("merged.xml")])
        #expect(lint.status == 0, "\(lint)")
        let html = try String(contentsOfFile: tmp.file("report/index.html"), encoding: .utf8)
        #expect(html.contains("c opens"))
        #expect(FileManager.default.fileExists(atPath: tmp.file("report/junit.xml")))
    }

    /// Red-team findings: two files whose names differ only in Unicode normalisation (`café`
    /// precomposed and decomposed) compared equal, so their order, and with it the shards,
    /// followed the directory listing and one could run in no shard; `--shard 1/100000000`
    /// made `merge-reports` list every missing shard (it hung).
    @Test func shardsSplitByBytesAndStayWithinBounds() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        // (Two files whose names are one text in two Unicode forms are now refused before any
        // test: NormalisationFileHeaderTests. Names that differ by one accent still split by
        // their bytes.)
        let nfc = "caf\u{E9}"
        let nfd = "cafe"
        try tmp.write("s/\(nfc).lua", "prototype \"../Proto\"\ntest(\"fails\", function() tap \"Nope\" end)\n")
        try tmp.write("s/\(nfd).lua", "prototype \"../Proto\"\ntest(\"passes\", function() end)\n")
        var ran: [String] = []
        for index in 1...2 {
            let path = tmp.file("sh\(index).json")
            _ = try Sceneflow.run(["test", "s", "--shard", "\(index)/2", "--json", path], in: tmp.url)
            let json = try Self.json(path)
            for file in json["files"] as? [[String: Any]] ?? [] {
                for outcome in file["outcomes"] as? [[String: Any]] ?? [] {
                    ran.append(outcome["name"] as? String ?? "")
                }
            }
        }
        #expect(ran.sorted() == ["fails", "passes"], "each file runs in exactly one shard: \(ran)")
        let merged = try Sceneflow.run(
            ["merge-reports", tmp.file("sh1.json"), tmp.file("sh2.json"), "--json", tmp.file("m.json")])
        #expect(merged.status == 1 && merged.stdout.contains("1 passed, 1 failed"), "\(merged)")
        // Bounds: at most 10 000 shards on the command line and in a report.
        let many = try Sceneflow.run(["test", "s", "--shard", "1/100000000"], in: tmp.url)
        #expect(many.status == 64 && many.stderr.contains("1 <= I <= N <= 10000"), "\(many)")
        var report = try Self.json(tmp.file("sh1.json"))
        var suite = try #require(report["suite"] as? [String: Any])
        suite["shardCount"] = 1 << 62
        report["suite"] = suite
        try tmp.write("huge.json", try JSONSerialization.data(withJSONObject: report))
        let huge = try Sceneflow.run(
            ["merge-reports", tmp.file("huge.json"), "--json", tmp.file("h.json")], timeout: 20)
        #expect(huge.status == 65 && huge.stderr.contains("a shard is I/N with 1 <= I <= N <= 10000"), "\(huge)")
        // Missing shards are named as ranges.
        let partial = try Sceneflow.run(["test", "s", "--shard", "3/9", "--json", tmp.file("p.json")], in: tmp.url)
        #expect(partial.status == 0 || partial.status == 1, "\(partial)")
        let named = try Sceneflow.run(["merge-reports", tmp.file("p.json"), "--json", tmp.file("pm.json")])
        #expect(named.stderr.contains("no report of shards 1–2, 4–9/9"), "\(named)")
    }

    @Test func refusesOtherSuitesOverlapsAndReportsWithoutASuite() throws {
        let tmp = try Self.suite()
        func shard(_ name: String, _ args: [String]) throws -> String {
            let path = tmp.file(name)
            _ = try Sceneflow.run(["test"] + args + ["--json", path])
            return path
        }
        let one = try shard("one.json", [tmp.file("suite"), "--shard", "1/2"])
        let two = try shard("two.json", [tmp.file("suite"), "--shard", "2/2"])
        let other = try shard("other.json", [tmp.file("suite/a.lua"), tmp.file("suite/b.lua"), "--shard", "2/2"])
        let thirds = try shard("thirds.json", [tmp.file("suite"), "--shard", "2/3"])
        let cases: [([String], String)] = [
            ([one, one], "\(one) and \(one) both hold shard 1/2: the shards overlap"),
            ([one, other], "\(other) and \(one) are shards of different suites (their script files differ: "),
            ([one, thirds], "\(thirds) is shard 2/3 but \(one) is shard 1/2: the suite was split differently"),
            ([one, tmp.file("Proto/prototype.lua")], "not a report of sceneflow test --json"),
            ([one, tmp.file("missing.json")], "no report at \(tmp.file("missing.json"))"),
        ]
        for (inputs, message) in cases {
            let r = try Sceneflow.run(["merge-reports"] + inputs + ["--json", tmp.file("m.json")])
            #expect(r.status == 65, "\(inputs): \(r)")
            #expect(r.stderr.contains(message), "\(inputs): \(r)")
            #expect(!FileManager.default.fileExists(atPath: tmp.file("m.json")))
        }
        // A report written before suites were recorded.
        var old = try Self.json(two)
        old["suite"] = nil
        try tmp.write("old.json", try JSONSerialization.data(withJSONObject: old))
        let r = try Sceneflow.run(["merge-reports", one, tmp.file("old.json"), "--json", tmp.file("m.json")])
        #expect(r.status == 65 && r.stderr.contains("does not say which suite and shard it holds"), "\(r)")
        // Red-team finding: a missing shard gave a green merge. Its files are named and
        // reported as not run in every report, and the merge fails (exit 1).
        let partial = try Sceneflow.run(
            ["merge-reports", one, "--json", tmp.file("p.json"), "--junit", tmp.file("p.xml")])
        #expect(partial.status == 1, "\(partial)")
        #expect(partial.stderr.contains("no report of shard 2/2: its files are reported as not run"), "\(partial)")
        let merged = try Self.json(tmp.file("p.json"))
        let summary = try #require(merged["summary"] as? [String: Any])
        let onlyOne = try Self.json(one)
        let notRunFiles = (merged["files"] as? [[String: Any]] ?? []).filter { $0["notRun"] != nil }
        #expect((summary["notRun"] as? Int ?? 0) > 0 && notRunFiles.count >= 1, "\(merged)")
        #expect(
            (merged["files"] as? [Any])?.count
                == (onlyOne["suite"] as? [String: Any])?["files"].map { ($0 as? [Any])?.count ?? 0 },
            "every file of the suite is in the merged report")
        let junit = try String(contentsOfFile: tmp.file("p.xml"), encoding: .utf8)
        #expect(junit.contains("name=\"(not run)\""), "\(junit)")
        let usage = try Sceneflow.run(["merge-reports", one])
        #expect(usage.status == 64 && usage.stderr.contains("nothing to write"), "\(usage)")
        #expect(try Sceneflow.run(["merge-reports", "--json", tmp.file("m.json")]).status == 64)
    }
}
