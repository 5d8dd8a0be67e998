import Foundation
import Testing

/// Text fields in `sceneflow record` under Xvfb with real X input (xdotool): a click gives the
/// field the keyboard, non-ASCII typing (`xdotool type`) edits it through SDL text input,
/// letter keys type instead of acting as shortcuts (`t` does not open the timing display, `q`
/// does not quit), BackSpace deletes a character, the text and caret are drawn in the field,
/// Return submits (on_submit navigates), and the recorded `type_text` line replays green.
/// Skips (printing why) when Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct TextFieldWindowTests {
    /// 150x300 pt at scale 4 (a light grey screen, a white field at 10…140 x 40…80 pt).
    static func prototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("P/form.png", PNGWriter.solid(width: 600, height: 1200, rgb: (220, 220, 220)))
        try tmp.write("P/done.png", PNGWriter.solid(width: 600, height: 1200, rgb: (120, 220, 120)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "TypeLab", device = { width = 150, height = 300, scale = 4 }, start = "form",
              scenes = {
                form = { image = "form.png",
                  elements = { { label = "Name", control = "text_field", frame = { 10, 40, 130, 40 },
                                 placeholder = "Your name", background = "#FFFFFF", font_size = 14,
                                 on_submit = function(app, text)
                                   if text == "Grüße q tóth" then app:go("done", "crossfade", 0.1) end
                                 end } } },
                done = { image = "done.png" },
              },
            }
            """)
        return tmp.file("P")
    }

    @Test func typingInTheWindowIsDrawnRecordedAndReplays() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        try FileManager.default.createDirectory(atPath: tmp.file("Scripts"), withIntermediateDirectories: true)
        let script = tmp.file("Scripts/recorded.lua")
        let w = try PlayingWindow(display, ["record", dir, "--out", script], title: "TypeLab")
        let size = w.geometry
        func at(_ x: Double, _ y: Double) -> (Int, Int) { WindowDesignerTests.at(x, y, size) }
        let field = at(75, 60)
        w.click(field.0, field.1)
        usleep(300_000)
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "40", "Grüße q tótha"])
        w.key("BackSpace")
        usleep(500_000)
        // Dark text pixels in the field's left half (the placeholder is grey, the field white).
        let shot = tmp.file("typed.png")
        w.capture(shot)
        let left = at(14, 48)
        let right = at(90, 72)
        var dark = 0
        for x in stride(from: left.0, to: right.0, by: 2) {
            for y in stride(from: left.1, to: right.1, by: 2) where PlayingWindow.pixel(shot, x, y).r < 100 {
                dark += 1
            }
            if dark > 3 { break }
        }
        #expect(dark > 3, "the typed text is drawn in the field")
        #expect(!w.title.contains("timing"), "t typed, no timing display: \(w.title)")
        w.key("Return")
        #expect(poll(timeout: 20) { w.title.contains("done") }, "on_submit got the text: \(w.title)\n\(w.log)")
        usleep(300_000)
        let output = w.quit()
        #expect(w.status == 0, "\(output)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains(#"type_text("Name", "Grüße q tóth\n")"#), "\(text)")
        #expect(text.contains(#"expect.scene "done""#), "\(text)")
        let r = try Sceneflow.run(["test", script])
        #expect(r.status == 0 && r.outputLines.last == "1 passed, 0 failed", "\(r)")
    }
}
