import Foundation
import Testing

/// `test --list` runs nothing, so it writes nothing: every option that asks for an output is
/// refused with it, as `--json` is, and creates nothing (red-team 28 F4: `--timeline`, `--csv`,
/// `--frames`, `--video` and `--update-baselines` were taken silently, `--frames` making an
/// empty folder); `--frames-hash-only` needs `--frames`.
@Suite struct ListOutputOptionTests {
    /// Each output option with its value, and the file or folder it would write.
    static let outputs: [(arguments: [String], writes: String?)] = [
        (["--json", "x.json"], "x.json"), (["--junit", "x.xml"], "x.xml"), (["--report", "rr"], "rr"),
        (["--tap"], nil), (["--timeline", "t.json"], "t.json"), (["--csv", "t.csv"], "t.csv"),
        (["--frames", "fr"], "fr"), (["--video", "on"], nil), (["--video", "retain-on-failure"], nil),
        (["--update-baselines"], nil), (["--update-baselines", "all"], nil), (["--update-baselines=missing"], nil),
    ]

    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("ok.lua", "prototype \"Proto\"\ntest(\"t\", function() expect(1).to_be(1) end)\n")
        return tmp
    }

    @Test(arguments: outputs.map(\.arguments))
    func everyOutputOptionIsRefusedWithList(_ arguments: [String]) throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(["test", "ok.lua", "--list"] + arguments, in: tmp.url)
        #expect(r.status == 64, "\(arguments): \(r)")
        #expect(r.stderr.contains("--list runs nothing, so it writes no report"), "\(arguments): \(r)")
        let option = String(arguments[0].prefix { $0 != "=" })
        #expect(r.stderr.contains(option), "the message names \(option): \(r)")
        #expect(!r.stdout.contains("ok.lua:2"), "nothing is listed: \(r)")
        if let writes = Self.outputs.first(where: { $0.arguments == arguments })?.writes {
            #expect(!FileManager.default.fileExists(atPath: tmp.file(writes)), "\(arguments) created \(writes)")
        }
    }

    @Test func listAloneAndWithSelectionStillLists() throws {
        let tmp = try Self.folder()
        for extra in [[], ["--filter", "t"], ["--video", "off"], ["--quiet"]] {
            let r = try Sceneflow.run(["test", "ok.lua", "--list"] + extra, in: tmp.url)
            #expect(r.status == 0, "\(extra): \(r)")
            #expect(r.stdout.contains("ok.lua:2: t"), "\(extra): \(r)")
        }
    }

    @Test func framesHashOnlyNeedsFrames() throws {
        let tmp = try Self.folder()
        let alone = try Sceneflow.run(["test", "ok.lua", "--frames-hash-only"], in: tmp.url)
        #expect(alone.status == 64, "\(alone)")
        #expect(alone.stderr.contains("--frames-hash-only") && alone.stderr.contains("--frames DIR"), "\(alone)")
        let with = try Sceneflow.run(["test", "ok.lua", "--frames", "fr", "--frames-hash-only"], in: tmp.url)
        #expect(with.status == 0, "\(with)")
        let sub = try #require(try FileManager.default.contentsOfDirectory(atPath: tmp.file("fr")).first)
        #expect(FileManager.default.fileExists(atPath: tmp.file("fr/\(sub)/hashes.txt")), "\(with)")
    }
}
