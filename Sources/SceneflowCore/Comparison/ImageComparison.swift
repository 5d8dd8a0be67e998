/// How two frames are compared (`expect.screenshot` options, in pixels).
public struct ImageCompareOptions: Sendable, Equatable {
    /// Per-pixel colour distance from 0 to 1 under which two pixels count as equal, with
    /// pixelmatch's meaning (a YIQ distance; pixelmatch's own default is 0.1). 0 is exact:
    /// any byte that differs counts.
    public var threshold: Double
    /// Skips pixels that pixelmatch's anti-aliasing detector classifies as anti-aliased.
    public var ignoreAntialiasing: Bool
    /// Rectangles painted out (the same colour) in both images before comparing.
    public var masks: [PixelRect]
    /// When set, only this part of both images is compared.
    public var region: PixelRect?

    /// Creates options; the defaults compare exactly.
    public init(
        threshold: Double = 0, ignoreAntialiasing: Bool = false, masks: [PixelRect] = [], region: PixelRect? = nil
    ) {
        self.threshold = threshold
        self.ignoreAntialiasing = ignoreAntialiasing
        self.masks = masks
        self.region = region
    }

    /// True when the comparison is byte-for-byte.
    public var isExact: Bool { threshold == 0 && !ignoreAntialiasing }
}

/// What a comparison found. Sizes and rects in pixels of the compared area.
public struct ImageDifference: Sendable, Equatable {
    /// Width and height of the compared area.
    public var width: Int
    /// Height of the compared area.
    public var height: Int
    /// Pixels that differ (beyond the threshold, anti-aliased ones excluded when asked).
    public var differentPixels: Int
    /// Pixels that differed but were classified as anti-aliasing and skipped.
    public var antialiasedPixels: Int
    /// The smallest rectangle holding every differing pixel; nil when none differ.
    public var bounds: PixelRect?
    /// Creates a result.
    public init(width: Int, height: Int, differentPixels: Int, antialiasedPixels: Int, bounds: PixelRect?) {
        self.width = width
        self.height = height
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.bounds = bounds
    }

    /// `differentPixels / (width * height)`.
    public var ratio: Double { width * height == 0 ? 0 : Double(differentPixels) / Double(width * height) }
}

/// Frame comparison for screenshot assertions: exact (every RGBA byte) by default, or
/// pixelmatch's perceptual metric when a threshold or anti-aliasing skipping is asked for.
///
/// The tolerant metric follows pixelmatch (github.com/mapbox/pixelmatch, ISC): pixels are
/// blended over white by their alpha, converted to YIQ, and their distance
/// `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` is compared with `35215 · threshold²`; with
/// `ignoreAntialiasing`, a differing pixel is skipped when either image shows it as an
/// anti-aliased edge pixel (a pixel whose brightest and darkest neighbours both continue into
/// areas of several identical pixels in both images). A test checks the counts against the
/// reference implementation from PyPI.
public enum ImageComparison {
    /// Two images of different sizes: never compared in part.
    public struct SizeMismatch: Error, Equatable, Sendable {
        /// The baseline's size in pixels.
        public var expected: (width: Int, height: Int)
        /// The new frame's size in pixels.
        public var actual: (width: Int, height: Int)

        /// Creates the mismatch of a baseline of `expected` pixels and a frame of `actual`.
        public init(expected: (width: Int, height: Int), actual: (width: Int, height: Int)) {
            self.expected = expected
            self.actual = actual
        }

        public static func == (a: SizeMismatch, b: SizeMismatch) -> Bool {
            a.expected == b.expected && a.actual == b.actual
        }
    }

    /// Masks the same rectangles in both images and crops both to the region, as the
    /// options ask. Rectangles are clipped to the image.
    public static func prepare(_ image: RGBAImage, _ options: ImageCompareOptions) -> RGBAImage {
        var copy = image
        for mask in options.masks { fill(&copy, mask, (255, 0, 255, 255)) }
        if let region = options.region { copy = crop(copy, region) }
        return copy
    }

    /// Compares `expected` with `actual` after masking and cropping both.
    /// - Throws: `SizeMismatch` when the two images differ in size.
    public static func compare(
        expected: RGBAImage, actual: RGBAImage, options: ImageCompareOptions = ImageCompareOptions()
    ) throws(SizeMismatch) -> ImageDifference {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw SizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        let a = options.masks.isEmpty && options.region == nil ? expected : prepare(expected, options)
        let b = options.masks.isEmpty && options.region == nil ? actual : prepare(actual, options)
        return options.isExact
            ? exact(a, b)
            : Pixelmatch.count(
                a, b, threshold: options.threshold,
                includeAntialiasing: !options.ignoreAntialiasing)
    }

