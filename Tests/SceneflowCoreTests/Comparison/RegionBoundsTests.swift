import Testing

@testable import SceneflowCore

/// A screenshot compared in a `region` names where its differing pixels are on the screen, not
/// inside the cropped region: `region = {35.9, 79.9, 10, 10}` on a 36x80 px screen differing in
/// its one on-screen pixel was reported as "the box {0, 0, 1, 1} px" instead of {35, 79, 1, 1}.
/// The diff picture's masks are placed the same way, also for a region that starts off screen.
@Suite struct RegionBoundsTests {
    static let screen = RGBAImage(width: 36, height: 80, fill: (255, 255, 255, 255))

    /// Regions (pixels) and one pixel inside each that differs: inside, at every edge, cut by
    /// every side of the screen (starting left of or above it included).
    static let cases: [(region: PixelRect, pixel: (Int, Int))] = [
        (PixelRect(x: 35, y: 79, width: 10, height: 10), (35, 79)),
        (PixelRect(x: 0, y: 0, width: 10, height: 10), (9, 9)),
        (PixelRect(x: 5, y: 20, width: 8, height: 6), (5, 20)),
        (PixelRect(x: 5, y: 20, width: 8, height: 6), (12, 25)),
        (PixelRect(x: -5, y: -7, width: 12, height: 12), (3, 2)),
        (PixelRect(x: -100, y: 40, width: 200, height: 5), (30, 44)),
        (PixelRect(x: 20, y: -3, width: 30, height: 100), (35, 0)),
    ]

    @Test(arguments: [ImageCompareOptions(), ImageCompareOptions(threshold: 0.05)])
    func theBoxIsInScreenPixels(_ base: ImageCompareOptions) throws {
        for (region, (x, y)) in Self.cases {
            let actual = ImageComparisonTests.with(Self.screen, [(x, y)], (0, 0, 0, 255))
            var options = base
            options.region = region
            let d = try ImageComparison.compare(expected: Self.screen, actual: actual, options: options)
            #expect(d.differentPixels == 1, "\(region)")
            #expect(d.bounds == PixelRect(x: x, y: y, width: 1, height: 1), "\(region) at (\(x), \(y)): \(d)")
            let message = try #require(ScreenshotPolicy.failure(d, ScreenshotRequest(name: "s")))
            #expect(message.contains("in the box {\(x), \(y), 1, 1} px"), "\(message)")
        }
    }

    @Test func theDiffPictureShadesMasksWhereTheyAreInARegionStartingOffScreen() {
        let region = PixelRect(x: -5, y: -7, width: 12, height: 12)
        let mask = PixelRect(x: 2, y: 1, width: 2, height: 2)
        let diff = ImageComparison.diffImage(
            expected: Self.screen, actual: Self.screen,
            options: ImageCompareOptions(masks: [mask], region: region))
        #expect(diff.width == 7 && diff.height == 5)
        func blue(_ x: Int, _ y: Int) -> Bool { diff.pixels[(y * diff.width + x) * 4 + 2] == 230 }
        // The mask's pixels, at (2, 1) to (3, 2) on the screen and in the cropped picture.
        #expect(blue(2, 1) && blue(3, 2), "the mask is drawn where it is")
        #expect(!blue(0, 0) && !blue(5, 4) && !blue(4, 3), "and nowhere else")
    }
}
