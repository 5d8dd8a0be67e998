import Foundation
import Testing

/// Red-team 42 B F7: `render --out P/preview.png` wrote a new image into the prototype's
/// folder, then the same command was refused as "an image of the prototype", so one command
/// line worked once. A new image or Lua file inside a prototype's folder is refused the first
/// time too (64, before anything is written), for every command that writes one, and so is a
/// graph whose thumbnail folder would lie there.
@Suite struct OutputsIntoPrototypeFolderTests {
    @Test(arguments: [
        ["render", "Proto", "--out", "Proto/preview.png"],
        ["render", "Proto", "--out", "Proto/sub/../preview.PNG"],
        ["graph", "Proto", "--out", "Proto/flow.png"],
        ["graph", "Proto", "--format", "svg", "--out", "Proto/flow.svg"],
        ["test", "t.lua", "--json", "Proto/r.lua"],
    ])
    func aNewImageInThePrototypeFolderIsRefusedEveryTime(command: [String]) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(atPath: tmp.file("Proto/sub"), withIntermediateDirectories: true)
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: tmp.file("Proto")).sorted()
        for round in 1...2 {
            let r = try Sceneflow.run(command, in: tmp.url, timeout: 120)
            #expect(r.status == 64, "round \(round) \(command): \(r)")
            // An SVG is no image a scene reads, but its thumbnails (`Proto/flow-thumbs/`) would
            // be (red-team 51 B O1: written there, `check` then warned of unused images).
            let said =
                command.last!.hasSuffix(".svg")
                ? "among the images its runs read" : "into the folder of the prototype Proto"
            #expect(r.stderr.contains(said), "\(r)")
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: tmp.file("Proto")).sorted()
        #expect(after == before, "\(command)")
    }

    /// What Sceneflow writes itself into a prototype's folder, where scripts may live (their
    /// baselines in `__screenshots__`, a `--report` folder with its ledger), is no image of the
    /// prototype: `check` does not call those images "not used by any scene".
    @Test(arguments: ["Proto/rep", "Proto"])
    func checkLeavesOutBaselinesAndReportFiles(report: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "Proto/t.lua",
            "prototype \".\"\ntest(\"t\", function() capture \"c\"; expect.screenshot \"s\"; expect.scene \"detail\" end)\n"
        )
        let r = try Sceneflow.run(["test", "Proto/t.lua", "--report", report], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("Proto/__screenshots__/t/s.png")), "\(r)")
        let check = try Sceneflow.run(["check", "Proto"], in: tmp.url, timeout: 60)
        #expect(check.status == 0, "\(check)")
        #expect(!check.output.contains("not used by any scene"), "\(check)")
        // An image the user put there still is.
        try tmp.image("Proto/spare.png")
        let again = try Sceneflow.run(["check", "Proto"], in: tmp.url, timeout: 60)
        #expect(again.output.contains("image \"spare.png\" is not used by any scene"), "\(again)")
    }
}
