import Foundation
import Testing

/// Scroll regions in the window under Xvfb (QA items 7 and 8): the H outlines stay out of the
/// fixed header, and a pressed image moves with its row while the finger drags the content.
/// Skips (printing why) when Xvfb, xdotool or ImageMagick is missing. Serialized: one pointer.
@Suite(.serialized) struct ScrollWindowTests {
    /// 150x300 pt at scale 2. `list` is 150x1000 pt: red 50 pt header, green 30 pt footer, grey
    /// middle with a yellow "Row" at image y 300…400 whose pressed image is magenta.
    static func prototype(_ tmp: TempFolder, name: String) throws -> String? {
        guard let convert = DesignerCommandTests.which("convert") else {
            print("skipped: ImageMagick's convert is not installed (it draws the tall test image)")
            return nil
        }
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        let draw = try DesignerCommandTests.runTool(
            convert,
            [
                "-size", "300x2000", "xc:rgb(240,240,240)", "-fill", "rgb(200,40,40)", "-draw",
                "rectangle 0,0 299,99", "-fill", "rgb(32,160,32)", "-draw", "rectangle 0,1940 299,1999", "-fill",
                "rgb(230,200,40)", "-draw", "rectangle 0,600 299,799", tmp.file("P/list.png"),
            ])
        #expect(draw.status == 0, "\(draw.output)")
        try tmp.write("P/pressed.png", PNGWriter.solid(width: 300, height: 600, rgb: (255, 0, 255)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "\(name)", device = { width = 150, height = 300, scale = 2 }, start = "list",
              scenes = {
                list = { image = "list.png", scroll = { header = 50, footer = 30 },
                  elements = { { label = "Row", frame = { 0, 300, 150, 100 }, pressed = "pressed.png" } } },
              },
            }
            """)
        return tmp.file("P")
    }

    /// Window pixels of point (`x`, `y`) in a window `size` showing 150x300 pt.
    static func at(_ x: Double, _ y: Double, _ size: (width: Int, height: Int)) -> (Int, Int) {
        (Int(x / 150 * Double(size.width)), Int(y / 300 * Double(size.height)))
    }

    /// Presses at point `from`, moves the finger to `to` in steps (points), and leaves it down.
    static func pressAndMove(_ w: PlayingWindow, from: (Double, Double), to: (Double, Double)) {
        let size = w.geometry
        let a = at(from.0, from.1, size)
        let b = at(to.0, to.1, size)
        w.display.run("xdotool", ["mousemove", "--window", w.id, "\(a.0)", "\(a.1)", "mousedown", "1"])
        for i in 1...8 {
            w.display.run(
                "xdotool",
                ["mousemove", "--window", w.id, "\(a.0 + (b.0 - a.0) * i / 8)", "\(a.1 + (b.1 - a.1) * i / 8)"])
        }
    }

    /// Plays the prototype, scrolls it by the drags `drags` (from, to screen y at x 75, points),
    /// turns on H and captures once the point `outlined` is tinted by an outline; returns the
    /// capture's path and the window size, or nil when the tools are missing.
    static func outlines(
        _ name: String, drags: [(Double, Double)], outlined: (Double, Double)
    ) throws -> (shot: String, size: (width: Int, height: Int), tmp: TempFolder)? {
        guard let display = XvfbDisplay.start() else { return nil }
        let tmp = try TempFolder()
        guard let dir = try prototype(tmp, name: name) else { return nil }
        let w = try PlayingWindow(display, ["play", dir], title: name)
        for (from, to) in drags {
            pressAndMove(w, from: (75, from), to: (75, to))
            w.display.run("xdotool", ["mouseup", "1"])
        }
        w.key("h")
        let size = w.geometry
        let point = at(outlined.0, outlined.1, size)
        let shot = tmp.file("outline.png")
        var tinted = (r: 0, g: 0, b: 0)
        poll(timeout: 20) {
            w.capture(shot)
            tinted = PlayingWindow.pixel(shot, point.0, point.1)
            return tinted.b > 100
        }
        #expect(tinted.b > 100 && tinted.r < 200, "the part of the row that shows is outlined: \(tinted)")
        w.quit()
        return (shot, size, tmp)
    }

    @Test func elementOutlinesStayOutOfTheFixedHeader() throws {
        // Content up 270 pt: Row at screen y 30…130, its top 20 pt under the 50 pt header.
        guard let r = try Self.outlines("ScrollOutline", drags: [(260, 60), (200, 130)], outlined: (100, 110)) else {
            return
        }
        let covered = Self.at(100, 40, r.size)
        let header = PlayingWindow.pixel(r.shot, covered.0, covered.1)
        #expect(header == (200, 40, 40), "the header is drawn without the outline over it: \(header)")
    }

    @Test func aLabelOfARowPeekingAboveTheFooterDoesNotSpillOverIt() throws {
        // Content up 34 pt: Row at screen y 266…366, only 266…270 shows above the 30 pt footer;
        // its label tag (22 window px, about 7 pt at fit) would reach into the footer.
        guard let r = try Self.outlines("ScrollLabel", drags: [(200, 166)], outlined: (100, 268)) else { return }
        let footer = Self.at(4, 272, r.size)
        let under = PlayingWindow.pixel(r.shot, footer.0, footer.1)
        #expect(under == (32, 160, 32), "the footer is drawn without the label tag over it: \(under)")
    }

    @Test func thePressedImageFollowsItsRowWhileDragging() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        guard let dir = try Self.prototype(tmp, name: "ScrollPressed") else { return }
        let w = try PlayingWindow(display, ["play", dir], title: "ScrollPressed")
        let size = w.geometry
        // Press Row (screen y 300…400 is below the 300 pt screen at offset 0: scroll it to 150…250 first).
        Self.pressAndMove(w, from: (75, 250), to: (75, 100))
        w.display.run("xdotool", ["mouseup", "1"])
        // Row at screen 150…250; press at 200 and drag up 100 pt: Row at 50…150.
        Self.pressAndMove(w, from: (75, 200), to: (75, 100))
        let moved = Self.at(75, 100, size)
        let left = Self.at(75, 200, size)
        var seen = (r: 0, g: 0, b: 0)
        poll(timeout: 20) {
            w.capture(tmp.file("pressed.png"))
            seen = PlayingWindow.pixel(tmp.file("pressed.png"), moved.0, moved.1)
            return seen == (255, 0, 255)
        }
        #expect(seen == (255, 0, 255), "the pressed image is where the row is now: \(seen)")
        let behind = PlayingWindow.pixel(tmp.file("pressed.png"), left.0, left.1)
        #expect(behind == (240, 240, 240), "not left where the finger went down: \(behind)")
        // Up 80 pt more: Row at -30…70, only 50…70 shows below the header; the header stays red.
        for y in stride(from: 90, through: 20, by: -10) {
            let p = Self.at(75, Double(y), size)
            w.display.run("xdotool", ["mousemove", "--window", w.id, "\(p.0)", "\(p.1)"])
        }
        let band = Self.at(75, 60, size)
        let header = Self.at(75, 30, size)
        poll(timeout: 20) {
            w.capture(tmp.file("cut.png"))
            return PlayingWindow.pixel(tmp.file("cut.png"), band.0, band.1) == (255, 0, 255)
        }
        #expect(PlayingWindow.pixel(tmp.file("cut.png"), band.0, band.1) == (255, 0, 255), "the uncovered part")
        #expect(
            PlayingWindow.pixel(tmp.file("cut.png"), header.0, header.1) == (200, 40, 40),
            "cut at the fixed header")
        w.display.run("xdotool", ["mouseup", "1"])
        w.quit()
    }
}
