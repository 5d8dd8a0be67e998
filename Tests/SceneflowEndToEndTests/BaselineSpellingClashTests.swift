import Foundation
import Testing

/// Baseline and capture names that differ only in case ("Home"/"home") or in how accents are
/// encoded (é composed / e + U+0301) are one file on macOS and Windows, where baselines are
/// shared: the second is refused with both names instead of written beside the first
/// (red-team 14 F8: `Home.png` and `home.png` were both written, one replacing the other on a
/// Mac).
@Suite struct BaselineSpellingClashTests {
    @Test func aSecondSpellingOfOneNameIsRefused() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("case", function() expect.screenshot "Home"; expect.screenshot "home" end)
            test("accents", function() capture "\\u{E9}"; capture "e\\u{301}" end)
            test("tree", function() expect.tree "Tree"; expect.tree "TREE" end)

            """)
        let run = try Sceneflow.run(["test", "s.lua", "--report", "rep"], in: tmp.url)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout.contains(
                "expect.screenshot(\"home\"): \"home.png\" and the baseline \"Home.png\" beside it differ only in case"),
            "\(run.stdout)")
        #expect(run.stdout.contains("capture(") && run.stdout.contains("and the capture"), "\(run.stdout)")
        #expect(run.stdout.contains("and the baseline \"Tree.tree.txt\""), "\(run.stdout)")
        let baselines = try FileManager.default.contentsOfDirectory(atPath: tmp.file("__screenshots__/s"))
        #expect(!baselines.contains("home.png") && baselines.contains("Home.png"), "\(baselines)")
    }
}
