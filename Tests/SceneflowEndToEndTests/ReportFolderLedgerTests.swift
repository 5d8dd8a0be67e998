import Foundation
import Testing

/// A report folder used again holds only the last run's files: what the run before wrote
/// (failure frames, element trees, captures, screenshot images, videos, the pages) is removed
/// first, listed in `.sceneflow-files`; a file a person put there is never removed, nor one a
/// tampered list names outside the folder or through a symbolic link. `merge-reports` into
/// the folder removes nothing (its page links to the shards' files there).
@Suite struct ReportFolderLedgerTests {
    static let red = """
        prototype "Proto"
        test("fails", function() tap "Open"; capture("shot"); expect.scene "home" end)
        test("passes", function() tap "Open" end)

        """
    static let green = """
        prototype "Proto"
        test("fails", function() tap "Open"; expect.scene "detail" end)
        test("passes", function() tap "Open" end)

        """

    /// The regular files under `folder`, relative, sorted.
    static func files(_ folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent(next), isDirectory: &isFolder)
            if !isFolder.boolValue { found.append(next) }
        }
        return found.sorted()
    }

    /// Red-team 11 m9: without `--report`, the default folder's pages are not Sceneflow's: a
    /// `--junit sceneflow-report/junit.xml` of the user's was listed (by its name) and the next
    /// run removed it. Only a run that writes the pages (`--report DIR`) lists them.
    @Test func aUsersJUnitFileInTheDefaultFolderIsKept() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.red)
        try FileManager.default.createDirectory(atPath: tmp.file("sceneflow-report"), withIntermediateDirectories: true)
        let first = try Sceneflow.run(
            ["test", "s.lua", "--junit", "sceneflow-report/junit.xml", "--json", "sceneflow-report/results.json"],
            in: tmp.url)
        #expect(first.status == 1, "\(first)")
        let ledger = try String(contentsOfFile: tmp.file("sceneflow-report/.sceneflow-files"), encoding: .utf8)
        #expect(!ledger.contains("junit.xml") && !ledger.contains("results.json"), "\(ledger)")
        #expect(ledger.contains("captures/"), "\(ledger)")
        let second = try Sceneflow.run(["test", "s.lua"], in: tmp.url)
        #expect(second.status == 1, "\(second)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("sceneflow-report/junit.xml")))
        #expect(FileManager.default.fileExists(atPath: tmp.file("sceneflow-report/results.json")))
    }

    @Test func aGreenRunAfterARedOneKeepsNoFailureEvidence() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.red)
        let red = try Sceneflow.run(["test", "s.lua", "--report", "rep", "--video", "retain-on-failure"], in: tmp.url)
        #expect(red.status == 1, "\(red)")
        let redFiles = Self.files(tmp.file("rep"))
        for part in ["artifacts/", "captures/", "videos/"] {
            #expect(redFiles.contains { $0.hasPrefix(part) }, "\(part) in \(redFiles)")
        }
        // A person's files, at the top and inside a folder Sceneflow writes to.
        try tmp.write("rep/README.txt", "mine")
        try tmp.write("rep/artifacts/notes/mine.txt", "mine")
        try tmp.write("s.lua", Self.green)
        let green = try Sceneflow.run(
            ["test", "s.lua", "--report", "rep", "--video", "retain-on-failure"], in: tmp.url)
        #expect(green.status == 0, "\(green)")
        let greenFiles = Self.files(tmp.file("rep"))
        #expect(
            greenFiles == [
                ".sceneflow-files", "README.txt", "artifacts/notes/mine.txt", "index.html", "junit.xml", "results.json",
            ], "\(greenFiles)")
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        #expect(!html.contains("frame.png") && !html.contains(".mp4"), "\(html)")
        // Red again: the failure's files come back, the person's stay.
        try tmp.write("s.lua", Self.red)
        let again = try Sceneflow.run(["test", "s.lua", "--report", "rep"], in: tmp.url)
        #expect(again.status == 1, "\(again)")
        let againFiles = Self.files(tmp.file("rep"))
        #expect(againFiles.contains("README.txt") && againFiles.contains("artifacts/notes/mine.txt"), "\(againFiles)")
        #expect(againFiles.contains { $0.hasSuffix("frame.png") }, "\(againFiles)")
        #expect(!againFiles.contains { $0.hasPrefix("videos/") }, "no video asked for this time: \(againFiles)")
    }

    /// Red-team 45 B G2: a failure frame the user took over (made a scene image of the
    /// prototype, the report folder inside it, and edited) was removed by the next run as the
    /// last run's file; the prototype no longer opened. A file changed since the run that
    /// wrote it is a person's: never removed, no longer listed.
    @Test func aReportFileChangedSinceTheRunWroteItIsKept() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.red)
        #expect(try Sceneflow.run(["test", "s.lua", "--report", "Proto/rep"], in: tmp.url).status == 1)
        let frame = "Proto/rep/artifacts/s/01-fails/frame.png"
        let capture = "Proto/rep/captures/s/01-fails/shot.png"
        #expect(FileManager.default.fileExists(atPath: tmp.file(frame)))
        // The frame becomes a scene image, edited; the capture stays as the run wrote it.
        try tmp.write(frame, PNGWriter.solid(width: 36, height: 80, rgb: (1, 2, 3)))
        let text = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        try text.replacingOccurrences(
            of: "image = \"detail.png\"", with: "image = \"rep/artifacts/s/01-fails/frame.png\""
        ).write(toFile: tmp.file("Proto/prototype.lua"), atomically: true, encoding: .utf8)
        #expect(try Sceneflow.run(["check", "Proto"], in: tmp.url).status == 0)
        try tmp.write("s.lua", Self.green)
        let green = try Sceneflow.run(["test", "s.lua", "--report", "Proto/rep"], in: tmp.url)
        #expect(green.status == 0, "\(green)")
        #expect(FileManager.default.fileExists(atPath: tmp.file(frame)), "an edited file was removed")
        #expect(!FileManager.default.fileExists(atPath: tmp.file(capture)), "the run's own capture is removed")
        #expect(try Sceneflow.run(["check", "Proto"], in: tmp.url).status == 0)
        // No longer listed: a later run leaves it too.
        let ledger = try String(contentsOfFile: tmp.file("Proto/rep/.sceneflow-files"), encoding: .utf8)
        #expect(!ledger.contains("frame.png"), "\(ledger)")
    }

    /// Without --report, captures and screenshot images go to sceneflow-report: the same rule.
    @Test func theDefaultReportFolderIsCleanedToo() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.red)
        let red = try Sceneflow.run(["test", "s.lua"], in: tmp.url)
        #expect(red.status == 1, "\(red)")
        #expect(Self.files(tmp.file("sceneflow-report")).contains { $0.hasPrefix("captures/") }, "\(red)")
        try tmp.write("s.lua", Self.green)
        let green = try Sceneflow.run(["test", "s.lua"], in: tmp.url)
        #expect(green.status == 0, "\(green)")
        #expect(
            Self.files(tmp.file("sceneflow-report")) == [".sceneflow-files"],
            "\(Self.files(tmp.file("sceneflow-report")))")
    }

    /// A list that names files outside the folder, outside the names Sceneflow owns, or through
    /// a symbolic link removes none of them.
    @Test func aTamperedListRemovesNothingOutside() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.green)
        try tmp.write("outside.txt", "keep")
        try tmp.write("elsewhere/artifacts/x.txt", "keep")
        try tmp.write("rep/mine.txt", "keep")
        try tmp.write("rep/artifacts/real/kept.txt", "keep")
        try FileManager.default.createSymbolicLink(
            atPath: tmp.file("rep/artifacts/link"), withDestinationPath: tmp.file("elsewhere/artifacts"))
        let listed = [
            "../outside.txt", tmp.file("outside.txt"), "artifacts/../../outside.txt", "mine.txt",
            "artifacts/link/x.txt",
            "artifacts/./real/kept.txt", "artifacts//real/kept.txt", "", "prototype.lua",
        ]
        let json = try JSONSerialization.data(withJSONObject: ["schema": "sceneflow-report-files/1", "files": listed])
        try tmp.write("rep/.sceneflow-files", json)
        let run = try Sceneflow.run(["test", "s.lua", "--report", "rep"], in: tmp.url)
        #expect(run.status == 0, "\(run)")
        for kept in ["outside.txt", "elsewhere/artifacts/x.txt", "rep/mine.txt", "rep/artifacts/real/kept.txt"] {
            #expect(FileManager.default.fileExists(atPath: tmp.file(kept)), "\(kept) was removed")
        }
        let ledger = try String(contentsOfFile: tmp.file("rep/.sceneflow-files"), encoding: .utf8)
        #expect(!ledger.contains("kept.txt") && !ledger.contains("mine.txt"), "\(ledger)")
    }

    /// merge-reports writes its pages into a test run's folder without removing the artifacts
    /// they link to; the next test run removes both runs' files.
    @Test func mergeReportsRemovesNothingAndTheNextRunCleansAll() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.red)
        let shard = try Sceneflow.run(["test", "s.lua", "--report", "rep", "--json", "s.json"], in: tmp.url)
        #expect(shard.status == 1, "\(shard)")
        let before = Self.files(tmp.file("rep")).filter { $0.hasPrefix("artifacts/") || $0.hasPrefix("captures/") }
        #expect(!before.isEmpty)
        let merged = try Sceneflow.run(["merge-reports", "s.json", "--report", "rep"], in: tmp.url)
        #expect(merged.status == 1, "\(merged)")
        let after = Self.files(tmp.file("rep"))
        for file in before { #expect(after.contains(file), "merge-reports removed \(file)") }
        try tmp.write("s.lua", Self.green)
        let green = try Sceneflow.run(["test", "s.lua", "--report", "rep"], in: tmp.url)
        #expect(green.status == 0, "\(green)")
        #expect(
            Self.files(tmp.file("rep")) == [".sceneflow-files", "index.html", "junit.xml", "results.json"],
            "\(Self.files(tmp.file("rep")))")
    }
}
