import Foundation
import Testing

/// A separate landscape scene in the window: `O` shows it in place of the portrait scene, its
/// elements take clicks in landscape points, `O` again returns (needs Xvfb, xdotool, ImageMagick).
@Suite(.serialized) struct LandscapeWindowTests {
    @Test func keyOShowsTheSeparateLandscapeSceneAndBack() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "Alternate")
        try tmp.write("P/wide.png", PNGWriter.solid(width: 1200, height: 600, rgb: (240, 200, 20)))
        let text = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        try tmp.write(
            "P/prototype.lua",
            text.replacingOccurrences(
                of: "home = { image = \"home.png\",",
                with: """
                    wide = { image = "wide.png",
                      elements = { { label = "Wide open", frame = { 100, 0, 200, 150 }, on_tap = go("detail", "crossfade", 0.1) } } },
                    home = { image = "home.png", landscape = "wide",
                    """))
        let w = try PlayingWindow(display, ["play", dir], title: "Alternate")
        #expect(w.geometry == (461, 922))
        w.key("o")
        #expect(poll(timeout: 20) { w.geometry == (1152, 576) }, "landscape fit: \(w.geometry)")
        #expect(poll(timeout: 20) { w.title.contains("wide — landscape") }, "\(w.title) \(w.log)")
        #expect(w.log.contains("turned to landscape\n"), "\(w.log)")
        var seen = (r: 0, g: 0, b: 0)
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("wide_shot.png"))
                seen = PlayingWindow.pixel(tmp.file("wide_shot.png"), 576, 288)
                return seen == (240, 200, 20)
            }, "the landscape scene's screenshot: \(seen)")
        w.click(768, 288)  // "Wide open" at (200, 75) pt x 3.84 window px/pt
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        #expect(poll(timeout: 20) { w.geometry == (461, 922) }, "detail is portrait-only: \(w.geometry)")
        #expect(w.title.contains("detail — landscape (portrait-only scene)"), "the title says the device is turned")
        w.key("Escape")
        #expect(poll(timeout: 20) { w.title.contains("wide") && w.geometry == (1152, 576) }, "back to wide: \(w.log)")
        w.key("o")
        #expect(poll(timeout: 20) { w.title.contains("home") && w.geometry == (461, 922) }, "upright: home \(w.log)")
        #expect(!w.title.contains("landscape") && w.log.contains("turned to portrait"), "\(w.title)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }
}
