/// An image as straight (non-premultiplied) RGBA bytes, 4 bytes per pixel, rows top to bottom
/// with no padding. Sizes are in pixels.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row-major.
    public var pixels: [UInt8]

    /// Creates an image from its bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA buffer size does not match")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates a `width` x `height` px image whose bytes `initialize` writes, all
    /// `width * height * 4` of them, into uninitialised memory (no fill first: for pixels that
    /// are read back or copied in right away, a fill only costs time and page faults).
    /// Rethrows what `initialize` throws.
    public init(
        width: Int, height: Int, overwrittenBy initialize: (UnsafeMutableRawBufferPointer) throws -> Void
    ) rethrows {
        self.width = width
        self.height = height
        let count = width * height * 4
        self.pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            try initialize(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Creates an image filled with one colour.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = fill.0
            bytes[i + 1] = fill.1
            bytes[i + 2] = fill.2
            bytes[i + 3] = fill.3
        }
        self.pixels = bytes
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
