import Foundation
import Testing

/// Hot reload in `play` under Xvfb keeps what was entered in the controls whose element still
/// exists with the same label: text typed into a field (on_submit after the reload gets it) and
/// a toggle's state (its on_change after the reload sees the kept state flip). Skips (printing
/// why) when Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct ReloadControlsWindowTests {
    /// 150x300 pt at scale 4: a field (y 40-80 pt) whose Return goes to "done" when it holds
    /// "kept", and a toggle (y 120-160 pt) whose change to "off" goes to "off".
    static func prototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("P/form.png", PNGWriter.solid(width: 600, height: 1200, rgb: (220, 220, 220)))
        try tmp.write("P/done.png", PNGWriter.solid(width: 600, height: 1200, rgb: (120, 220, 120)))
        try tmp.write("P/off.png", PNGWriter.solid(width: 40, height: 40, rgb: (90, 90, 90)))
        try tmp.write("P/on.png", PNGWriter.solid(width: 40, height: 40, rgb: (40, 160, 40)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "KeepText", device = { width = 150, height = 300, scale = 4 }, start = "form",
              scenes = {
                form = { image = "form.png", elements = {
                  { label = "Name", control = "text_field", frame = { 10, 40, 130, 40 }, background = "#FFFFFF",
                    on_submit = function(app, text) if text == "kept" then app:go("done") end end },
                  { label = "Wi-Fi", control = "toggle", frame = { 10, 120, 60, 40 },
                    states = { off = "off.png", on = "on.png" },
                    on_change = function(app, state) if state == "off" then app:go("off") end end },
                } },
                done = { image = "done.png", elements = { { label = "Back", frame = { 0, 0, 50, 50 }, on_tap = back() } } },
                off = { image = "done.png" },
              },
            }
            """)
        return tmp.file("P")
    }

    @Test func typedTextAndToggleStatesSurviveAReload() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        let w = try PlayingWindow(display, ["play", dir], title: "KeepText")
        let size = w.geometry
        func at(_ x: Double, _ y: Double) -> (Int, Int) { WindowDesignerTests.at(x, y, size) }
        let field = at(130, 60)
        w.click(field.0, field.1)
        usleep(300_000)
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "40", "kept"])
        w.key("Escape")  // the keyboard goes; the text stays
        let toggle = at(40, 140)
        w.click(toggle.0, toggle.1)  // off -> on
        usleep(500_000)
        let source = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        try tmp.write("P/prototype.lua", source + "\n-- an edit that keeps every label\n")
        #expect(poll(timeout: 20) { w.log.contains("reloaded KeepText") }, "\(w.log)")
        usleep(300_000)
        w.click(field.0, field.1)  // right of the text: the caret at its end
        usleep(300_000)
        w.key("Return")
        #expect(poll(timeout: 20) { w.title.contains("done") }, "the field kept \"kept\" over the reload\n\(w.log)")
        usleep(800_000)  // the push to done has finished: input during a transition is ignored
        let back = at(10, 10)
        w.click(back.0, back.1)
        #expect(poll(timeout: 20) { w.title.contains("form") }, "\(w.title)\n\(w.log)")
        usleep(800_000)
        w.click(toggle.0, toggle.1)  // kept "on", so this tap turns it off
        #expect(poll(timeout: 20) { w.title.contains("off") }, "the toggle kept \"on\" over the reload\n\(w.log)")
        w.quit()
    }
}
