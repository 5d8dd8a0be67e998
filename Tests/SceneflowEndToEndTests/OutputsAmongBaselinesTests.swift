import Foundation
import Testing

/// Red-team 45 B G5: an output new among baselines was taken: `--report __screenshots__/c`
/// ran (every failure image was then refused one by one, and the report linked images that
/// were not there), `--csv __screenshots__/a/new.png` put a CSV named like a baseline there,
/// and an existing tree baseline was called "a screenshot baseline". Every output option
/// refuses a place in a `__screenshots__` folder, new or not, through a link too, with 64
/// before anything is written.
@Suite struct OutputsAmongBaselinesTests {
    static let cases: [[String]] = [
        ["--report", "__screenshots__/c"],
        ["--report", "__screenshots__"],
        ["--csv", "__screenshots__/a/new.png"],
        ["--json", "__screenshots__/a/y.tree.txt"],
        ["--junit", "shots/new.xml"],  // `shots` a link to __screenshots__/a
        ["--timeline", "__screenshots__/a/t.json"],
    ]

    @Test(arguments: cases)
    func anOutputAmongBaselinesIsRefused(_ option: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("c.lua", "prototype \"Proto\"\ntest(\"t\", function() expect.screenshot \"x\" end)\n")
        try tmp.write("__screenshots__/a/y.tree.txt", "a tree\n")
        try FileManager.default.createSymbolicLink(atPath: tmp.file("shots"), withDestinationPath: "__screenshots__/a")
        let before = try FileManager.default.subpathsOfDirectory(atPath: tmp.file("__screenshots__")).sorted()
        let r = try Sceneflow.run(["test", "c.lua"] + option, in: tmp.url)
        #expect(r.status == 64, "\(option): \(r)")
        #expect(r.stderr.contains("lies in a __screenshots__ folder, among the baselines"), "\(option): \(r.stderr)")
        #expect(!r.stderr.contains("is a screenshot baseline"), "\(option): \(r.stderr)")
        let after = try FileManager.default.subpathsOfDirectory(atPath: tmp.file("__screenshots__")).sorted()
        #expect(after == before, "\(option): nothing is written")
    }

    /// Red-team 48 B K1: `--json sceneflow-report/.sceneflow-files` (the default report
    /// folder's list of its files) was taken and said "wrote"; the list then replaced it.
    @Test(arguments: ["--json", "--junit", "--csv"])
    func anOutputOntoTheDefaultReportFoldersListIsRefused(_ option: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("c.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        let r = try Sceneflow.run(["test", "c.lua", option, "sceneflow-report/.sceneflow-files"], in: tmp.url)
        #expect(r.status == 64, "\(option): \(r)")
        #expect(r.stderr.contains("are the same file"), "\(option): \(r.stderr)")
    }
}
