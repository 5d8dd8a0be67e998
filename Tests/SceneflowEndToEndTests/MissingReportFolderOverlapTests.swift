import Foundation
import Testing

/// An output inside a `--report DIR` that does not exist yet: two outputs of one file are
/// refused as the same file (not as "the folder DIR does not exist", which `--report` would
/// create), and an output of its own inside it is written, for `test` and `merge-reports`,
/// from the command line and from the project config, nothing created when refused.
@Suite struct MissingReportFolderOverlapTests {
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        return tmp
    }

    /// `--report` folders that do not exist and an output the folder writes itself.
    static let overlaps: [[String]] = [
        ["--report", "out", "--json", "out/results.json"], ["--json", "out/results.json", "--report", "out"],
        ["--report", "out", "--junit", "out/junit.xml"], ["--report", "a/b", "--junit", "a/b/index.html"],
        ["--report", "out/", "--json", "out/./results.json"],
    ]

    @Test(arguments: overlaps)
    func anOverlapIsNamedAsOneFile(_ options: [String]) throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "t.lua"] + options, in: tmp.url)
        #expect(r.status == 64, "\(options): \(r)")
        #expect(r.stderr.contains("are the same file; each output needs a file of its own"), "\(options): \(r)")
        #expect(!r.stderr.contains("does not exist"), "\(options): \(r)")
        for made in ["out", "a"] {
            #expect(!FileManager.default.fileExists(atPath: tmp.file(made)), "\(options): \(made) was created")
        }
    }

    @Test func mergeReportsNamesTheOverlapToo() throws {
        let tmp = try Self.folder()
        #expect(try Sceneflow.run(["test", "t.lua", "--json", "s1.json"], in: tmp.url).status == 0)
        let r = try Sceneflow.run(
            ["merge-reports", "s1.json", "--report", "out", "--json", "out/results.json"], in: tmp.url)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("are the same file"), "\(r)")
    }

    @Test func aConfigOverlapIsNamedAsOneFile() throws {
        let tmp = try Self.folder()
        try FileManager.default.createDirectory(atPath: tmp.file(".git"), withIntermediateDirectories: true)
        try tmp.write(
            "sceneflow.lua", "return { test = { reporters = { report = \"out\", json = \"out/results.json\" } } }\n")
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("are the same file"), "\(r)")
        #expect(!r.stderr.contains("does not exist"), "\(r)")
    }

    /// An output of its own inside the folder `--report` creates is written there.
    @Test(arguments: [["--report", "out", "--json", "out/mine.json"], ["--json", "out/mine.json", "--report", "out"]])
    func anOutputInsideTheNewReportFolderIsWritten(_ options: [String]) throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "t.lua"] + options, in: tmp.url)
        #expect(r.status == 0, "\(options): \(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("out/mine.json")), "\(options)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("out/index.html")), "\(options)")
    }
}
