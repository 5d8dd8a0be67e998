import Testing

@testable import SceneflowCore

/// Exact and tolerant frame comparison on crafted images, and how a screenshot failure is
/// decided and worded.
@Suite struct ImageComparisonTests {
    static let white = RGBAImage(width: 40, height: 30, fill: (255, 255, 255, 255))

    static func with(_ image: RGBAImage, _ points: [(Int, Int)], _ color: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var copy = image
        for (x, y) in points {
            let i = (y * copy.width + x) * 4
            copy.pixels[i] = color.0
            copy.pixels[i + 1] = color.1
            copy.pixels[i + 2] = color.2
            copy.pixels[i + 3] = color.3
        }
        return copy
    }

    @Test func identicalImagesMatchExactly() throws {
        let d = try ImageComparison.compare(expected: Self.white, actual: Self.white)
        #expect(d.differentPixels == 0 && d.bounds == nil)
    }

    @Test func oneChangedPixelIsFoundWithItsBox() throws {
        let changed = Self.with(Self.white, [(7, 9)], (254, 255, 255, 255))
        let d = try ImageComparison.compare(expected: Self.white, actual: changed)
        #expect(d.differentPixels == 1)
        #expect(d.bounds == PixelRect(x: 7, y: 9, width: 1, height: 1))
        // Far under pixelmatch's threshold: tolerant comparison lets it pass.
        let tolerant = try ImageComparison.compare(
            expected: Self.white, actual: changed, options: ImageCompareOptions(threshold: 0.1))
        #expect(tolerant.differentPixels == 0)
    }

    @Test func alphaOnlyDifferencesCountWhenExact() throws {
        let a = RGBAImage(width: 2, height: 1, fill: (10, 20, 30, 0))
        let b = RGBAImage(width: 2, height: 1, fill: (99, 20, 30, 0))
        #expect(try ImageComparison.compare(expected: a, actual: b).differentPixels == 2)
    }

    @Test func shiftedEdgeCountsTheStripThatMoved() throws {
        let a = ImagePairs.image(40, 20) { x, _ in x < 20 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let b = ImagePairs.image(40, 20) { x, _ in x < 21 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let d = try ImageComparison.compare(expected: a, actual: b)
        #expect(d.differentPixels == 20)
        #expect(d.bounds == PixelRect(x: 20, y: 0, width: 1, height: 20))
    }

    @Test func antialiasedDiagonalsCanBeSkipped() throws {
        // A diagonal edge drawn with coverage-based anti-aliasing, moved by a fraction of a pixel.
        let a = ImagePairs.image(40, 40) { x, y in
            let c = max(0, min(1, Double(x) - Double(y) * 0.9 + 0.5))
            let v = Int(255 * (1 - c))
            return (v, v, v, 255)
        }
        let b = ImagePairs.image(40, 40) { x, y in
            let c = max(0, min(1, Double(x) - Double(y) * 0.9 + 0.8))
            let v = Int(255 * (1 - c))
            return (v, v, v, 255)
        }
        let counted = try ImageComparison.compare(expected: a, actual: b, options: ImageCompareOptions(threshold: 0.05))
        let skipped = try ImageComparison.compare(
            expected: a, actual: b, options: ImageCompareOptions(threshold: 0.05, ignoreAntialiasing: true))
        #expect(counted.differentPixels > 0)
        #expect(skipped.differentPixels < counted.differentPixels)
        #expect(skipped.antialiasedPixels > 0)
    }

    @Test func masksPaintOutTheSameAreaInBoth() throws {
        let changed = Self.with(Self.white, [(5, 5), (30, 20)], (0, 0, 0, 255))
        let masked = try ImageComparison.compare(
            expected: Self.white, actual: changed,
            options: ImageCompareOptions(masks: [PixelRect(x: 0, y: 0, width: 10, height: 10)]))
        #expect(masked.differentPixels == 1 && masked.bounds == PixelRect(x: 30, y: 20, width: 1, height: 1))
    }

    @Test func regionsCompareOnlyTheirPart() throws {
        let changed = Self.with(Self.white, [(5, 5), (30, 20)], (0, 0, 0, 255))
        let region = try ImageComparison.compare(
            expected: Self.white, actual: changed,
            options: ImageCompareOptions(region: PixelRect(x: 20, y: 10, width: 20, height: 20)))
        #expect(region.width == 20 && region.height == 20)
        // The box is where the pixel is on the screen, not inside the region.
        #expect(region.differentPixels == 1 && region.bounds == PixelRect(x: 30, y: 20, width: 1, height: 1))
    }

    @Test func sizeMismatchIsItsOwnFailure() {
        let small = RGBAImage(width: 40, height: 29, fill: (255, 255, 255, 255))
        #expect(throws: ImageComparison.SizeMismatch(expected: (40, 30), actual: (40, 29))) {
            try ImageComparison.compare(expected: Self.white, actual: small)
        }
    }

    @Test func aBlankFrameNeverPassesAgainstARealBaseline() throws {
        // A renderer that failed would give an empty (transparent) or all-black frame.
        let baseline = ImagePairs.strokes(40, 30, shift: 0)
        for broken in [
            RGBAImage(width: 40, height: 30, fill: (0, 0, 0, 0)),
            RGBAImage(width: 40, height: 30, fill: (0, 0, 0, 255)),
        ] {
            for options in [ImageCompareOptions(), ImageCompareOptions(threshold: 0.3, ignoreAntialiasing: true)] {
                let d = try ImageComparison.compare(expected: baseline, actual: broken, options: options)
                var request = ScreenshotRequest(name: "x")
                request.threshold = options.threshold
                request.maxDiffRatio = 0.05
                #expect(ScreenshotPolicy.failure(d, request) != nil, "a blank frame must fail")
            }
        }
    }

    @Test func policyPrintsTheDecidingMetricWithDistinctDigits() {
        let d = ImageDifference(
            width: 1000, height: 1000, differentPixels: 100_001, antialiasedPixels: 0,
            bounds: PixelRect(x: 0, y: 0, width: 10, height: 10))
        var request = ScreenshotRequest(name: "x")
        request.maxDiffRatio = 0.1
        let message = ScreenshotPolicy.failure(d, request)
        #expect(
            message
                == "100001 of 1000000 pixels differ (exact comparison) in the box {0, 0, 10, 10} px: the ratio 10.0001 % is over the limit max_diff_ratio = 10 %"
        )
        request.maxDiffRatio = nil
        request.maxDiffPixels = 100_000
        #expect(ScreenshotPolicy.failure(d, request)?.hasSuffix("over the limit max_diff_pixels = 100000") == true)
        request.maxDiffPixels = 100_001
        #expect(ScreenshotPolicy.failure(d, request) == nil)
        #expect(ScreenshotPolicy.distinct(99.999999, 100) == ("99.999999", "100"))
    }

    @Test func diffImageMarksChangesRedAndMasksBlue() {
        let changed = Self.with(Self.white, [(30, 20)], (0, 0, 0, 255))
        let diff = ImageComparison.diffImage(
            expected: Self.white, actual: changed,
            options: ImageCompareOptions(masks: [PixelRect(x: 0, y: 0, width: 4, height: 4)]))
        #expect(diff.pixel(x: 30, y: 20) == (230, 0, 0, 255))
        #expect(diff.pixel(x: 1, y: 1).b == 230)
        #expect(diff.pixel(x: 10, y: 10) == (255, 255, 255, 255))
    }
}
