import Foundation
import SceneflowRunner
import Testing

/// Shards of one split run one after another in one folder (a workstation, a CI agent whose
/// parallel stages share the workspace) keep each other's evidence: the files shard `J/N`
/// wrote into the report folder stay until shard `J/N` itself, the whole suite or another split
/// runs there again, so `merge-reports` finds every capture; and a shard never writes its pages
/// over another shard's results (red-team 57 B L1: shard 2 removed shard 1's captures, and
/// the merged report named files that were gone).
@Suite struct ShardsShareAReportFolderTests {
    /// Four scripts, each a failing test that captures its evidence, so each shard of a split
    /// in two gets files.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for name in ["a", "b", "c", "d"] {
            try tmp.write(
                "s/\(name).lua",
                """
                prototype "../Proto"
                test("t", function() capture "ev"; expect(param("red", "1")).to_be("0") end)

                """)
        }
        return tmp
    }

    /// The captures now in `folder` (paths inside it).
    static func captures(_ tmp: TempFolder, _ folder: String) -> [String] {
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: tmp.file(folder + "/captures"))) ?? []
        return all.filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test(arguments: ["1", "2"])
    func shardsKeepEachOthersFilesForTheMerge(_ jobs: String) throws {
        let tmp = try Self.suite()
        for index in 1...2 {
            let r = try Sceneflow.run(
                ["test", "s", "--shard", "\(index)/2", "--jobs", jobs, "--json", "s\(index).json"], in: tmp.url,
                environment: ["CI": "1"], timeout: 120)
            #expect(r.status == 1, "\(r)")
        }
        #expect(Self.captures(tmp, "sceneflow-report").count == 4, "\(Self.captures(tmp, "sceneflow-report"))")
        let merge = try Sceneflow.run(
            ["merge-reports", "s1.json", "s2.json", "--report", "M"], in: tmp.url, timeout: 120)
        #expect(merge.status == 1, "\(merge)")
        #expect(!merge.stderr.contains("not found"), "\(merge.stderr)")
        let merged = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("M/results.json")))
        let images = merged.files.flatMap(\.outcomes).flatMap(\.visuals).compactMap { $0.files["image"] }
        #expect(images.count == 4, "\(images)")
        for image in images {
            #expect(FileManager.default.fileExists(atPath: tmp.file(image)), "\(image) is gone")
        }
    }

    /// A shard run again removes only its own stale files; the whole suite, or another split,
    /// removes every shard's.
    @Test func aShardCleansOnlyItsOwnAndTheWholeSuiteCleansAll() throws {
        let tmp = try Self.suite()
        for index in 1...2 {
            let r = try Sceneflow.run(
                ["test", "s", "--shard", "\(index)/2"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
            #expect(r.status == 1, "\(r)")
        }
        #expect(Self.captures(tmp, "sceneflow-report").count == 4)
        // Shard 1 again, now green without its capture: its own two go, shard 2's stay.
        for name in ["a", "b", "c", "d"] {
            try tmp.write("s/\(name).lua", "prototype \"../Proto\"\ntest(\"t\", function() end)\n")
        }
        var r = try Sceneflow.run(["test", "s", "--shard", "1/2"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(Self.captures(tmp, "sceneflow-report").count == 2, "\(Self.captures(tmp, "sceneflow-report"))")
        // Another split: the old split's files are stale.
        r = try Sceneflow.run(["test", "s", "--shard", "1/3"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(Self.captures(tmp, "sceneflow-report").isEmpty, "\(Self.captures(tmp, "sceneflow-report"))")
    }

    /// `--report R` for two shards of one split: the second is refused before it runs (64),
    /// with the page and both shards named, and the first shard's pages are as they were; the
    /// same shard again, and the whole suite, write them.
    @Test func aShardNeverWritesOverAnotherShardsPages() throws {
        let tmp = try Self.suite()
        var r = try Sceneflow.run(
            ["test", "s", "--shard", "1/2", "--report", "R"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        let before = try Data(contentsOf: tmp.url.appendingPathComponent("R/results.json"))
        r = try Sceneflow.run(
            ["test", "s", "--shard", "2/2", "--report", "R"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("R/results.json holds the results of shard 1/2, and this run is shard 2/2"), "\(r)")
        #expect(try Data(contentsOf: tmp.url.appendingPathComponent("R/results.json")) == before)
        r = try Sceneflow.run(
            ["test", "s", "--shard", "1/2", "--report", "R"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        r = try Sceneflow.run(["test", "s", "--report", "R"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        let whole = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("R/results.json")))
        #expect(whole.files.count == 4)
    }

    /// A `--json` or `--junit` file, from the command line or the project config's reporters,
    /// that holds another shard of the split is refused before the run (64), named, and kept
    /// as it was (red-team 58 B L3: the config's reporters, shared by every shard, were
    /// overwritten by the next shard, and the results could no longer be merged).
    @Test(arguments: ["--json", "--junit", "config json", "config junit"])
    func aShardNeverWritesOverAnotherShardsResultFile(_ source: String) throws {
        let tmp = try Self.suite()
        let json = source.hasSuffix("json")
        let file = json ? "out/results.json" : "out/junit.xml"
        var options: [String] = []
        if source.hasPrefix("config") {
            try tmp.write(
                "sceneflow.lua", "return { test = { reporters = { \(json ? "json" : "junit") = \"\(file)\" } } }\n")
        } else {
            options = [source, file]
        }
        try FileManager.default.createDirectory(atPath: tmp.file("out"), withIntermediateDirectories: true)
        var r = try Sceneflow.run(
            ["test", "s", "--shard", "1/2"] + options, in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        let before = try Data(contentsOf: tmp.url.appendingPathComponent(file))
        r = try Sceneflow.run(
            ["test", "s", "--shard", "2/2"] + options, in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 64, "\(source): \(r)")
        #expect(r.stderr.contains("holds the results of shard 1/2, and this run is shard 2/2"), "\(source): \(r)")
        #expect(try Data(contentsOf: tmp.url.appendingPathComponent(file)) == before, "\(source)")
        // The same shard again, and the whole suite, write it.
        r = try Sceneflow.run(
            ["test", "s", "--shard", "1/2"] + options, in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(source): \(r)")
        r = try Sceneflow.run(["test", "s"] + options, in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(source): \(r)")
        r = try Sceneflow.run(
            ["test", "s", "--shard", "2/2"] + options, in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(source): \(r)")
    }

    /// The other shard's file reached through a link, a JSON report over 64 MiB, and an empty
    /// shard's JUnit report (its `(run)` error only) are another shard's results too (red-team
    /// 59 B F1, F2, F6: each was written over).
    @Test(arguments: ["link", "large", "empty shard"])
    func anotherShardsFileInAnyShapeIsKept(_ shape: String) throws {
        let tmp = try Self.suite()
        let json = shape != "empty shard"
        let option = json ? "--json" : "--junit"
        // Shard 5/5 of four scripts is empty: it fails with its (run) error.
        let first = shape == "empty shard" ? "5/5" : "1/2"
        let second = shape == "empty shard" ? "1/5" : "2/2"
        var r = try Sceneflow.run(
            ["test", "s", "--shard", first, option, "first"], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        var target = "first"
        switch shape {
        case "link":
            try FileManager.default.createSymbolicLink(atPath: tmp.file("link"), withDestinationPath: "first")
            target = "link"
        case "large":
            // The same report with 65 MiB of white space after its first brace: still JSON.
            let data = try Data(contentsOf: tmp.url.appendingPathComponent("first"))
            var padded = Data("{".utf8)
            padded.append(Data(repeating: 32, count: 65 << 20))
            padded.append(data.dropFirst())
            try padded.write(to: tmp.url.appendingPathComponent("first"))
        default: break
        }
        let before = try Data(contentsOf: tmp.url.appendingPathComponent("first"))
        r = try Sceneflow.run(
            ["test", "s", "--shard", second, option, target], in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 64, "\(shape): \(r)")
        #expect(r.stderr.contains("holds the results of shard \(first)"), "\(shape): \(r)")
        #expect(try Data(contentsOf: tmp.url.appendingPathComponent("first")) == before, "\(shape)")
    }
}
