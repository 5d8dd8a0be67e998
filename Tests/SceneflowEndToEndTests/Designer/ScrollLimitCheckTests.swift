import Foundation
import Testing

/// `sceneflow check` and `sceneflow test` on scroll regions QA pass 2 found accepted: a band
/// under 44 pt (item 3), scroll on an overlay scene (item 4), a `height` shorter than the screen
/// (item 10), and the landscape error's line (item 12). Both commands refuse them alike (65).
@Suite struct ScrollLimitCheckTests {
    static func write(_ tmp: TempFolder, list: String, sheet: String = "") throws -> String {
        try tmp.write("P/list.png", PNGWriter.solid(width: 60, height: 300, rgb: (240, 240, 240)))
        try tmp.write("P/land.png", PNGWriter.solid(width: 120, height: 60, rgb: (240, 240, 240)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "C", device = { width = 60, height = 120, scale = 1 }, start = "list",
              scenes = {
                list = { image = "list.png",
                  \(list),
                  elements = { { label = "Sheet", frame = { 0, 0, 60, 10 },
                    on_tap = present("sheet", { overlay = true, position = "bottom", size = { 60, 40 } }) } } },
                sheet = { image = "list.png",
                  \(sheet) },
              },
            }
            """)
        try tmp.write("P/Scripts/s.lua", "prototype \"..\"\ntest(\"s\", function() scroll(\"down\", 50) end)\n")
        return tmp.file("P")
    }

    @Test func checkAndTestRefuseAThinBandAnOverlayScrollAndAShortHeight() throws {
        let tmp = try TempFolder()
        let folder = try Self.write(
            tmp, list: "scroll = { header = 40, footer = 40, height = 60 }", sheet: "scroll = { header = 5 }")
        let check = try Sceneflow.run(["check", folder])
        #expect(check.status == 65, "\(check)")
        for expected in [
            "P/prototype.lua:5: scenes.list.scroll.header: header = 40 pt + footer = 40 pt = 80 pt leaves a scrolling band only 40 pt tall: the screen is 120 pt tall",
            "P/prototype.lua:5: scenes.list.scroll.height: height = 60 pt is shorter than the 120 pt screen",
            "P/prototype.lua:9: scenes.sheet.scroll: scroll regions are for full-screen scenes, not overlays",
        ] {
            #expect(check.stderr.contains(expected), "\(expected)\n\(check)")
        }
        let test = try Sceneflow.run(["test", tmp.file("P/Scripts")])
        #expect(test.status == 65, "\(test)")
        let overlay = "prototype.lua:9: scenes.sheet.scroll: scroll regions are for full-screen scenes"
        #expect(test.stdout.contains(overlay), "\(test)")
    }

    @Test func theLandscapeHeaderErrorGivesTheLandscapeLine() throws {
        let tmp = try TempFolder()
        let folder = try Self.write(
            tmp,
            list: """
                scroll = { header = 10 },
                      landscape = { image = "land.png", scroll = { header = 70 } }
                """)
        let check = try Sceneflow.run(["check", folder])
        #expect(check.status == 65, "\(check)")
        #expect(
            check.stderr.contains(
                "P/prototype.lua:6: scenes.list.landscape.scroll.header: header = 70 pt leaves no room to scroll: the screen is 60 pt tall"
            ), "\(check)")
    }
}
