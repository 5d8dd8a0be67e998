import Foundation
import Testing

/// A command line that is refused (exit 64 bad usage, 65 a missing script) creates nothing:
/// the `--report` and `--frames` folders are made only once the command line and its inputs
/// are checked (red-team 28 F4: `--report rr --timeout -1` exited 64 leaving an empty `rr/`).
@Suite struct RefusedOptionFolderTests {
    /// Refused command lines of `test` (after `test`), with their exit status; each names the
    /// folder `rr` (nested in `rr/deep` for some).
    static let refused: [(arguments: [String], status: Int32)] = [
        (["ok.lua", "--report", "rr", "--timeout", "-1"], 64),
        (["ok.lua", "--report", "rr", "--list"], 64),
        (["ok.lua", "--report", "rr", "--quiet", "--verbose"], 64),
        (["ok.lua", "--report", "rr", "--jobs", "0"], 64),
        (["ok.lua", "--report", "rr/deep", "--shard", "3/2"], 64),
        (["ok.lua", "--report", "rr", "--json", "nofolder/x.json"], 64),
        (["ok.lua", "--report", "rr", "--json", "rr/sub/x.json"], 64),
        (["ok.lua", "--report", "rr", "--frames-hash-only"], 64),
        (["ok.lua", "--frames", "rr", "--timeout", "-1"], 64),
        (["ok.lua", "--frames", "rr/deep", "--list"], 64),
        (["ok.lua", "--frames", "rr", "--report", "rr2", "--video", "sometimes"], 64),
        (["missing.lua", "--report", "rr"], 65),
        (["missing.lua", "--frames", "rr/deep"], 65),
        (["ok.lua", "--report", "rr", "--prototype", "NoSuchPrototype"], 65),
    ]

    @Test(arguments: refused.map(\.arguments))
    func aRefusedCommandLineCreatesNoFolder(_ arguments: [String]) throws {
        let tmp = try ListOutputOptionTests.folder()
        let status = try #require(Self.refused.first { $0.arguments == arguments }?.status)
        let r = try Sceneflow.run(["test"] + arguments, in: tmp.url)
        #expect(r.status == status, "\(arguments): \(r)")
        for folder in ["rr", "rr2"] {
            #expect(!FileManager.default.fileExists(atPath: tmp.file(folder)), "\(arguments) created \(folder)")
        }
    }

    @Test func aRefusedMergeCreatesNoFolder() throws {
        let tmp = try TempFolder()
        let r = try Sceneflow.run(["merge-reports", "missing.json", "--report", "rr"], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("rr")), "\(r)")
    }

    /// What the check must still allow: a file inside the report folder it is about to create
    /// or a folder above it, and folders several levels deep.
    @Test func aFileInsideANewReportFolderIsStillTaken() throws {
        let tmp = try ListOutputOptionTests.folder()
        let r = try Sceneflow.run(
            [
                "test", "ok.lua", "--report", "out/a/b", "--json", "out/a/b/mine.json", "--junit", "out/a/j.xml",
                "--frames", "fr/x",
            ], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("out/a/b/mine.json")), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("out/a/b/results.json")), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("out/a/j.xml")), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("fr/x")), "\(r)")
    }

    /// A folder that cannot be created is still refused before anything runs.
    @Test func aFolderUnderAFileIsRefused() throws {
        let tmp = try ListOutputOptionTests.folder()
        try tmp.write("afile", "x")
        for option in ["--report", "--frames"] {
            let r = try Sceneflow.run(["test", "ok.lua", option, "afile/sub"], in: tmp.url)
            #expect(r.status == 64, "\(option): \(r)")
            #expect(r.stderr.contains("\(option) afile/sub cannot be created"), "\(option): \(r)")
        }
    }
}
