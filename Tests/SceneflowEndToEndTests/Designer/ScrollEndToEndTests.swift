import Foundation
import Testing

/// A scroll scene through `sceneflow check`, `test --frames` and the frames' pixels.
@Suite struct ScrollEndToEndTests {
    @Test func scrollToAndFixedBandsWorkInScriptsAndFrames() throws {
        guard let convert = DesignerCommandTests.which("convert") else {
            print("skipped: ImageMagick's convert is not installed (it draws the tall test image)")
            return
        }
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("P/Scripts"), withIntermediateDirectories: true)
        let draw = try DesignerCommandTests.runTool(
            convert,
            [
                "-size", "36x200", "xc:#f0f0f0", "-fill", "#202060", "-draw", "rectangle 0,0 35,9",
                "-fill", "#20a020", "-draw", "rectangle 0,190 35,199", "-fill", "#c02020", "-draw",
                "rectangle 0,150 35,159",
                tmp.file("P/list.png"),
            ])
        #expect(draw.status == 0, "\(draw.output)")
        try tmp.write("P/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (250, 200, 0)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Scroller", device = { width = 36, height = 80, scale = 1 }, start = "list",
              scenes = {
                list = { image = "list.png", scroll = { header = 10, footer = 10 },
                  elements = { { label = "Far row", frame = { 0, 150, 36, 10 }, on_tap = go("detail", "push_left", 0.3) },
                               { label = "Tab", frame = { 0, 190, 36, 10 }, on_tap = go("detail", "crossfade", 0.2) } },
                  on_swipe = { up = go("detail") } },
                detail = { image = "detail.png", elements = { { label = "Back", frame = { 0, 0, 20, 20 }, on_tap = back() } } },
              },
            }
            """)
        try tmp.write(
            "P/Scripts/scroll.lua",
            """
            prototype ".."
            test("scroll_to reveals a row below the fold and back keeps the offset", function()
              scroll_to "Far row"
              tap "Far row"
              expect.scene "detail"
              back()
              expect.scene "list"
            end)
            test("swipes in the band scroll; the footer is fixed", function()
              swipe "up"
              expect.scene "list"
              scroll("down", 5000)
              scroll("up", 30)
              tap "Tab"
              expect.scene "detail"
            end)
            test("scroll_to names a missing label", function()
              scroll_to "Far rwo"
            end)
            """)
        let check = try Sceneflow.run(["check", tmp.file("P")])
        #expect(
            check.status == 0 && check.stdout.contains("0 warnings"),
            "elements on the tall image are inside it: \(check)")
        let frames = tmp.file("frames")
        let r = try Sceneflow.run(["test", tmp.file("P/Scripts"), "--frames", frames])
        #expect(r.outputLines.last == "2 passed, 1 failed", "\(r)")
        #expect(
            r.stdout.contains("no element labelled \"Far rwo\" in scene \"list\"; did you mean \"Far row\"?"), "\(r)")
        let folder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: frames).first { !$0.hasSuffix(".txt") })
        let dir = "\(frames)/\(folder)"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix("-list.png") }
            .sorted()
        try #require(names.count >= 2, "\(names)")
        // First frame: offset 0, the red row (image y 150) is below the fold; the footer shows the image's end.
        #expect(PlayingWindow.pixel("\(dir)/\(names[0])", 18, 5) == (32, 32, 96), "fixed header")
        #expect(PlayingWindow.pixel("\(dir)/\(names[0])", 18, 75) == (32, 160, 32), "fixed footer")
        #expect(PlayingWindow.pixel("\(dir)/\(names[0])", 18, 65) == (240, 240, 240))
        // After back: still scrolled so the red row sits just above the footer (screen y 60…70).
        #expect(PlayingWindow.pixel("\(dir)/\(names[1])", 18, 65) == (192, 32, 32), "offset kept after back")
    }
}
