import Foundation
import Testing

/// Star ratings through the binary: bad star images are reported with the table path, and
/// `render` draws the control at its initial value, the same pixels every time.
@Suite struct StarRatingEndToEndTests {
    private func scenes(_ control: String) -> String {
        """
            home = {
              image = "home.png",
              elements = {
                { label = "Rating", frame = { 0, 40, 36, 20 }, control = "star_rating", stars = 3, \(control) },
              },
            },
        """
    }

    @Test func starImagesOfDifferentSizesExit65WithThePath() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(
            scenes: scenes(#"star = "off.png", star_highlighted = "on.png""#), images: ["home.png"])
        try tmp.image("Proto/off.png", width: 12, height: 12)
        try tmp.image("Proto/on.png", width: 12, height: 10)
        let r = try Sceneflow.run(["check", folder])
        #expect(r.status == 65, "\(r)")
        #expect(
            r.errorLines.contains {
                $0.hasPrefix(
                    "\(folder)/prototype.lua:9: scenes.home.elements[1].star_highlighted: \"on.png\" is 12x10 px")
            }, "\(r)")
    }

    @Test func renderDrawsTheInitialValueDeterministically() throws {
        let tmp = try TempFolder()
        var outputs: [Data] = []
        for (index, value) in [0, 2, 2].enumerated() {
            let folder = try tmp.prototype("P\(index)", scenes: scenes("value = \(value)"), images: ["home.png"])
            let out = tmp.file("out\(index).png")
            let r = try Sceneflow.run(["render", folder, "--scene", "home", "--out", out])
            #expect(r.status == 0, "\(r)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(outputs[0] != outputs[1], "value 2 must light stars that value 0 leaves empty")
        #expect(outputs[1] == outputs[2], "the same prototype renders the same bytes")
        #expect(PNGWriter.size(of: outputs[1])! == (36, 80))
    }
}
