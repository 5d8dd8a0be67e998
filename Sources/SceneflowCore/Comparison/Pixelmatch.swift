/// The pixelmatch metric (github.com/mapbox/pixelmatch, ISC licence), written for Sceneflow
/// from its published description: YIQ colour distance of pixels blended over white, with
/// optional skipping of anti-aliased pixels. Used by `ImageComparison` for tolerant
/// comparisons; its counts are checked against the reference implementation in the tests.
enum Pixelmatch {
    /// Counts the pixels of `a` and `b` (same size) whose distance exceeds `threshold`.
    static func count(_ a: RGBAImage, _ b: RGBAImage, threshold: Double, includeAntialiasing: Bool) -> ImageDifference {
        let width = a.width
        let height = a.height
        let maxDelta = 35215 * threshold * threshold
        var count = 0
        var skipped = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let wa = pa.bindMemory(to: UInt32.self)
                let wb = pb.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let p = y * width + x
                        if wa[p] == wb[p] { continue }
                        let delta = colorDelta(a.pixels, b.pixels, p * 4, p * 4, yOnly: false)
                        guard abs(delta) > maxDelta else { continue }
                        if !includeAntialiasing && (antialiased(a, x, y, other: b) || antialiased(b, x, y, other: a)) {
                            skipped += 1
                            continue
                        }
                        count += 1
                        if x < minX { minX = x }
                        if x > maxX { maxX = x }
                        if y < minY { minY = y }
                        if y > maxY { maxY = y }
                    }
                }
            }
        }
        let bounds = count == 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        return ImageDifference(
            width: width, height: height, differentPixels: count, antialiasedPixels: skipped, bounds: bounds)
    }

    /// Squared YIQ distance between pixel `k` of `a` and pixel `m` of `b` (byte offsets),
    /// negative when the first is brighter; only the luma difference when `yOnly`.
    @inline(__always)
    static func colorDelta(_ a: [UInt8], _ b: [UInt8], _ k: Int, _ m: Int, yOnly: Bool) -> Double {
        var r1 = Double(a[k])
        var g1 = Double(a[k + 1])
        var b1 = Double(a[k + 2])
        let a1 = Double(a[k + 3])
        var r2 = Double(b[m])
        var g2 = Double(b[m + 1])
        var b2 = Double(b[m + 2])
        let a2 = Double(b[m + 3])
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        if a1 < 255 {
            let f = a1 / 255
            r1 = 255 + (r1 - 255) * f
            g1 = 255 + (g1 - 255) * f
            b1 = 255 + (b1 - 255) * f
        }
        if a2 < 255 {
            let f = a2 / 255
            r2 = 255 + (r2 - 255) * f
            g2 = 255 + (g2 - 255) * f
            b2 = 255 + (b2 - 255) * f
        }
        let y1 = y(r1, g1, b1)
        let y2 = y(r2, g2, b2)
        let dy = y1 - y2
        if yOnly { return dy }
        let di = i(r1, g1, b1) - i(r2, g2, b2)
        let dq = q(r1, g1, b1) - q(r2, g2, b2)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -delta : delta
    }

    @inline(__always) static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// The luma of pixel `k` (byte offset) blended over white.
    static func luma(_ p: [UInt8], _ k: Int) -> Double {
        let f = Double(p[k + 3]) / 255
        return y(255 + (Double(p[k]) - 255) * f, 255 + (Double(p[k + 1]) - 255) * f, 255 + (Double(p[k + 2]) - 255) * f)
    }

    /// True when pixel (x, y) of `image` looks like an anti-aliased edge: among its 8
    /// neighbours at most two equal it, and its darkest and brightest neighbours each sit in
    /// an area of identical pixels in both images.
    static func antialiased(_ image: RGBAImage, _ x1: Int, _ y1: Int, other: RGBAImage) -> Bool {
        let width = image.width
        let height = image.height
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0
        var maxDelta = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = colorDelta(image.pixels, image.pixels, pos, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta
                    minX = x
                    minY = y
                } else if delta > maxDelta {
                    maxDelta = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// True when more than two of the pixel's neighbours (counting an image edge as one) are
    /// identical to it.
    static func hasManySiblings(_ image: RGBAImage, _ x1: Int, _ y1: Int) -> Bool {
        let width = image.width
        let height = image.height
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        let p = image.pixels
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let pos2 = (y * width + x) * 4
                if p[pos] == p[pos2] && p[pos + 1] == p[pos2 + 1] && p[pos + 2] == p[pos2 + 2]
                    && p[pos + 3] == p[pos2 + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
