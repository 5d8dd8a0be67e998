import Foundation
import Testing

/// What `check` accepts every command can draw: the screen and a scroll region's content are
/// held to the renderers' rules whether a size is written in `prototype.lua` or follows from an
/// image, and `check`, `test` (with or without `--frames`) and `render` refuse alike, exit 65
/// (red-team findings P11 and P18).
@Suite struct DrawableSizeRuleTests {
    /// A 360x800 pt phone at scale 3 whose "long" scene scrolls `long.png` (`width`x`height` px).
    static func tallScroll(width: Int, height: Int) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.write("TL/home.png", PNGWriter.solid(width: 1080, height: 2400))
        try tmp.write("TL/long.png", PNGWriter.solid(width: width, height: height))
        try tmp.write(
            "TL/prototype.lua",
            """
            return { device = { width = 360, height = 800, scale = 3 }, start = "home",
              scenes = {
                home = { image = "home.png", elements = { { label = "Open", frame = { 0, 0, 100, 50 }, on_tap = go("long") } } },
                long = { image = "long.png", scroll = { header = 0, footer = 0 },
                  elements = { { label = "Back", frame = { 0, 0, 100, 50 }, on_tap = back() } } } } }

            """)
        try tmp.write(
            "t.lua", "prototype \"TL\"\ntest(\"walk\", function() tap \"Open\"; expect.scene \"long\" end)\n")
        return tmp
    }

    @Test func scrollContentTallerThanTheRuleIsRefusedByEveryCommand() throws {
        // 100x8000 px scaled to 360 pt is 28 800 pt: 86 400 px at scale 3.
        let tmp = try Self.tallScroll(width: 100, height: 8000)
        let commands: [[String]] = [
            ["check", "TL"], ["test", "t.lua"], ["test", "t.lua", "--frames", "fr"],
            ["render", "TL", "--scene", "long", "--out", "x.png"],
        ]
        for command in commands {
            let r = try Sceneflow.run(command, in: tmp.url)
            #expect(r.status == 65, "\(command): \(r)")
            let text = r.stdout + r.stderr
            #expect(text.contains("scenes.long.scroll"), "\(command): \(r)")
            #expect(text.contains("86400 px, more than 16384 px"), "\(command): \(r)")
        }
    }

    @Test func scrollContentWithinTheRuleStillScrolls() throws {
        // 1080x16000 px scaled to 360 pt is 5 333 pt: 16 000 px at scale 3.
        let tmp = try Self.tallScroll(width: 1080, height: 16000)
        #expect(try Sceneflow.run(["check", "TL"], in: tmp.url).status == 0)
        let r = try Sceneflow.run(["test", "t.lua", "--frames", "fr"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
    }

    /// The largest screen is one whose every frame can be recorded as a baseline, and written
    /// as a failing test's frame.png, well within a test's 30 s watchdog on the 2-core machine
    /// under load (red-team finding m7: 8192x8192 px took 21 s idle and over 30 s at load 9;
    /// 5792x5792 px 10.8 s; see LimitsAndExitCodes). An 8K display (7680x4320) fits.
    @Test func aScreenOfMoreMegapixelsThanTheRuleIsRefused() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        for (width, height, scale, refused) in [
            (16384, 16384, 1, true), (5000, 5000, 3, true), (8192, 8192, 1, true), (5793, 5792, 1, true),
            (5792, 5792, 1, false), (7680, 4320, 1, false), (360, 800, 3, false),
        ] {
            let text = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
            let device = "device = { width = \(width), height = \(height), scale = \(scale) }"
            let changed = text.replacingOccurrences(
                of: #"device = \{[^}]*\}"#, with: device, options: .regularExpression)
            try tmp.write("Proto/prototype.lua", changed)
            let r = try Sceneflow.run(["check", "Proto"], in: tmp.url)
            if refused {
                #expect(r.status == 65, "\(device): \(r)")
                #expect(r.stderr.contains("at most 33.5 megapixels (5792x5792 px)"), "\(device): \(r)")
            } else {
                #expect(!(r.stdout + r.stderr).contains("megapixels"), "\(device): \(r)")
            }
        }
    }
}
