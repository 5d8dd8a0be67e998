import Foundation
import Testing

/// The subfolders of a report folder (`artifacts/`, `captures/`, `screenshots/`, `videos/`)
/// are Sceneflow's alone: what a run writes there is listed in `.sceneflow-files` and the next
/// run removes it. An output of the user's there (or onto one of those folders) is refused
/// before the run, exit 64, as other shared outputs are (red-team 12 m1: `--json
/// rep/artifacts/my.json` was listed and removed by the next run; m2: `--json rep/captures`
/// ran the whole suite, then lost the JSON, exit 70). Generated: every file and folder output
/// of `test` × every owned subfolder × `--report rep` and the default folder.
@Suite struct ReportOwnedFolderOutputTests {
    static let options = ["--json", "--junit", "--timeline", "--csv", "--frames"]
    static let folders = ["artifacts", "captures", "screenshots", "videos"]
    static let script = """
        prototype "Proto"
        test("opens", function() tap "Open"; capture("shot") end)

        """

    static var cases: [(option: String, folder: String, report: Bool)] {
        options.flatMap { option in folders.flatMap { folder in [(option, folder, true), (option, folder, false)] } }
    }

    @Test(arguments: cases)
    func anOutputInsideAnOwnedSubfolderIsRefusedBeforeTheRun(option: String, folder: String, report: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.script)
        let top = report ? "rep" : "sceneflow-report"
        try FileManager.default.createDirectory(atPath: tmp.file("\(top)/\(folder)"), withIntermediateDirectories: true)
        // Inside the folder (a file or a folder of the user's), and onto the folder itself.
        for target in ["\(top)/\(folder)/mine.out", "\(top)/\(folder)"] {
            let run = try Sceneflow.run(
                ["test", "s.lua", option, target] + (report ? ["--report", "rep"] : []), in: tmp.url)
            #expect(run.status == 64, "\(option) \(target): \(run)")
            #expect(run.stderr.contains("\(option) \(target)"), "\(run.stderr)")
            #expect(run.stderr.contains("only Sceneflow writes"), "\(run.stderr)")
            #expect(!run.stdout.contains("PASS"), "the run went: \(run.stdout)")
        }
    }

    @Test func outputsBesideTheOwnedSubfoldersStillRunAndStay() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", Self.script)
        let first = try Sceneflow.run(
            ["test", "s.lua", "--report", "rep", "--json", "rep/my.json", "--csv", "rep/t.csv"], in: tmp.url)
        #expect(first.status == 0, "\(first)")
        let second = try Sceneflow.run(["test", "s.lua", "--report", "rep"], in: tmp.url)
        #expect(second.status == 0, "\(second)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("rep/my.json")))
        #expect(FileManager.default.fileExists(atPath: tmp.file("rep/t.csv")))
    }
}
