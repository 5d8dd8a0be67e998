import Foundation
import Testing

/// A star rating whose `star_size` is as large as `check` accepts (100 000 pt) draws in every
/// command (red-team finding M15: the built-in glyph was rasterised at its declared size,
/// 40 GB for one star, and `render` aborted with SIGABRT, test workers with signal 6).
@Suite struct HugeStarGlyphTests {
    @Test(arguments: ["{ 1e5, 1e5 }", "{ 5000, 5000 }", "{ 1e5, 1 }"])
    func aHugeStarDrawsInEveryCommand(_ size: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Stars", control = "star_rating", frame = { 0, 45, 36, 10 }, touch_band = 0,
                        star_size = \(size) } } },
                    detail = { image = "detail.png" },
                """)
        try tmp.write("s.lua", "prototype \"Proto\"\ntest(\"t\", function() capture \"c\" end)\n")
        let render = try Sceneflow.run(["render", "Proto", "--out", "r.png"], in: tmp.url, timeout: 120)
        #expect(render.didNotCrash && render.status == 0, "\(size): \(render)")
        let test = try Sceneflow.run(["test", "s.lua", "--frames", "f"], in: tmp.url, timeout: 120)
        #expect(test.didNotCrash && test.status == 0, "\(size): \(test)")
    }
}
