import Foundation
import Testing

/// A screenshot `region` given by a locator compares the part of the element that shows, the
/// part a press can hit (one geometry): an element scrolled under a scroll region's fixed
/// header compared the header's pixels and passed after the element changed (red-team 29 F4).
/// Wholly hidden, the comparison fails as `tap` does; partly hidden, it is cut to what shows.
@Suite struct ScreenshotRegionShownPartTests {
    /// A 36x80 pt screen over a 36x200 pt scrolling image with a 20 pt fixed header; "Row" at
    /// content y 40–60, "Tall" at 100–140; "Card" opens an overlay card where "Half" sticks out.
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.image("Proto/long.png", width: 36, height: 200)
        try tmp.image("Proto/card.png", width: 20, height: 20)
        try tmp.write(
            "Proto/prototype.lua",
            """
            return {
              device = { width = 36, height = 80, scale = 1 },
              start = "s",
              scenes = {
                s = { image = "long.png", scroll = { header = 20 },
                      elements = { { label = "Row", frame = { 0, 40, 36, 20 } },
                                   { label = "Tall", frame = { 0, 100, 36, 40 } },
                                   { label = "Card", frame = { 0, 180, 36, 20 },
                                     on_tap = present("c", { overlay = true, position = "center", size = { 20, 20 } }) } } },
                c = { image = "card.png", elements = { { label = "Half", frame = { 10, 0, 20, 10 } } } },
              },
            }

            """)
        return tmp
    }

    @Test(arguments: [("scroll(\"down\", 40)", "Row"), ("scroll(\"down\", 140)", "Tall")])
    func aRegionWhollyUnderTheHeaderFails(_ c: (move: String, label: String)) throws {
        let tmp = try Self.folder()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("hidden", function()
              \(c.move)
              expect(element("\(c.label)").visible).to_be(false)
              expect.screenshot("r", { region = "\(c.label)", timeout = 0 })
            end)

            """)
        let r = try Sceneflow.run(["test", "s.lua"], in: tmp.url, environment: ["CI": nil])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("scrolled under the fixed header or footer"), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("__screenshots__/s/r.png")), "a baseline was recorded")
    }

    /// (what the test does, the label, the pixels compared: the part that shows)
    static let partly: [(String, String, Int)] = [
        ("scroll(\"down\", 30)", "Row", 36 * 10),  // rows 40–60 at screen 10–30, the header covers 0–20
        ("", "Row", 36 * 20),  // wholly in view
        ("scroll_to \"Card\" tap \"Card\" wait(1)", "Half", 10 * 10),  // the card is 20 pt wide, Half starts 10 pt in
    ]

    @Test(arguments: partly)
    func aRegionPartlyHiddenIsCutToWhatShows(_ c: (move: String, label: String, pixels: Int)) throws {
        let tmp = try Self.folder()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("partly", function()
              \(c.move)
              expect.screenshot("r", { region = "\(c.label)" })
            end)

            """)
        let record = try Sceneflow.run(["test", "s.lua"], in: tmp.url, environment: ["CI": nil])
        #expect(record.status == 0, "\(record)")
        // Every pixel changes: the failure counts the pixels the region compared.
        try tmp.write("Proto/long.png", PNGWriter.solid(width: 36, height: 200, rgb: (250, 10, 10)))
        try tmp.write("Proto/card.png", PNGWriter.solid(width: 20, height: 20, rgb: (250, 10, 10)))
        let r = try Sceneflow.run(["test", "s.lua"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("\(c.pixels) of \(c.pixels) pixels differ"), "\(r.stdout)")
    }
}
