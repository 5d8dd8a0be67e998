import Foundation
import Testing

/// The cropped hint under Xvfb: a 360x800 pt @2 screen (720x1600 px) on the 1280x1024 display is
/// cropped at `1` (the hint shows), fits at `2` and `0` (no hint, even right after `1`). Skips
/// (printing why) when Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct CropHintWindowTests {
    /// A one-scene 360x800 pt @2 prototype, solid (40, 120, 200).
    static func tall(_ tmp: TempFolder, name: String) throws -> String {
        try tmp.write("P/home.png", PNGWriter.solid(width: 720, height: 1600, rgb: (40, 120, 200)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "\(name)",
              device = { width = 360, height = 800, scale = 2 },
              start = "home",
              scenes = { home = { image = "home.png",
                elements = { { label = "Open", frame = { 0, 300, 360, 200 }, on_tap = back() } } } },
            }
            """)
        return tmp.file("P")
    }

    /// True when the bottom 80 rows of a capture of a `size` window show only the screenshot
    /// (no hint panel) at a few columns.
    static func bottomIsPlain(_ shot: String, _ size: (width: Int, height: Int)) -> Bool {
        [size.width / 4, size.width / 2, size.width * 3 / 4].allSatisfy { x in
            stride(from: size.height - 80, to: size.height - 4, by: 8).allSatisfy { y in
                PlayingWindow.pixel(shot, x, y) == (40, 120, 200)
            }
        }
    }

    @Test func theHintShowsOnlyWhileTheViewIsCropped() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let w = try PlayingWindow(display, ["play", try Self.tall(tmp, name: "TallHint")], title: "TallHint")
        w.key("1")
        #expect(poll(timeout: 20) { w.geometry == (720, 1024) }, "1:1 is clamped: \(w.geometry)")
        usleep(300_000)
        w.capture(tmp.file("one.png"))
        #expect(!Self.bottomIsPlain(tmp.file("one.png"), w.geometry), "1:1 is cropped: the hint shows")
        w.key("2")
        #expect(poll(timeout: 20) { w.geometry == (360, 800) }, "50 % fits: \(w.geometry)")
        usleep(300_000)
        w.capture(tmp.file("half.png"))
        #expect(Self.bottomIsPlain(tmp.file("half.png"), w.geometry), "50 % fits: no cropped hint")
        #expect(!w.title.contains("cropped"))
        w.key("1")
        #expect(poll(timeout: 20) { w.geometry == (720, 1024) })
        w.key("0")
        #expect(poll(timeout: 20) { w.geometry == (415, 922) }, "fit: \(w.geometry)")
        usleep(300_000)
        w.capture(tmp.file("fit.png"))
        #expect(Self.bottomIsPlain(tmp.file("fit.png"), w.geometry), "fit: the 1:1 hint is gone")
        if let keep = ProcessInfo.processInfo.environment["SCENEFLOW_KEEP_SHOTS"] {
            for name in ["one", "half", "fit"] {
                try? FileManager.default.copyItem(atPath: tmp.file("\(name).png"), toPath: "\(keep)/crop-\(name).png")
            }
        }
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }
}
