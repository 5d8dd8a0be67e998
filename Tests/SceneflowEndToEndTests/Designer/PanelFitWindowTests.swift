import Foundation
import Testing

/// Panels and labels are never cut by the window (QA item 13), and Lua action errors show in
/// the window (QA item 11), under Xvfb (needs Xvfb, xdotool, ImageMagick; skips otherwise).
@Suite(.serialized) struct PanelFitWindowTests {
    static let blue = (r: 40, g: 120, b: 200)

    /// 150x300 pt at scale 2 (300x600 px: 1:1 fits the screen, 50 % is 150x300 px). "Boom"
    /// raises a Lua error, "Nowhere" goes to a scene that does not exist, "More options for this
    /// note" sits at the right edge with a label wider than the room to its right.
    static func prototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("P/home.png", PNGWriter.solid(width: 300, height: 600, rgb: (40, 120, 200)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "PanelLab", device = { width = 150, height = 300, scale = 2 }, start = "home",
              scenes = {
                home = { image = "home.png", elements = {
                  { label = "More options for this note", frame = { 110, 10, 40, 40 }, on_tap = back() },
                  { label = "Boom", frame = { 0, 100, 150, 50 }, on_tap = function(app) error("boom") end },
                  { label = "Nowhere", frame = { 0, 200, 150, 50 }, on_tap = function(app) app:go("nowhere") end },
                } },
              },
            }
            """)
        return tmp.file("P")
    }

    static func isBlue(_ p: (r: Int, g: Int, b: Int)) -> Bool {
        abs(p.r - blue.r) < 8 && abs(p.g - blue.g) < 8 && abs(p.b - blue.b) < 8
    }

    @Test func theKeyListKeepsPaddingOnBothSidesAtOneToOneAndLabelsMoveInside() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        let w = try PlayingWindow(display, ["play", dir, "--no-hints", "--no-reload"], title: "PanelLab")
        let fit = w.geometry
        // H: the label of the element at the right edge is moved left, inside the window.
        w.key("h")
        let labels = tmp.file("labels.png")
        let leftOfElement = Int(100.0 / 150 * Double(fit.width))  // 10 pt left of the element
        let labelTop = Int(10.0 / 300 * Double(fit.height)) + 1  // in the label's top padding
        var seen = (r: 0, g: 0, b: 0)
        let moved = poll(timeout: 15) {
            w.capture(labels)
            seen = PlayingWindow.pixel(labels, leftOfElement, labelTop)
            return seen.b > 240 && seen.r < 20
        }
        #expect(moved, "the label's blue runs left of the element: \(seen) at \(leftOfElement),\(labelTop) in \(fit)")
        w.key("h")
        // 1:1: a 300x600 window, narrower than the key list's longest line (48 characters).
        w.key("1")
        #expect(poll(timeout: 20) { w.geometry == (300, 600) }, "\(w.geometry)")
        w.key("question")
        let list = tmp.file("list.png")
        var edges: [(r: Int, g: Int, b: Int)] = []
        var inside = (r: 0, g: 0, b: 0)
        let shown = poll(timeout: 15) {
            w.capture(list)
            inside = PlayingWindow.pixel(list, 20, 300)
            edges = [PlayingWindow.pixel(list, 2, 300), PlayingWindow.pixel(list, 297, 300)]
            return inside.r < 40 && inside.b < 60
        }
        #expect(shown, "the key list shows, its padding dark at x 20: \(inside)")
        #expect(edges.allSatisfy(Self.isBlue), "the scene shows on both sides of the list: \(edges)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }

    @Test func aLuaActionErrorShowsInARedPanelUntilTheNextTap() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        let w = try PlayingWindow(display, ["play", dir, "--no-hints", "--no-reload"], title: "PanelLab")
        let size = w.geometry
        let shot = tmp.file("error.png")
        func panelRed() -> Bool {
            w.capture(shot)
            let p = PlayingWindow.pixel(shot, size.width / 2, 12)  // in the top panel's padding
            return p.r > 120 && p.g < 50 && p.b < 60
        }
        #expect(!panelRed())
        w.click(size.width / 2, Int(125.0 / 300 * Double(size.height)))  // Boom
        #expect(poll(timeout: 15) { panelRed() }, "a red panel at the top:\n\(w.log)")
        #expect(w.log.contains("prototype.lua:6: boom"), "printed as before: \(w.log)")
        w.click(size.width / 2, Int(180.0 / 300 * Double(size.height)))  // a tap on nothing closes it
        #expect(poll(timeout: 15) { !panelRed() }, "closed by the next tap")
        w.click(size.width / 2, Int(225.0 / 300 * Double(size.height)))  // Nowhere
        #expect(poll(timeout: 15) { panelRed() }, "app:go to a missing scene shows too:\n\(w.log)")
        #expect(w.log.contains("nowhere"), "\(w.log)")
        #expect(w.title.contains("home"), "the prototype keeps running: \(w.title)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }

    @Test func recordKeepsAFailedTapAsACommentAndTheScriptReplaysGreen() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        let script = tmp.file("recorded.lua")
        let w = try PlayingWindow(display, ["record", dir, "--out", script, "--no-hints"], title: "PanelLab")
        let size = w.geometry
        w.click(size.width / 2, Int(125.0 / 300 * Double(size.height)))  // Boom
        #expect(poll(timeout: 15) { w.log.contains("boom") }, "\(w.log)")
        usleep(300_000)
        w.quit()
        #expect(w.status == 0, "\(w.log)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("  -- tap \"Boom\" (not replayed: its Lua action failed: "), "\(text)")
        #expect(!text.contains("\n  tap \"Boom\""), "\(text)")
        let r = try Sceneflow.run(["test", script])
        #expect(r.status == 0, "\(r)")
    }
}
