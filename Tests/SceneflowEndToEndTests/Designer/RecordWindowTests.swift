import Foundation
import Testing

/// `sceneflow record` under Xvfb with real X input (xdotool): wheel scrolling, a star-rating
/// drag, a tap at the cropped 1:1 zoom and a rating by keys are written as `scroll`, `rate` and
/// `tap` by label,
/// and the recorded script replays green with `sceneflow test`. Skips (printing why) when
/// Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct RecordWindowTests {
    /// 150x300 pt at scale 4 (600x1200 px: 1:1 does not fit the 1280x1024 screen). "list"
    /// scrolls 1000 pt of content between 20 pt bands; "Deep row" lies at 700 pt. "detail" has a
    /// five-star rating (star i spans x 10 + 26i … 36 + 26i, y 100 … 126) whose change to 3
    /// goes to "three" and to 2 to "two", so the replay's `expect.scene` proves the same value
    /// was rated.
    static func prototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("P/list.png", PNGWriter.solid(width: 600, height: 4000, rgb: (230, 230, 230)))
        try tmp.write("P/detail.png", PNGWriter.solid(width: 600, height: 1200, rgb: (200, 200, 250)))
        try tmp.write("P/three.png", PNGWriter.solid(width: 600, height: 1200, rgb: (250, 220, 120)))
        try tmp.write("P/two.png", PNGWriter.solid(width: 600, height: 1200, rgb: (120, 220, 120)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "RecordLab", device = { width = 150, height = 300, scale = 4 }, start = "list",
              scenes = {
                list = { image = "list.png", scroll = { header = 20, footer = 20 },
                  elements = { { label = "Deep row", frame = { 0, 700, 150, 40 }, on_tap = go("detail", "crossfade", 0.1) } } },
                detail = { image = "detail.png",
                  elements = { { label = "Stars", control = "star_rating", frame = { 10, 100, 130, 26 },
                                 star_size = { 26, 26 }, touch_band = 0,
                                 on_change = function(app, value)
                                   if value == 3 then app:go("three", "crossfade", 0.1) end
                                   if value == 2 then app:go("two", "crossfade", 0.1) end
                                 end } } },
                three = { image = "three.png",
                  elements = { { label = "Back", frame = { 0, 0, 150, 60 }, on_tap = back() } } },
                two = { image = "two.png" },
              },
            }
            """)
        return tmp.file("P")
    }

    @Test func wheelRatingsAndACroppedTapAreRecordedByLabelAndReplayGreen() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        try FileManager.default.createDirectory(atPath: tmp.file("Scripts"), withIntermediateDirectories: true)
        let script = tmp.file("Scripts/recorded.lua")
        let w = try PlayingWindow(display, ["record", dir, "--out", script], title: "RecordLab")
        let size = w.geometry
        #expect(size == (461, 922), "\(size)")
        func at(_ x: Double, _ y: Double) -> (Int, Int) { WindowDesignerTests.at(x, y, size) }
        let band = at(75, 150)
        for _ in 0..<13 {  // 13 notches of 40 pt: offset 520, "Deep row" shown at 180…220 pt
            w.display.run("xdotool", ["mousemove", "--window", w.id, "\(band.0)", "\(band.1)", "click", "5"])
        }
        usleep(300_000)
        let row = at(75, 200)
        w.click(row.0, row.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "the scrolled row was hit: \(w.title)\n\(w.log)")
        usleep(300_000)
        w.drag(from: at(14, 113), to: at(75, 113), steps: 6)  // from star 1 to the middle of star 3
        #expect(poll(timeout: 20) { w.title.contains("three") }, "rated 3: \(w.title)\n\(w.log)")
        w.key("1")
        #expect(poll(timeout: 20) { w.geometry == (600, 1024) }, "1:1 clamped to the screen: \(w.geometry)")
        let frame = w.frameOnScreen
        #expect(frame.x >= 0 && frame.y >= 0 && frame.maxX <= 1280 && frame.maxY <= 1024, "on screen: \(frame)")
        #expect(w.title.contains("cropped"), "\(w.title)")
        w.click(300, 100)  // the middle shows (pan 88 px): device pixel (300, 188) = "Back" at (75, 47) pt
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "tap at 1:1 went back: \(w.title)\n\(w.log)")
        usleep(300_000)
        for key in ["Tab", "Left", "Return"] { w.key(key) }  // the rating has focus: Left steps it (no pan)
        #expect(poll(timeout: 20) { w.title.contains("two") }, "rated 2 by keys: \(w.title)\n\(w.log)")
        usleep(300_000)
        let output = w.quit()
        #expect(w.status == 0, "\(output)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        let body = text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(
            body == [
                "expect.scene \"list\"", "scroll(\"down\", 520)", "tap \"Deep row\"", "expect.scene \"detail\"",
                "rate(\"Stars\", 3)", "expect.scene \"three\"", "tap \"Back\"", "expect.scene \"detail\"",
                "rate(\"Stars\", 2)", "expect.scene \"two\"",
            ], "\(text)")
        let r = try Sceneflow.run(["test", script])
        #expect(r.status == 0 && r.outputLines.last == "1 passed, 0 failed", "\(r)")
    }
}
