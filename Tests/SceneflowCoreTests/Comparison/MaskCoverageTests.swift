import Testing

@testable import SceneflowCore

/// `ImageComparison.masksCover`: masks that hide every pixel of the compared area leave nothing
/// to compare (a red-team finding: such a screenshot check compared 0 pixels and passed).
/// Checked against counting pixels one by one on generated masks.
@Suite struct MaskCoverageTests {
    /// Every pixel of `area` under some mask, counted one by one.
    static func bruteForce(_ area: PixelRect, _ masks: [PixelRect]) -> Bool {
        for x in area.x..<(area.x + area.width) {
            for y in area.y..<(area.y + area.height) {
                let covered = masks.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                if !covered { return false }
            }
        }
        return true
    }

    @Test func theRedTeamCases() {
        let screen = PixelRect(x: 0, y: 0, width: 36, height: 80)
        #expect(ImageComparison.masksCover(screen, [PixelRect(x: 0, y: 0, width: 36, height: 80)]))
        #expect(ImageComparison.masksCover(screen, [PixelRect(x: -100, y: -100, width: 1000, height: 1000)]))
        #expect(
            ImageComparison.masksCover(
                screen, [PixelRect(x: 0, y: 0, width: 36, height: 40), PixelRect(x: 0, y: 40, width: 36, height: 40)]))
        #expect(
            ImageComparison.masksCover(
                PixelRect(x: 0, y: 0, width: 10, height: 10), [PixelRect(x: 0, y: 0, width: 10, height: 10)]))
        #expect(!ImageComparison.masksCover(screen, [PixelRect(x: 0, y: 0, width: 36, height: 79)]))
        #expect(!ImageComparison.masksCover(screen, []))
    }

    @Test func generatedMasksAgreeWithCountingPixels() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let area = PixelRect(
                x: Int.random(in: -3...3, using: &generator), y: Int.random(in: -3...3, using: &generator),
                width: Int.random(in: 1...12, using: &generator), height: Int.random(in: 1...12, using: &generator))
            let masks = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                PixelRect(
                    x: Int.random(in: -5...12, using: &generator), y: Int.random(in: -5...12, using: &generator),
                    width: Int.random(in: 0...10, using: &generator), height: Int.random(in: 0...10, using: &generator))
            }
            #expect(
                ImageComparison.masksCover(area, masks) == Self.bruteForce(area, masks), "area \(area), masks \(masks)")
        }
    }
}
