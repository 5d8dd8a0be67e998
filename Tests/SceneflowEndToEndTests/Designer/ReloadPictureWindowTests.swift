import Foundation
import Testing

/// Hot reload in the window keeps the last good prototype's pictures (QA 2): after one good
/// reload, a screenshot broken on disk must not reach a scene drawn later.
@Suite(.serialized) struct ReloadPictureWindowTests {
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
}
