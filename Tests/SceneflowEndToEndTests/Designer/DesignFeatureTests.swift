import Foundation
import Testing

/// Timed actions and overlays through `sceneflow test --frames`, checked on the frames.
@Suite struct DesignFeatureTests {
    @Test func splashAdvancesAndBottomSheetDimsTheSceneBelow() throws {
        let tmp = try TempFolder()
        try tmp.write("P/splash.png", PNGWriter.solid(width: 36, height: 80, rgb: (0, 0, 200)))
        try tmp.write("P/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 200, 200)))
        try tmp.write("P/sheet.png", PNGWriter.solid(width: 36, height: 30, rgb: (250, 200, 0)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Sheet", device = { width = 36, height = 80, scale = 1 }, start = "splash",
              scenes = {
                splash = { image = "splash.png", after = 1, on_after = go("home", "crossfade", 0.2) },
                home = { image = "home.png", elements = {
                  { label = "Share", frame = { 0, 60, 36, 20 },
                    on_tap = present("sheet", { overlay = true, position = "bottom", dim = 0.5, dismiss_on_outside = true, size = { 36, 30 } }) } } },
                sheet = { image = "sheet.png", elements = { { label = "Done", frame = { 20, 0, 16, 10 }, on_tap = dismiss() } } },
              },
            }
            """)
        try tmp.write(
            "P/Scripts/sheet.lua",
            """
            prototype ".."
            test("splash, sheet, outside tap", function()
              expect.scene "splash"
              wait(1.5)
              expect.scene "home"
              tap "Share"
              expect.scene "sheet"
              tap "Done"
              expect.scene "home"
            end)
            """)
        let frames = tmp.file("frames")
        let r = try Sceneflow.run(["test", tmp.file("P/Scripts"), "--frames", frames])
        #expect(r.status == 0, "\(r)")
        #expect(r.outputLines.last == "1 passed, 0 failed", "\(r)")
        let check = try Sceneflow.run(["check", tmp.file("P")])
        #expect(check.status == 0 && check.stdout.contains("0 warnings"), "the sheet and home are reachable: \(check)")
        guard DesignerCommandTests.which("convert") != nil else {
            print("skipped the pixel half: ImageMagick's convert is not installed")
            return
        }
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: frames).first)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(frames)/\(folder)").sorted()
        let sheet = try #require(names.first { $0.hasSuffix("-sheet.png") }, "\(names)")
        let path = "\(frames)/\(folder)/\(sheet)"
        let above = PlayingWindow.pixel(path, 18, 20)
        #expect(
            above == (100, 100, 100) || (abs(above.r - 100) <= 1 && abs(above.b - 100) <= 1),
            "home at 50 % dim: \(above)")
        let inside = PlayingWindow.pixel(path, 5, 70)
        #expect(inside == (250, 200, 0), "the sheet at the bottom: \(inside)")
    }

    @Test func scriptsRotateAndTapLandscapeElements() throws {
        let tmp = try TempFolder()
        try tmp.write("P/video.png", PNGWriter.solid(width: 36, height: 80, rgb: (0, 0, 200)))
        try tmp.write("P/video_land.png", PNGWriter.solid(width: 80, height: 36, rgb: (0, 200, 0)))
        try tmp.write("P/info.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 0, 0)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Turn", device = { width = 36, height = 80, scale = 1 }, start = "video",
              scenes = {
                video = { image = "video.png",
                  elements = { { label = "Info", frame = { 0, 0, 36, 20 }, on_tap = go("info") } },
                  landscape = { image = "video_land.png",
                    elements = { { label = "Full info", frame = { 60, 0, 20, 36 }, on_tap = go("info") } } } },
                info = { image = "info.png", elements = { { label = "Back", frame = { 0, 0, 20, 20 }, on_tap = back() } } },
              },
            }
            """)
        try tmp.write(
            "P/Scripts/turn.lua",
            """
            prototype ".."
            test("landscape has its own elements", function()
              rotate "landscape"
              tap "Full info"
              expect.scene "info"
              tap "Back"
              rotate "portrait"
              tap "Info"
              expect.scene "info"
            end)
            test("portrait elements are not there in landscape", function()
              rotate "landscape"
              tap "Info"
            end)
            test("a misspelt orientation", function()
              rotate "landscap"
            end)
            """)
        let r = try Sceneflow.run(["test", tmp.file("P/Scripts")])
        #expect(r.outputLines.last == "1 passed, 2 failed", "\(r)")
        #expect(r.stdout.contains("no element labelled \"Info\""), "\(r)")
        #expect(r.stdout.contains("did you mean \"landscape\"?"), "\(r)")
        let inspect = try Sceneflow.run(["inspect", tmp.file("P")])
        #expect(
            inspect.stdout.contains("  landscape image video_land.png\n    hotspot \"Full info\" {60, 0, 20, 36}"),
            "\(inspect)")
        let check = try Sceneflow.run(["check", tmp.file("P")])
        #expect(check.status == 0 && check.stdout.contains("0 warnings"), "\(check)")
    }
}
