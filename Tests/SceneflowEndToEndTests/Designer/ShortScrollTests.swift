import Foundation
import Testing

/// `scroll` by fewer points than the tap slop (as `sceneflow record` writes after a wheel
/// burst that hit the end of the content) drags, and never taps what lies under the finger.
@Suite struct ShortScrollTests {
    @Test func aScrollOfAFewPointsMovesTheContentWithoutTapping() throws {
        let tmp = try TempFolder()
        try tmp.write("P/list.png", PNGWriter.solid(width: 36, height: 200, rgb: (240, 240, 240)))
        try tmp.write("P/detail.png", PNGWriter.solid(width: 36, height: 80, rgb: (250, 200, 0)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Short", device = { width = 36, height = 80, scale = 1 }, start = "list",
              scenes = {
                list = { image = "list.png", scroll = { header = 10, footer = 10 },
                  elements = { { label = "Row", frame = { 0, 10, 36, 150 }, on_tap = go("detail"),
                                 on_long_press = go("detail") } } },
                detail = { image = "detail.png" },
              },
            }
            """)
        try tmp.write(
            "P/short.lua",
            """
            prototype "."
            test("three points down, then one up", function()
              scroll("down", 3)
              expect.scene "list"
              assert(element("Row").frame.y == 7, "the row moved up 3 points: " .. element("Row").frame.y)
              scroll("up", 1)
              expect.scene "list"
              assert(element("Row").frame.y == 8, "and down 1: " .. element("Row").frame.y)
            end)
            """)
        let r = try Sceneflow.run(["test", tmp.file("P/short.lua")])
        #expect(r.status == 0 && r.outputLines.last == "1 passed, 0 failed", "\(r)")
    }
}
