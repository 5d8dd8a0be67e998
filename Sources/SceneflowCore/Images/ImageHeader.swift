import Foundation

/// The size an image file declares in its header, read from raw bytes without decoding.
///
/// Pure parsing: no SDL. Lives in Core so that the loader can check star images and the SDL
/// layer can check screenshots before decoding. Knows PNG (IHDR), JPEG (first SOFn marker), GIF
/// (the first decoded frame), BMP (info header), WebP (`VP8X`, `VP8 `, `VP8L`), TIFF (the first
/// directory) and QOI; everything else is `.unknown` (an Apple CgBI PNG included: SDL_image
/// cannot read it; `ForeignImageFormat` names it).
///
/// The size is the image **as displayed**: an EXIF orientation that turns it a quarter (5–8, a
/// portrait phone photo stored sideways) swaps width and height (`ImageEncoding`).
public enum ImageHeader: Equatable, Sendable {
    /// The format was recognised and declares `width` x `height` pixels.
    case size(format: String, width: Int, height: Int)
    /// The magic bytes match `format` but the header is cut short or malformed.
    case malformed(format: String)
    /// Not a format this parser knows (SDL_image may still know it).
    case unknown

    /// How many leading bytes of a file `parse` wants. JPEG's size can sit behind large
    /// EXIF/ICC segments, so this is generous; a JPEG whose SOF lies beyond it is `.unknown`.
    public static let prefixLength = 256 * 1024

    /// The most bytes of metadata an image file may carry beside its pixels (16 MiB): EXIF,
    /// ICC profiles and the like. A JPEG or GIF whose size is not within its first
    /// `metadataAllowance + prefixLength` bytes is not searched further, and a file larger
    /// than its declared pixels can take with this much metadata is refused (`ImageLimits`).
    public static let metadataAllowance = 16 << 20

    /// Reads the first `prefixLength` bytes of the file at `path` and parses them, and more
    /// when the answer may lie beyond them (`needsWholeFile`, up to `furthestRead`); nil when
    /// the file cannot be read (missing, a folder, no permission).
    public static func read(path: String) -> ImageHeader? {
        guard let data = try? RegularFile.prefix(path, count: prefixLength) else { return nil }  // never a FIFO
        let header = parse([UInt8](data))
        if header.needsWholeFile(prefixCount: data.count),
            let more = try? RegularFile.prefix(path, count: header.furthestRead)
        {
            return parse([UInt8](more))
        }
        return header
    }

    /// How far into the file the size is searched when it is not in the first `prefixLength`
    /// bytes: past `metadataAllowance` for a JPEG's SOF or a GIF's first frame, which follow
    /// only metadata (red-team 30 F5: a JPEG behind 300 MB of comments was read whole); the
    /// whole file for a TIFF or WebP, whose size may follow the pixels.
    public var furthestRead: Int {
        switch self {
        case .unknown, .malformed(format: "GIF"): Self.metadataAllowance + Self.prefixLength
        default: Int.max
        }
    }

    /// True when `self` was parsed from a full `prefixLength`-byte prefix (`prefixCount`
    /// bytes) and the size may lie further on: a JPEG whose SOF sits behind large metadata
    /// (`.unknown`), a GIF whose first frame sits behind large extensions, a TIFF whose first
    /// directory follows its pixels (as libtiff writes it), a WebP whose `EXIF` chunk follows its
    /// pixels (`.malformed`).
    public func needsWholeFile(prefixCount: Int) -> Bool {
        guard prefixCount >= Self.prefixLength else { return false }
        return self == .unknown
            || [.malformed(format: "GIF"), .malformed(format: "TIFF"), .malformed(format: "WebP")]
                .contains(self)
    }

    /// Parses the first bytes of a file: the size as displayed (see the type's notes).
    public static func parse(_ b: [UInt8]) -> ImageHeader {
        let header = storedSize(b)
        guard case .size = header else { return header }
        return displayed(header, ImageEncoding(of: b).orientation)
    }

    /// The size of the pixels as stored, before any EXIF orientation.
    private static func storedSize(_ b: [UInt8]) -> ImageHeader {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(b) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(b) }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return gif(b) }
        if b.starts(with: Array("BM".utf8)) && b.count >= 26 && le32(b, 14) >= 40 {
            let height = Int(Int32(bitPattern: UInt32(le32(b, 22))))
            return .size(format: "BMP", width: le32(b, 18), height: abs(height))
        }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            return webp(b)
        }
        if TIFFDirectory.isTIFF(b) { return tiff(b) }
        if b.starts(with: Array("qoif".utf8)) { return qoi(b) }
        return .unknown
    }

    /// PNG: signature, then the IHDR chunk (length 13) holding big-endian width and height. An
    /// Apple CgBI PNG (a `CgBI` chunk first) is `.unknown`: SDL_image cannot read it.
    private static func png(_ b: [UInt8]) -> ImageHeader {
        if b.count >= 16, Array(b[12..<16]) == Array("CgBI".utf8) { return .unknown }
        guard b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else {
            return .malformed(format: "PNG")
        }
        return .size(format: "PNG", width: be32(b, 16), height: be32(b, 20))
    }

    /// JPEG: walk the marker segments up to the first start-of-frame (SOF0…SOF15 except the
    /// DHT/JPG/DAC markers C4, C8, CC), whose payload holds height then width.
    private static func jpeg(_ b: [UInt8]) -> ImageHeader {
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return .malformed(format: "JPEG") }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }  // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                i += 2
                continue
            }
            let length = be16(b, i + 2)
            guard length >= 2 else { return .malformed(format: "JPEG") }
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { return .unknown }
                return .size(format: "JPEG", width: be16(b, i + 7), height: be16(b, i + 5))
            }
            if marker == 0xD9 || marker == 0xDA { return .malformed(format: "JPEG") }
            i += 2 + length
        }
        return .unknown  // SOF beyond the prefix: let the post-decode check catch it
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    /// The little-endian 16-bit number at `b[i]` (the caller checks the bounds).
    public static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    /// The little-endian 32-bit number at `b[i]` (the caller checks the bounds).
    public static func le32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
    }
}
