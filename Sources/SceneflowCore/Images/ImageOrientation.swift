/// How the stored pixels of an image are turned for display: the EXIF/TIFF Orientation tag
/// (0x0112), which phone cameras write instead of turning the pixels.
///
/// The raw value names where the stored image's first row and first column go, as in TIFF 6.0:
/// 1 top-left (as stored), 2 top-right (mirrored left to right), 3 bottom-right (turned 180°),
/// 4 bottom-left (mirrored top to bottom), 5 left-top (transposed), 6 right-top (turned 90°
/// clockwise to display, a portrait phone photo), 7 right-bottom (transversed), 8 left-bottom
/// (turned 90° counter-clockwise). 5 to 8 swap width and height. Browsers, ImageMagick's
/// `-auto-orient` and image viewers display images this way.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    case topLeft = 1
    case topRight, bottomRight, bottomLeft, leftTop, rightTop, rightBottom, leftBottom

    /// The orientation of a tag value; nil for values outside 1...8 (treated as 1 by readers).
    public init?(tag: Int) {
        self.init(rawValue: tag)
    }

    /// True when the displayed image is the stored one with width and height swapped (5 to 8).
    public var swapsSides: Bool { rawValue >= 5 }

    /// The displayed size (pixels) of an image stored `width` x `height` px.
    public func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsSides ? (height, width) : (width, height)
    }

    /// The stored pixel shown at display position (`x`, `y`), for a stored image of `width` x
    /// `height` px.
    func storedPosition(x: Int, y: Int, width w: Int, height h: Int) -> (x: Int, y: Int) {
        switch self {
        case .topLeft: return (x, y)
        case .topRight: return (w - 1 - x, y)
        case .bottomRight: return (w - 1 - x, h - 1 - y)
        case .bottomLeft: return (x, h - 1 - y)
        case .leftTop: return (y, x)
        case .rightTop: return (y, h - 1 - x)
        case .rightBottom: return (w - 1 - y, h - 1 - x)
        case .leftBottom: return (w - 1 - y, x)
        }
    }

    /// `image` (as stored) turned for display: a new image of `displaySize`; `image` itself for
    /// `.topLeft`.
    public func upright(_ image: RGBAImage) -> RGBAImage {
        if self == .topLeft { return image }
        let (w, h) = displaySize(width: image.width, height: image.height)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        let s = storedPosition(x: x, y: y, width: image.width, height: image.height)
                        let from = (s.y * image.width + s.x) * 4
                        let to = (y * w + x) * 4
                        dst[to] = src[from]
                        dst[to + 1] = src[from + 1]
                        dst[to + 2] = src[from + 2]
                        dst[to + 3] = src[from + 3]
                    }
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// What is left to do for a TIFF after libtiff's `TIFFReadRGBAImageOriented` (which
    /// SDL_image uses) read it: libtiff applies the mirrorings of orientations 1 to 4 but reads
    /// 5 to 8 as if they were 1 to 4 (it mirrors, never transposes), so 5 and 7 are left
    /// transposed and 6 and 8 transversed (derived from libtiff 4.5's `setorientation` and checked
    /// against ImageMagick for all eight in the tests).
    public var afterLibTIFF: ImageOrientation {
        switch self {
        case .topLeft, .topRight, .bottomRight, .bottomLeft: return .topLeft
        case .leftTop, .rightBottom: return .leftTop
        case .rightTop, .leftBottom: return .rightBottom
        }
    }
}
