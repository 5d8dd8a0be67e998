import Foundation
import Testing

/// What hot reload in the window keeps: the last good prototype's pictures (QA 2: after one
/// good reload, a screenshot broken on disk must not reach a scene drawn later) and each
/// scene's scroll offset (QA 9).
@Suite(.serialized) struct ReloadStateWindowTests {
    @Test func aBrokenImageAfterAGoodReloadKeepsTheLastGoodPicture() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "KeepPicture")
        let w = try PlayingWindow(display, ["play", dir], title: "KeepPicture")
        let size = w.geometry
        let open = WindowDesignerTests.at(75, 250, size)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        let good = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        try tmp.write("P/prototype.lua", good + "\n-- an edit that changes nothing\n")
        #expect(poll(timeout: 20) { w.log.contains("reloaded KeepPicture") }, "a good reload first\n\(w.log)")
        let png = try Data(contentsOf: URL(fileURLWithPath: tmp.file("P/home.png")))
        try tmp.write("P/home.png", png.prefix(png.count / 2))  // cut short: corrupt
        #expect(poll(timeout: 20) { w.log.contains("reload failed") }, "the broken image is reported\n\(w.log)")
        w.key("Escape")
        #expect(poll(timeout: 20) { w.title.contains("home") }, "\(w.log)")
        let middle = WindowDesignerTests.at(75, 150, size)
        var seen = (r: 0, g: 0, b: 0)
        #expect(
            poll(timeout: 10) {
                w.capture(tmp.file("home.png"))
                seen = PlayingWindow.pixel(tmp.file("home.png"), middle.0, middle.1)
                return seen == (40, 120, 200)
            }, "home shows its last good picture, not black: \(seen)\n\(w.log)")
        w.quit()
    }

    @Test func aReloadKeepsTheScrollOffset() throws {
        guard let display = XvfbDisplay.start(), let convert = DesignerCommandTests.which("convert") else { return }
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        // 150x300 pt at scale 2; the image is 600 pt tall with a red band at 400-440 pt.
        let made = try DesignerCommandTests.runTool(
            convert,
            [
                "-size", "300x1200", "xc:#f0f0f0", "-fill", "#c02020", "-draw", "rectangle 0,800 299,879",
                tmp.file("P/list.png"),
            ])
        #expect(made.status == 0, "\(made.output)")
        let lua = """
            return { name = "KeepScroll", device = { width = 150, height = 300, scale = 2 }, start = "list",
              scenes = { list = { image = "list.png", scroll = { header = 20, footer = 20 } } } }
            """
        try tmp.write("P/prototype.lua", lua)
        let w = try PlayingWindow(display, ["play", tmp.file("P")], title: "KeepScroll")
        #expect(w.geometry == (300, 600), "\(w.geometry)")
        let probe = (150, 430)  // 215 pt: the red band after scrolling 200 pt
        for _ in 0..<5 { w.display.run("xdotool", ["mousemove", "--window", w.id, "150", "300", "click", "5"]) }
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("wheel.png"))
                return PlayingWindow.pixel(tmp.file("wheel.png"), probe.0, probe.1) == (192, 32, 32)
            }, "scrolled 200 pt")
        try tmp.write("P/prototype.lua", lua + "\n-- an edit\n")
        #expect(poll(timeout: 20) { w.log.contains("reloaded KeepScroll") }, "\(w.log)")
        Thread.sleep(forTimeInterval: 0.3)  // a few frames after the reload
        w.capture(tmp.file("reloaded.png"))
        let seen = PlayingWindow.pixel(tmp.file("reloaded.png"), probe.0, probe.1)
        #expect(seen == (192, 32, 32), "still scrolled 200 pt after the reload: \(seen)")
        w.quit()
    }
}

/// Red-team R2: two saves of `prototype.lua` in quick succession (format-on-save, an editor
/// writing twice, a save storm) end on the last save, whatever the gap; the window had stayed on
/// an older save for good when the second one landed while the first reloaded.
@Suite(.serialized) struct QuickSavesWindowTests {
    @Test func theWindowEndsOnTheLastOfTwoQuickSaves() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "LastSave")
        let w = try PlayingWindow(display, ["play", dir], title: "LastSave")
        let good = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        let stale = good.replacingOccurrences(of: "name = \"LastSave\"", with: "name = \"OlderSave\"")
        for (round, gap) in [0.05, 0.1, 0.2, 0.3, 0.45].enumerated() {
            try tmp.write("P/prototype.lua", stale)
            Thread.sleep(forTimeInterval: gap)
            try tmp.write("P/prototype.lua", good + "\n-- save \(round)\n")
            Thread.sleep(forTimeInterval: 3)
            #expect(
                poll(timeout: 10) { w.title.hasPrefix("LastSave") }, "gap \(gap) s: \(w.title)\n\(w.log)")
        }
        for round in 0..<40 {  // a storm of saves, the last one good
            try tmp.write("P/prototype.lua", round % 2 == 0 ? stale + "\n-- \(round)\n" : good + "\n-- \(round)\n")
            Thread.sleep(forTimeInterval: 0.01 * Double(round % 7))
        }
        try tmp.write("P/prototype.lua", good)
        #expect(poll(timeout: 20) { w.title.hasPrefix("LastSave") }, "after a storm: \(w.title)\n\(w.log)")
        Thread.sleep(forTimeInterval: 2)
        #expect(w.title.hasPrefix("LastSave"), "and it stays: \(w.title)")
        w.quit()
    }
}
