/// An 8-bit grayscale image, rows top to bottom with no padding, sizes in pixels: what text
/// recognition reads (issue 16.1). Made from a screen's RGBA pixels (luma, transparent pixels
/// as white), inverted for dark screens and enlarged for small ones.
public struct GrayImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` luma values, 0 black to 255 white.
    public var pixels: [UInt8]

    /// Creates an image from its bytes; `pixels.count` must be `width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "gray buffer size does not match")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The luma of `image` (ITU-R BT.601 weights), composited over white.
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        let count = image.width * image.height
        pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { rgba in
                for i in 0..<count {
                    let r = Int(rgba[i * 4])
                    let g = Int(rgba[i * 4 + 1])
                    let b = Int(rgba[i * 4 + 2])
                    let a = Int(rgba[i * 4 + 3])
                    let luma = (r * 299 + g * 587 + b * 114) / 1000
                    out[i] = UInt8((luma * a + 255 * (255 - a)) / 255)
                }
            }
            initialized = count
        }
    }

    /// The mean luma, 0 to 255 (sampled every 4th pixel).
    public var meanLuma: Double {
        guard !pixels.isEmpty else { return 255 }
        var sum = 0
        var n = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            sum += Int(pixels[i])
            n += 1
        }
        return Double(sum) / Double(n)
    }

    /// True for a dark screen (mean luma under 110): light text on a dark background.
    public var isDark: Bool { meanLuma < 110 }

    /// Black and white swapped.
    public func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// Twice as wide and tall (bilinear), for text too small to read at its size.
    public func enlarged() -> GrayImage {
        let w = width * 2
        let h = height * 2
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let sy = max(0, min(Double(height - 1), (Double(y) + 0.5) / 2 - 0.5))
            let y0 = Int(sy)
            let y1 = min(y0 + 1, height - 1)
            let fy = sy - Double(y0)
            for x in 0..<w {
                let sx = max(0, min(Double(width - 1), (Double(x) + 0.5) / 2 - 0.5))
                let x0 = Int(sx)
                let x1 = min(x0 + 1, width - 1)
                let fx = sx - Double(x0)
                let top = Double(pixels[y0 * width + x0]) * (1 - fx) + Double(pixels[y0 * width + x1]) * fx
                let bottom = Double(pixels[y1 * width + x0]) * (1 - fx) + Double(pixels[y1 * width + x1]) * fx
                out[y * w + x] = UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}
