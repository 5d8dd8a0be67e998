import Foundation
import Testing

/// Tab and Shift+Tab between text fields in the window under Xvfb with real X keys (xdotool):
/// the keyboard moves to the next / previous field of the scene in reading order (top to bottom),
/// not in declaration order; a field reached with Tab has its text selected, so typing replaces
/// it; Return still submits. Checked through what `sceneflow record` writes and its replay.
/// Skips (printing why) when Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct TextFieldFocusWindowTests {
    /// 150x300 pt at scale 4: "Second" (y 120) declared before "First" (y 40, holding "xy").
    static func prototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("P/form.png", PNGWriter.solid(width: 600, height: 1200, rgb: (220, 220, 220)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "TabLab", device = { width = 150, height = 300, scale = 4 }, start = "form",
              scenes = {
                form = { image = "form.png", elements = {
                  { label = "Second", control = "text_field", frame = { 10, 120, 130, 40 }, background = "#FFFFFF" },
                  { label = "First", control = "text_field", frame = { 10, 40, 130, 40 }, background = "#FFFFFF",
                    value = "xy" },
                } },
              },
            }
            """)
        return tmp.file("P")
    }

    @Test func tabAndShiftTabMoveTheKeyboardInReadingOrder() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        try FileManager.default.createDirectory(atPath: tmp.file("Scripts"), withIntermediateDirectories: true)
        let script = tmp.file("Scripts/recorded.lua")
        let w = try PlayingWindow(display, ["record", dir, "--out", script], title: "TabLab")
        let first = WindowDesignerTests.at(75, 60, w.geometry)
        w.click(first.0, first.1)
        usleep(300_000)
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "40", "a"])
        w.key("Tab")  // to Second: below First, though declared before it
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "40", "b"])
        w.key("shift+Tab")  // back to First, its text selected
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "40", "c"])
        w.key("Return")  // submits and gives the keyboard up, so q quits
        usleep(500_000)
        let output = w.quit()
        #expect(w.status == 0, "\(output)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains(#"type_text("Second", "b")"#), "Tab went to Second: \(text)")
        #expect(text.contains(#"type_text("First", "c\n")"#), "Shift+Tab selected First's text: \(text)")
        #expect(!text.contains("xyab") && !text.contains("xyac"), "\(text)")
        let replay = try Sceneflow.run(["test", script])
        #expect(replay.status == 0 && replay.outputLines.last == "1 passed, 0 failed", "\(replay)")
    }
}