    /// Byte-for-byte comparison of two images of one size, 32 bits per pixel at a time.
    public static func exact(_ a: RGBAImage, _ b: RGBAImage) -> ImageDifference {
        var count = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        let width = a.width
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let wa = pa.bindMemory(to: UInt32.self)
                let wb = pb.bindMemory(to: UInt32.self)
                for y in 0..<a.height {
                    let row = y * width
                    var x = 0
                    while x < width {
                        if wa[row + x] != wb[row + x] {
                            count += 1
                            if x < minX { minX = x }
                            if x > maxX { maxX = x }
                            if y < minY { minY = y }
                            maxY = y
                        }
                        x += 1
                    }
                }
            }
        }
        let bounds = count == 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return ImageDifference(
            width: a.width, height: a.height, differentPixels: count, antialiasedPixels: 0, bounds: bounds)
    }

    /// A picture of the difference: the expected image faded towards white, differing pixels
    /// red, skipped anti-aliased pixels yellow, masked areas shaded blue.
    public static func diffImage(
        expected: RGBAImage, actual: RGBAImage, options: ImageCompareOptions
    ) -> RGBAImage {
        var a = expected
        var b = actual
        if let region = options.region {
            a = crop(a, region)
            b = crop(b, region)
        }
        let masked = options.masks.map { mask -> PixelRect in
            guard let region = options.region else { return mask }
            return PixelRect(x: mask.x - region.x, y: mask.y - region.y, width: mask.width, height: mask.height)
        }
        let ma = masked.reduce(a) { image, rect in
            var c = image
            fill(&c, rect, (255, 0, 255, 255))
            return c
        }
        let mb = masked.reduce(b) { image, rect in
            var c = image
            fill(&c, rect, (255, 0, 255, 255))
            return c
        }
        var out = RGBAImage(width: a.width, height: a.height, fill: (255, 255, 255, 255))
        let maxDelta = 35215 * options.threshold * options.threshold
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = (y * a.width + x) * 4
                let gray = Pixelmatch.luma(ma.pixels, i)
                let faded = UInt8(max(0, min(255, 255 + (gray - 255) * 0.25)))
                var color: (UInt8, UInt8, UInt8) = (faded, faded, faded)
                if !ma.pixels[i..<i + 4].elementsEqual(mb.pixels[i..<i + 4]) {
                    let delta =
                        options.isExact ? 1 : abs(Pixelmatch.colorDelta(ma.pixels, mb.pixels, i, i, yOnly: false))
                    if delta > maxDelta {
                        let aa =
                            options.ignoreAntialiasing
                            && (Pixelmatch.antialiased(ma, x, y, other: mb)
                                || Pixelmatch.antialiased(mb, x, y, other: ma))
                        color = aa ? (255, 200, 0) : (230, 0, 0)
                    }
                }
                out.pixels[i] = color.0
                out.pixels[i + 1] = color.1
                out.pixels[i + 2] = color.2
            }
        }
        for rect in masked { shade(&out, rect) }
        return out
    }

    /// Paints `rect` (clipped to the image) with one colour.
    public static func fill(_ image: inout RGBAImage, _ rect: PixelRect, _ color: (UInt8, UInt8, UInt8, UInt8)) {
        let x0 = max(0, rect.x)
        let y0 = max(0, rect.y)
        let x1 = min(image.width, rect.x + rect.width)
        let y1 = min(image.height, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let i = (y * image.width + x) * 4
                image.pixels[i] = color.0
                image.pixels[i + 1] = color.1
                image.pixels[i + 2] = color.2
                image.pixels[i + 3] = color.3
            }
        }
    }

    private static func shade(_ image: inout RGBAImage, _ rect: PixelRect) {
        let x0 = max(0, rect.x)
        let y0 = max(0, rect.y)
        let x1 = min(image.width, rect.x + rect.width)
        let y1 = min(image.height, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let i = (y * image.width + x) * 4
                let stripe = (x + y) / 6 % 2 == 0
                image.pixels[i] = stripe ? 120 : 160
                image.pixels[i + 1] = stripe ? 150 : 180
                image.pixels[i + 2] = 230
            }
        }
    }

    /// The part of `image` inside `rect` (clipped to the image).
    public static func crop(_ image: RGBAImage, _ rect: PixelRect) -> RGBAImage {
        let x0 = max(0, rect.x)
        let y0 = max(0, rect.y)
        let x1 = min(image.width, rect.x + rect.width)
        let y1 = min(image.height, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return RGBAImage(width: 0, height: 0, pixels: []) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 {
            let start = (y * image.width + x0) * 4
            bytes += image.pixels[start..<start + (x1 - x0) * 4]
        }
        return RGBAImage(width: x1 - x0, height: y1 - y0, pixels: bytes)
    }
}

extension ImageComparison {
    /// True when `masks` together cover every pixel of `area` (pixels), so a comparison of
    /// `area` would compare nothing. Exact for any number of overlapping masks: the masks'
    /// edges cut the area into cells, each covered by one mask or by none.
    public static func masksCover(_ area: PixelRect, _ masks: [PixelRect]) -> Bool {
        guard area.width > 0, area.height > 0 else { return true }
        let clipped = masks.compactMap { mask -> (Int, Int, Int, Int)? in
            let x0 = max(mask.x, area.x)
            let y0 = max(mask.y, area.y)
            let x1 = min(mask.x + mask.width, area.x + area.width)
            let y1 = min(mask.y + mask.height, area.y + area.height)
            return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
        }
        guard !clipped.isEmpty else { return false }
        let xs = Array(Set([area.x, area.x + area.width] + clipped.flatMap { [$0.0, $0.2] })).sorted()
        let ys = Array(Set([area.y, area.y + area.height] + clipped.flatMap { [$0.1, $0.3] })).sorted()
        for i in 0..<(xs.count - 1) {
            for j in 0..<(ys.count - 1) {
                let (cx, cy) = (xs[i], ys[j])
                if !clipped.contains(where: { cx >= $0.0 && cx < $0.2 && cy >= $0.1 && cy < $0.3 }) { return false }
            }
        }
        return true
    }
}
