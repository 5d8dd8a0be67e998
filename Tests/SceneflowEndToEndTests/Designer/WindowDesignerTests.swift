import Foundation
import Testing

/// The designer's window under Xvfb, driven with xdotool and checked on captured pixels.
/// Skips (printing why) when Xvfb, xdotool or ImageMagick is missing. Serialized: one pointer.
@Suite(.serialized) struct WindowDesignerTests {
    /// 150x300 pt at scale 4 = 600x1200 px: fits 461x922 on the 1280x1024 screen, so 1:1,
    /// 50 % and fit are three different window sizes. "Open" covers the bottom third of home.
    static func prototype(_ tmp: TempFolder, name: String) throws -> String {
        try tmp.write("P/home.png", PNGWriter.solid(width: 600, height: 1200, rgb: (40, 120, 200)))
        try tmp.write("P/detail.png", PNGWriter.solid(width: 600, height: 1200, rgb: (200, 40, 40)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "\(name)",
              device = { width = 150, height = 300, scale = 4 },
              start = "home",
              scenes = {
                home = { image = "home.png",
                  elements = { { label = "Open", frame = { 0, 200, 150, 100 }, on_tap = go("detail", "crossfade", 0.1) } } },
                detail = { image = "detail.png",
                  elements = { { label = "Back", frame = { 0, 0, 150, 60 }, on_tap = back() } } },
              },
            }
            """)
        return tmp.file("P")
    }

    /// The window pixel at point (`x`, `y`) of a window `size` showing 150x300 pt.
    static func at(_ x: Double, _ y: Double, _ size: (width: Int, height: Int)) -> (Int, Int) {
        (Int(x / 150 * Double(size.width)), Int(y / 300 * Double(size.height)))
    }

    @Test func hintsFlashOnAMissAndZoomKeepsTapsOnTheirPoints() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp, name: "HintZoom")
        let w = try PlayingWindow(display, ["play", dir, "--hint-seconds", "60"], title: "HintZoom")
        let fit = w.geometry
        #expect(fit == (461, 922), "fit: 90 % of 1024 px high at the device's aspect ratio")
        let open = Self.at(75, 250, fit)
        w.capture(tmp.file("before.png"))
        #expect(PlayingWindow.pixel(tmp.file("before.png"), open.0, open.1) == (40, 120, 200))
        let miss = Self.at(75, 50, fit)
        w.click(miss.0, miss.1)
        var flashed = (r: 0, g: 0, b: 0)
        poll(timeout: 20) {
            w.capture(tmp.file("hint.png"))
            flashed = PlayingWindow.pixel(tmp.file("hint.png"), open.0, open.1)
            return flashed.b > 210
        }
        #expect(flashed.r < 35 && flashed.b > 210, "the Open hotspot is tinted blue: \(flashed)")
        #expect(PlayingWindow.pixel(tmp.file("hint.png"), miss.0, miss.1) == (40, 120, 200), "outside stays")
        #expect(w.title.contains("home"))

        w.key("2")
        #expect(poll(timeout: 20) { w.geometry == (300, 600) }, "50 %: \(w.geometry)")
        let half = Self.at(75, 250, (300, 600))
        w.click(half.0, half.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "tap at 50 % opens detail: \(w.title)\n\(w.log)")
        w.key("1")
        // 1200 px do not fit the 1024 px screen: clamped, cropped, the middle shown (pan 88 px).
        #expect(poll(timeout: 20) { w.geometry == (600, 1024) }, "1:1: \(w.geometry)")
        #expect(w.frameOnScreen.y >= 0 && w.frameOnScreen.maxY <= 1024, "inside the screen: \(w.frameOnScreen)")
        #expect(w.title.contains("1:1 cropped"), "\(w.title)")
        w.click(300, 100)  // "Back" at (75, 47) pt = (300, 188) px at 1:1, shown at y 188 - 88
        #expect(poll(timeout: 20) { w.title.contains("home") }, "tap at 1:1 goes back: \(w.title)\n\(w.log)")
        w.key("0")
        #expect(poll(timeout: 20) { w.geometry == fit }, "fit again: \(w.geometry)")

        w.key("question")
        let center = (fit.width / 2, fit.height / 2)
        var panel = (r: 255, g: 255, b: 255)
        poll(timeout: 20) {
            w.capture(tmp.file("help.png"))
            // 10 lines of 18 px + 2 x 10 px padding = 200 window px, centred: y - 95 is in the top padding.
            panel = PlayingWindow.pixel(tmp.file("help.png"), center.0, center.1 - 95)
            return panel.r < 40
        }
        #expect(panel.r < 40 && panel.b < 60, "the key list panel darkens the middle: \(panel)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }

    @Test func noHintsKeepsTheSceneAndHShowsLabelledElements() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp, name: "NoHints")
        let w = try PlayingWindow(display, ["play", dir, "--no-hints", "--hint-seconds", "60"], title: "NoHints")
        let size = w.geometry
        let open = Self.at(75, 250, size)
        let miss = Self.at(75, 50, size)
        w.click(miss.0, miss.1)
        usleep(400_000)
        w.capture(tmp.file("nohint.png"))
        #expect(PlayingWindow.pixel(tmp.file("nohint.png"), open.0, open.1) == (40, 120, 200), "no flash")
        w.key("h")
        var tinted = (r: 0, g: 0, b: 0)
        poll(timeout: 20) {
            w.capture(tmp.file("elements.png"))
            tinted = PlayingWindow.pixel(tmp.file("elements.png"), open.0, open.1)
            return tinted.b > 210
        }
        #expect(tinted.b > 210, "H shows the elements: \(tinted)")
        // The label sits in a solid border-coloured tag at the element's top-left corner.
        let tag = PlayingWindow.pixel(tmp.file("elements.png"), 2, Self.at(0, 200, size).1 + 2)
        #expect(tag.b > 200 && tag.r < 30, "label tag: \(tag)")
        w.quit()
    }

    @Test func hotReloadKeepsSceneAndHistoryAndShowsABrokenEdit() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp, name: "Reload")
        let w = try PlayingWindow(display, ["play", dir], title: "Reload")
        let size = w.geometry
        let open = Self.at(75, 250, size)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        try tmp.write("P/detail.png", PNGWriter.solid(width: 600, height: 1200, rgb: (30, 160, 60)))
        let middle = Self.at(75, 150, size)
        var seen = (r: 0, g: 0, b: 0)
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("green.png"))
                seen = PlayingWindow.pixel(tmp.file("green.png"), middle.0, middle.1)
                return seen == (30, 160, 60)
            }, "the rewritten image shows: \(seen)\n\(w.log)")
        #expect(w.title.contains("detail"), "the scene is kept")
        let good = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        try tmp.write(
            "P/prototype.lua", good.replacingOccurrences(of: "start = \"home\",", with: "start = \"home\" oops"))
        var top = (r: 0, g: 0, b: 0)
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("broken.png"))
                top = PlayingWindow.pixel(tmp.file("broken.png"), size.width / 2, 12)  // the panel's top padding
                return top.r > 120 && top.g < 60
            }, "a red error panel at the top: \(top)\n\(w.log)")
        #expect(w.log.contains("reload failed"), "\(w.log)")
        #expect(w.log.contains("prototype.lua:4:"), "\(w.log)")
        #expect(PlayingWindow.pixel(tmp.file("broken.png"), middle.0, middle.1) == (30, 160, 60), "last good kept")
        try tmp.write("P/prototype.lua", good.replacingOccurrences(of: "\"Back\"", with: "\"Close\""))
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("fixed.png"))
                return PlayingWindow.pixel(tmp.file("fixed.png"), size.width / 2, 12) == (30, 160, 60)
            }, "the panel goes once the edit is fixed\n\(w.log)")
        let reloads = w.log.components(separatedBy: "reloaded ").count
        try tmp.write("P/notes.txt", "written beside a working prototype")
        Thread.sleep(forTimeInterval: 1)  // four polls
        #expect(w.log.components(separatedBy: "reloaded ").count == reloads, "an unrelated file does not reload")
        w.key("Escape")
        #expect(poll(timeout: 20) { w.title.contains("home") }, "history kept: back returns home\n\(w.log)")
        w.quit()
    }

    @Test func scaffoldedRealScreenshotsClickThrough() throws {
        guard let shots = DesignerCommandTests.shots("ImranR98__Obtainium") else { return }
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = tmp.file("Obtainium")
        let made = try Sceneflow.run(["new", dir] + shots, timeout: 120)
        #expect(made.status == 0, "\(made)")
        let w = try PlayingWindow(display, ["play", dir], title: "Obtainium")
        let size = w.geometry
        func light(_ file: String) -> Bool {
            let p = PlayingWindow.pixel(tmp.file(file), size.width / 2, size.height / 3)
            return p.r + p.g + p.b > 500
        }
        #expect(
            poll(timeout: 10) {
                w.capture(tmp.file("s1.png"))
                return light("s1.png")
            }, "the light app list shows")
        w.click(size.width / 2, size.height * 95 / 100)
        #expect(poll(timeout: 20) { w.title.contains("s2_dark_theme") }, "\(w.log)")
        var b = (r: 255, g: 255, b: 255)
        poll(timeout: 10) {
            w.capture(tmp.file("s2.png"))
            b = PlayingWindow.pixel(tmp.file("s2.png"), size.width / 2, size.height / 3)
            return b.r + b.g + b.b < 200
        }
        #expect(b.r + b.g + b.b < 200, "then the dark theme: \(b)")
        if let keep = ProcessInfo.processInfo.environment["SCENEFLOW_KEEP_SHOTS"] {
            for name in ["s1.png", "s2.png"] {
                try? FileManager.default.copyItem(atPath: tmp.file(name), toPath: "\(keep)/\(name)")
            }
        }
        w.quit()
    }

    @Test func recordedSessionRunsGreenUnchanged() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp, name: "Recorder")
        try FileManager.default.createDirectory(atPath: tmp.file("Scripts"), withIntermediateDirectories: true)
        let script = tmp.file("Scripts/recorded.lua")
        let w = try PlayingWindow(display, ["record", dir, "--out", script], title: "Recorder")
        let size = w.geometry
        let open = Self.at(75, 250, size)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        usleep(300_000)
        let back = Self.at(75, 30, size)
        w.click(back.0, back.1)
        #expect(poll(timeout: 20) { w.title.contains("home") }, "\(w.log)")
        usleep(300_000)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        usleep(300_000)
        w.key("Escape")
        #expect(poll(timeout: 20) { w.title.contains("home") }, "\(w.log)")
        usleep(300_000)
        let output = w.quit()
        #expect(w.status == 0, "\(output)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains("prototype \"../P\""), "\(text)")
        let body = text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(
            body == [
                "expect.scene \"home\"", "tap \"Open\"", "expect.scene \"detail\"", "tap \"Back\"",
                "expect.scene \"home\"",
                "tap \"Open\"", "expect.scene \"detail\"", "back()", "expect.scene \"home\"",
            ], "\(text)")
        let r = try Sceneflow.run(["test", script])
        #expect(r.status == 0 && r.outputLines.last == "1 passed, 0 failed", "\(r)")
    }

    @Test func keyOTurnsTheDeviceAndTapsMapToLandscapePoints() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp, name: "Turner")
        try tmp.write("P/home_land.png", PNGWriter.solid(width: 1200, height: 600, rgb: (30, 160, 60)))
        let text = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        try tmp.write(
            "P/prototype.lua",
            text.replacingOccurrences(
                of: "home = { image = \"home.png\",",
                with: """
                    home = { image = "home.png", landscape = { image = "home_land.png",
                      elements = { { label = "Open", frame = { 200, 0, 100, 150 }, on_tap = go("detail", "crossfade", 0.1) } } },
                    """))
        let w = try PlayingWindow(display, ["play", dir], title: "Turner")
        #expect(w.geometry == (461, 922))
        w.key("o")
        #expect(poll(timeout: 20) { w.geometry == (1152, 576) }, "landscape fit: \(w.geometry)")
        let turned = w.frameOnScreen  // it started at x 409: 409 + 1152 would run off the 1280 px screen
        #expect(turned.x >= 0 && turned.maxX <= 1280 && turned.y >= 0 && turned.maxY <= 1024, "re-centred: \(turned)")
        var seen = (r: 0, g: 0, b: 0)
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("land.png"))
                seen = PlayingWindow.pixel(tmp.file("land.png"), 576, 288)
                return seen == (30, 160, 60)
            }, "the landscape screenshot: \(seen)")
        w.click(960, 288)  // landscape "Open" at (250, 75) pt x 4 px/pt x 0.96
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        #expect(poll(timeout: 20) { w.geometry == (461, 922) }, "detail is portrait-only: \(w.geometry)")
        if let keep = ProcessInfo.processInfo.environment["SCENEFLOW_KEEP_SHOTS"] {
            try? FileManager.default.copyItem(atPath: tmp.file("land.png"), toPath: "\(keep)/land.png")
        }
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }

    @Test func wheelAndDragScrollTheScrollRegion() throws {
        guard let display = XvfbDisplay.start(), let convert = DesignerCommandTests.which("convert") else { return }
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        // 150x300 pt at scale 2; the image is 600 pt tall: header 0-20 navy, a red band at 400-440, footer 580-600 green.
        let made = try DesignerCommandTests.runTool(
            convert,
            [
                "-size", "300x1200", "xc:#f0f0f0", "-fill", "#202060", "-draw", "rectangle 0,0 299,39",
                "-fill", "#c02020", "-draw", "rectangle 0,800 299,879", "-fill", "#20a020", "-draw",
                "rectangle 0,1160 299,1199",
                tmp.file("P/list.png"),
            ])
        #expect(made.status == 0, "\(made.output)")
        try tmp.write(
            "P/prototype.lua",
            """
            return { name = "Wheel", device = { width = 150, height = 300, scale = 2 }, start = "list",
              scenes = { list = { image = "list.png", scroll = { header = 20, footer = 20 } } } }
            """)
        let w = try PlayingWindow(display, ["play", tmp.file("P")], title: "Wheel")
        let size = w.geometry
        #expect(size == (300, 600), "\(size)")
        let probe = (150, 430)  // 215 pt: the red band after scrolling 200 pt
        w.capture(tmp.file("top.png"))
        #expect(PlayingWindow.pixel(tmp.file("top.png"), probe.0, probe.1) == (240, 240, 240))
        // 5 notches = 200 pt
        for _ in 0..<5 { w.display.run("xdotool", ["mousemove", "--window", w.id, "150", "300", "click", "5"]) }
        var seen = (r: 0, g: 0, b: 0)
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("wheel.png"))
                seen = PlayingWindow.pixel(tmp.file("wheel.png"), probe.0, probe.1)
                return seen == (192, 32, 32)
            }, "the red band scrolled up to 215 pt: \(seen)")
        #expect(PlayingWindow.pixel(tmp.file("wheel.png"), 150, 10) == (32, 32, 96), "the header stays")
        #expect(PlayingWindow.pixel(tmp.file("wheel.png"), 150, 590) == (32, 160, 32), "the footer stays")
        w.drag(from: (150, 300), to: (150, 400), steps: 10)  // drag down 50 pt: offset 150, the band at 250 pt
        #expect(
            poll(timeout: 20) {
                w.capture(tmp.file("drag.png"))
                return PlayingWindow.pixel(tmp.file("drag.png"), probe.0, 520) == (192, 32, 32)
            }, "the content followed the finger down by 50 pt")
        #expect(w.title.contains("list"))
        w.quit()
    }
}
