import Foundation
import Testing

/// Red-team 52 B F1 and F2: a failing run wrote its artifacts and captures over a person's
/// file at their paths (one put there, or a run's file edited since, "yours from then on"),
/// without a word, then listed it, so the next green run removed it; and it wrote them through
/// a link left in the report folder, over a file outside it or into a prototype's folder,
/// listed nowhere. A report file is written only where nothing is, or over the last run's own
/// unchanged file; never through a link. What was kept is said.
@Suite struct ReportFilesKeepAPersonsFileTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            "prototype \"Proto\"\ntest(\"f\", function() capture \"cap\"; expect.screenshot(\"s\", {region = {0, 0, 8, 8}}); expect.scene(\"detail\", {timeout = 0}) end)\n"
        )
        return tmp
    }

    static let files = ["R/artifacts/t/01-f/frame.png", "R/artifacts/t/01-f/elements.txt", "R/captures/t/01-f/cap.png"]

    @Test func aPersonsFileAtAReportPathIsKept() throws {
        let tmp = try Self.suite()
        for file in Self.files { try tmp.write(file, "mine\n") }
        let r = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        for file in Self.files {
            #expect(try String(contentsOfFile: tmp.file(file), encoding: .utf8) == "mine\n", "\(file): \(r)")
        }
        #expect(r.stdout.contains("yours from then on"), "\(r.stdout)")
        // Red-team 53 B O1: a run killed before its end leaves such files too; the message says so.
        #expect(r.stdout.contains("or one left by a run killed before its end"), "\(r.stdout)")
        // A green run leaves them too.
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"f\", function() end)\n")
        #expect(try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120).status == 0)
        for file in Self.files { #expect(FileManager.default.fileExists(atPath: tmp.file(file)), "\(file)") }
    }

    @Test func theLastRunsOwnFilesAreWrittenAgainAndAnEditedOneIsKept() throws {
        let tmp = try Self.suite()
        let first = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(first.status == 1 && !first.stdout.contains("yours from then on"), "\(first)")
        // The same run again replaces its own files without a word.
        let again = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(again.status == 1 && !again.stdout.contains("yours from then on"), "\(again)")
        for file in Self.files { #expect(FileManager.default.fileExists(atPath: tmp.file(file)), "\(file)") }
        // Edited since: the person's now.
        try tmp.write("R/artifacts/t/01-f/frame.png", "edited\n")
        let third = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(third.stdout.contains("yours from then on"), "\(third)")
        let kept = try String(contentsOfFile: tmp.file("R/artifacts/t/01-f/frame.png"), encoding: .utf8)
        #expect(kept == "edited\n")
    }

    @Test(arguments: ["artifacts", "captures", "screenshots"])
    func nothingIsWrittenThroughALinkInTheReportFolder(kind: String) throws {
        let tmp = try Self.suite()
        try FileManager.default.createDirectory(atPath: tmp.file("R/\(kind)"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: tmp.file("U/01-f"), withIntermediateDirectories: true)
        try tmp.write("U/01-f/frame.png", "mine\n")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("R/\(kind)/t"), withDestinationPath: "../../U")
        // A baseline the region differs from: the check fails and writes its failure images.
        try tmp.write("__screenshots__/t/s.png", PNGWriter.solid(width: 8, height: 8, rgb: (1, 2, 3)))
        let before = try FileManager.default.subpathsOfDirectory(atPath: tmp.file("U")).sorted()
        let r = try Sceneflow.run(["test", "t.lua", "--report", "R"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("is a symbolic link, and a report file is never written through one"), "\(r.stdout)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: tmp.file("U")).sorted() == before, "\(r)")
        #expect(try String(contentsOfFile: tmp.file("U/01-f/frame.png"), encoding: .utf8) == "mine\n")
    }
}
