/// How an image file stores its pixels, as far as decoding it right depends on it: the EXIF
/// orientation, a JPEG's colour components and Adobe transform, a PNG's bits per sample. Read
/// from the file's metadata without decoding pixels (`ImageEncoding(of:)`); the SDL layer uses it
/// to turn, convert or round what SDL_image decodes, and `ImageHeader` to measure the displayed
/// size.
public struct ImageEncoding: Equatable, Sendable {
    /// How the stored pixels are turned for display (EXIF/TIFF Orientation); `.topLeft` when the
    /// file has none.
    public var orientation: ImageOrientation = .topLeft
    /// A JPEG's number of colour components (1 grey, 3 YCbCr/RGB, 4 CMYK or YCCK); nil for
    /// other formats.
    public var jpegComponents: Int?
    /// A JPEG's Adobe APP14 marker: nil when absent, else its transform (0 CMYK or RGB as
    /// stored, 1 YCbCr, 2 YCCK). Adobe applications store CMYK inverted (0 = full ink), and
    /// a 4-component JPEG with this marker is read as inverted (the libjpeg documentation's
    /// "Adobe-style CMYK"); one without it as plain CMYK.
    public var adobeTransform: Int?
    /// A PNG's bits per sample from IHDR (1, 2, 4, 8 or 16); nil for other formats.
    public var pngBitDepth: Int?
    /// A PNG's colour type from IHDR (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA); nil
    /// for other formats.
    public var pngColourType: Int?
    /// True for a PNG with a `tRNS` chunk before its pixels (a colour key, or a palette's
    /// alphas): SDL_image 2.6 and libpng give some such files other pixels (a grey key; a key
    /// before an RGB image's suggested palette).
    public var pngTransparencyChunk = false
    /// True when the file is a TIFF (libtiff applies part of the orientation itself; see
    /// `ImageOrientation.afterLibTIFF`).
    public var isTIFF = false
    /// True for an animated WebP (`VP8X` with its animation flag, 0x02), which SDL_image 2.6
    /// cannot decode.
    public var isAnimatedWebP = false

    /// True for a 4-component (CMYK or YCCK) JPEG.
    public var isCMYK: Bool { jpegComponents == 4 }
    /// True when the CMYK samples are stored inverted (an Adobe marker is present).
    public var invertedCMYK: Bool { adobeTransform != nil }

    /// Reads the encoding from a file's first bytes (the whole file for a WebP or TIFF whose
    /// metadata lies far in); unknown formats get the defaults.
    public init(of b: [UInt8]) {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            readPNG(b)
        } else if b.starts(with: [0xFF, 0xD8, 0xFF]) {
            readJPEG(b)
        } else if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            let chunks = WebPChunks(b)
            orientation = chunks.exif.flatMap { Self.exifOrientation(b, block: $0) } ?? .topLeft
            isAnimatedWebP = chunks.vp8x.map { !$0.isEmpty && b[$0.lowerBound] & 0x02 != 0 } ?? false
        } else if TIFFDirectory.isTIFF(b) {
            isTIFF = true
            orientation = TIFFDirectory(b)?.orientation ?? .topLeft
        }
    }

    /// Creates the defaults: upright, nothing special.
    public init() {}

    /// JPEG: the marker segments before the first scan: APP1 `Exif\0\0` (orientation), APP14
    /// `Adobe` (transform in its 12th byte), SOFn (the component count in its 6th byte).
    private mutating func readJPEG(_ b: [UInt8]) {
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            let body = i + 4
            let end = min(i + 2 + length, b.count)
            guard length >= 2 else { return }
            if marker == 0xE1, body + 6 <= end, b[body..<body + 6].elementsEqual(Array("Exif".utf8) + [0, 0]) {
                orientation = Self.exifOrientation(b, block: body + 6..<end) ?? orientation
            } else if marker == 0xEE, body + 12 <= end, b[body..<body + 5].elementsEqual(Array("Adobe".utf8)) {
                adobeTransform = Int(b[body + 11])
            } else if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), body + 6 <= end {
                jpegComponents = Int(b[body + 5])
            }
            i += 2 + length
        }
    }

    /// PNG: IHDR's bit depth (byte 24), then the chunks before the first IDAT for `eXIf` (PNG
    /// 3rd edition places it before the image data).
    private mutating func readPNG(_ b: [UInt8]) {
        if b.count > 24 { pngBitDepth = Int(b[24]) }
        if b.count > 25 { pngColourType = Int(b[25]) }
        var i = 8
        while i + 8 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let type = String(decoding: b[i + 4..<i + 8], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return }
            let end = i + 8 + length
            guard end <= b.count else { return }
            if type == "eXIf" { orientation = Self.exifOrientation(b, block: i + 8..<end) ?? orientation }
            if type == "tRNS" { pngTransparencyChunk = true }
            i = end + 4
        }
    }

    /// The orientation in the EXIF block `b[block]` (a TIFF structure, optionally after an
    /// `Exif\0\0` prefix as some WebP writers put one); nil when the block is unreadable.
    static func exifOrientation(_ b: [UInt8], block: Range<Int>) -> ImageOrientation? {
        var start = block.lowerBound
        if block.count >= 6, b[start..<start + 6].elementsEqual(Array("Exif".utf8) + [0, 0]) { start += 6 }
        return TIFFDirectory(Array(b[start..<block.upperBound]))?.orientation
    }
}

/// The chunks of a RIFF WebP file that measuring needs: `VP8X` (extended header), the image
/// chunk (`VP8 ` or `VP8L`) and `EXIF`, each as the range of its payload in the bytes.
struct WebPChunks {
    var vp8x: Range<Int>?
    var image: (fourCC: String, payload: Range<Int>)?
    var exif: Range<Int>?
    /// True when a chunk header declares more bytes than there are (a prefix, or a cut file).
    var cutShort = false

    /// Walks the chunks after `RIFF size WEBP`; chunk sizes are little-endian and odd payloads
    /// are followed by a pad byte (RIFF).
    init(_ b: [UInt8]) {
        var i = 12
        while i + 8 <= b.count {
            let fourCC = String(decoding: b[i..<i + 4], as: UTF8.self)
            let size = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            let payload = i + 8..<i + 8 + size
            guard payload.upperBound <= b.count else {
                cutShort = true
                if image == nil, fourCC == "VP8 " || fourCC == "VP8L" { image = (fourCC, payload.lowerBound..<b.count) }
                return
            }
            switch fourCC {
            case "VP8X": vp8x = payload
            case "VP8 ", "VP8L": if image == nil { image = (fourCC, payload) }
            case "EXIF": exif = payload
            default: break
            }
            i = payload.upperBound + size % 2
        }
    }
}
