import Foundation
import Testing

/// A script reached through more than one path argument (`DP ./DP/d.lua`, `DP DP`, a folder and
/// a file in it, a symbolic link beside the script) runs once, under the first spelling (red-team
/// finding P8): it ran twice, both runs wrote one artifact folder, and `merge-reports` refused
/// the shard reports `sceneflow test` itself wrote. Every way scripts are collected: a run,
/// `--list`, `--shard`, `--jobs` and `--last-failed`.
@Suite struct ScriptDeduplicationTests {
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "DP/d.lua", "prototype \"../Proto\"\ntest(\"t\", function() tap \"Open\" expect.scene \"home\" end)\n")
        try tmp.write("DP/e.lua", "prototype \"../Proto\"\ntest(\"e\", function() end)\n")
        return tmp
    }

    /// The files of a JSON report, in order.
    static func files(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]], "\(json.keys)")
        return files.compactMap { $0["file"] as? String }
    }

    @Test func aScriptNamedTwiceRunsOnceUnderItsFirstSpelling() throws {
        let tmp = try Self.folder()
        let here = URL(fileURLWithPath: tmp.path)
        let spellings: [[String]] = [
            ["DP", "./DP/d.lua"], ["DP", "DP"], ["DP", "DP/d.lua", "DP/../DP/d.lua"], ["DP/d.lua", "DP"],
            ["DP", "./DP"], ["DP", "\(tmp.path)/DP/d.lua"],
        ]
        for arguments in spellings {
            for jobs in ["1", "2"] {
                let r = try Sceneflow.run(
                    ["test"] + arguments + ["--jobs", jobs, "--report", "rep", "--json", "r.json"], in: here)
                #expect(r.status == 1, "\(arguments): \(r)")
                #expect(r.stdout.contains("1 passed, 1 failed"), "\(arguments) --jobs \(jobs): \(r)")
                let files = try Self.files(tmp.file("r.json"))
                #expect(files == ["DP/d.lua", "DP/e.lua"], "\(arguments) --jobs \(jobs): \(files)")
                // The report a run wrote is one merge-reports takes.
                let merged = try Sceneflow.run(["merge-reports", "r.json", "--json", "m.json"], in: here)
                #expect(merged.status == 1, "\(arguments): \(merged)")
                let list = try Sceneflow.run(["test"] + arguments + ["--list"], in: here)
                #expect(list.stdout.contains("Total: 2 tests in 2 files"), "\(arguments): \(list)")
            }
        }
        // The first spelling is the one every report shows.
        let first = try Sceneflow.run(["test", "./DP/d.lua", "DP", "--json", "r.json"], in: here)
        #expect(first.status == 1, "\(first)")
        #expect(try Self.files(tmp.file("r.json")) == ["./DP/d.lua", "DP/e.lua"], "\(first)")
    }

    @Test func aSymbolicLinkToAScriptBesideItRunsItOnce() throws {
        let tmp = try Self.folder()
        try FileManager.default.createSymbolicLink(atPath: tmp.file("DP/link.lua"), withDestinationPath: "d.lua")
        let r = try Sceneflow.run(["test", "DP", "--json", "r.json"], in: URL(fileURLWithPath: tmp.path))
        #expect(r.stdout.contains("1 passed, 1 failed"), "\(r)")
        #expect(try Self.files(tmp.file("r.json")) == ["DP/d.lua", "DP/e.lua"], "\(r)")
    }

    /// A link elsewhere in the folder to a script in a subfolder: the script runs once under its
    /// own path whatever the link is called, so its relative `prototype` path is read from its
    /// own folder (red-team 18 A-F3: a link named to sort first gave a load error, exit 65).
    @Test(arguments: ["aa.lua", "zz.lua", "sub2/x.lua"])
    func aLinkToAScriptNeverReplacesTheScriptsOwnPath(_ link: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s/sub/a.lua", "prototype \"../../Proto\"\ntest(\"t\", function() end)\n")
        try FileManager.default.createDirectory(atPath: tmp.file("s/sub2"), withIntermediateDirectories: true)
        let target = link.contains("/") ? "../sub/a.lua" : "sub/a.lua"
        try FileManager.default.createSymbolicLink(atPath: tmp.file("s/\(link)"), withDestinationPath: target)
        let r = try Sceneflow.run(["test", "s", "--json", "r.json"], in: tmp.url)
        #expect(r.status == 0 && r.stdout.contains("1 passed, 0 failed"), "\(link): \(r)")
        #expect(try Self.files(tmp.file("r.json")) == ["s/sub/a.lua"], "\(link): \(r)")
    }

    /// The shards of overlapping arguments split each file once, so their reports merge.
    @Test func shardsOfOverlappingArgumentsMerge() throws {
        let tmp = try Self.folder()
        let here = URL(fileURLWithPath: tmp.path)
        for arguments in [["DP", "DP"], ["DP", "./DP/d.lua", "DP/e.lua"]] {
            let one = try Sceneflow.run(["test"] + arguments + ["--shard", "1/2", "--json", "s1.json"], in: here)
            let two = try Sceneflow.run(["test"] + arguments + ["--shard", "2/2", "--json", "s2.json"], in: here)
            #expect(one.status <= 1 && two.status <= 1, "\(one) \(two)")
            let merged = try Sceneflow.run(["merge-reports", "s1.json", "s2.json", "--json", "m.json"], in: here)
            #expect(merged.status == 1, "\(arguments): \(merged)")
            #expect(try Self.files(tmp.file("m.json")).count == 2, "\(arguments): \(merged)")
        }
    }
}
