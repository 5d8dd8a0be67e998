import Foundation
import SceneflowRunner
import Testing

/// A report folder's list `.sceneflow-files` that cannot be read (broken JSON, an empty file,
/// a value of the wrong type anywhere in it) never changes a verdict: the run says the list is
/// damaged, takes the files under the folder's own names as an earlier run's (written over,
/// removed unless written again), and writes the list anew, so the next run is clean too
/// (red-team 58 B L2: one bad shard label dropped the whole list, and from then on every test
/// that captured failed with "a file is already there that no run wrote", until the folder was
/// deleted by hand).
@Suite struct DamagedReportListTests {
    static let script = """
        prototype "Proto"
        test("red", function() capture "ev"; expect(1).to_be(2) end)
        test("green", function() capture "ok" end)

        """

    /// The list, damaged in one way each.
    static let damages: [(String, @Sendable (String) -> String)] = [
        ("broken JSON", { _ in "{broken" }),
        ("an empty file", { _ in "" }),
        ("a shard label that is a number", { $0.replacingOccurrences(of: "\"1/2\"", with: "7") }),
        (
            "a time that is text",
            { $0.replacingOccurrences(of: "\"modified\" : {", with: "\"modified\" : {\"x\": \"y\",") }
        ),
        ("a file that is a number", { $0.replacingOccurrences(of: "\"files\" : [", with: "\"files\" : [1,") }),
        ("no files", { _ in "{\"schema\": \"sceneflow-report-files/1\"}" }),
    ]

    @Test(arguments: 0..<6, [[], ["--report", "R"]])
    func aDamagedListChangesNoVerdict(_ damage: Int, _ report: [String]) throws {
        let (what, damaged) = Self.damages[damage]
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.script)
        let folder = report.isEmpty ? "sceneflow-report" : "R"
        let arguments = ["test", "s.lua", "--shard", "1/2", "--json", "r.json"] + report
        var r = try Sceneflow.run(arguments, in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        let list = tmp.file(folder + "/" + ReportFolderLedger.fileName)
        let text = try String(contentsOfFile: list, encoding: .utf8)
        #expect(text.contains("\"1/2\""), "\(text)")
        let changed = damaged(text)
        #expect(changed != text, "\(what): the damage did not apply")
        try tmp.write(folder + "/" + ReportFolderLedger.fileName, changed)
        for round in 1...2 {
            r = try Sceneflow.run(arguments, in: tmp.url, environment: ["CI": "1"], timeout: 120)
            #expect(r.status == 1, "\(what), round \(round): \(r)")
            let json = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let verdicts = json.files.flatMap(\.outcomes).map { "\($0.name)=\($0.verdict.rawValue)" }
            #expect(verdicts == ["red=failed", "green=passed"], "\(what), round \(round): \(verdicts)\n\(r)")
            #expect(!r.stdout.contains("no run wrote") && !r.stderr.contains("no run wrote"), "\(what): \(r)")
            // Said once, in the round that found the list damaged.
            let said = r.stderr.contains("\(ReportFolderLedger.fileName) cannot be read")
            #expect(said == (round == 1), "\(what), round \(round): \(r.stderr)")
        }
        // The list is whole again, and names this run's files.
        let whole = try String(contentsOfFile: list, encoding: .utf8)
        #expect(whole.contains("captures/s/02-green/ok.png"), "\(whole)")
    }

    /// Something at the list's place that is not a file: a folder, a link (even to a good
    /// list), a FIFO. Verdicts stand, nothing hangs, and every run says so (red-team 59 B F3:
    /// every later capture failed as a person's file).
    @Test(arguments: ["folder", "link", "FIFO"], [[], ["--report", "R"]])
    func aListThatIsNotAFileChangesNoVerdict(_ kind: String, _ report: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.script)
        let folder = report.isEmpty ? "sceneflow-report" : "R"
        let arguments = ["test", "s.lua", "--json", "r.json"] + report
        var r = try Sceneflow.run(arguments, in: tmp.url, environment: ["CI": "1"], timeout: 120)
        #expect(r.status == 1, "\(r)")
        let list = tmp.file(folder + "/" + ReportFolderLedger.fileName)
        try FileManager.default.moveItem(atPath: list, toPath: tmp.file("good-list"))
        switch kind {
        case "folder": try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: false)
        case "link":
            try FileManager.default.createSymbolicLink(atPath: list, withDestinationPath: tmp.file("good-list"))
        default: #expect(mkfifo(list, 0o644) == 0)
        }
        for round in 1...2 {
            r = try Sceneflow.run(arguments, in: tmp.url, environment: ["CI": "1"], timeout: 120)
            #expect(!r.timedOut, "\(kind): \(r)")
            #expect(r.status == 1, "\(kind), round \(round): \(r)")
            let json = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let verdicts = json.files.flatMap(\.outcomes).map { "\($0.name)=\($0.verdict.rawValue)" }
            #expect(verdicts == ["red=failed", "green=passed"], "\(kind), round \(round): \(verdicts)\n\(r)")
            #expect(r.stderr.contains("\(ReportFolderLedger.fileName) cannot be read"), "\(kind): \(r.stderr)")
            #expect(r.stderr.contains("is not a file"), "\(kind): \(r.stderr)")
        }
        // The good list the link named is as it was.
        if kind == "link" {
            #expect(FileManager.default.fileExists(atPath: tmp.file("good-list")))
        }
    }
}
