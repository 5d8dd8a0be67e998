import Foundation
import SceneflowCore
import Testing

/// `ImageHeader` measures images as phones, editors and tools write them (issue 14.3): the EXIF
/// orientation swaps the sides it measures (all eight values, in JPEG, PNG `eXIf`, WebP and TIFF,
/// big- and little-endian), and WebP, TIFF and QOI headers are measured. Bytes are built here by
/// hand, following the format specifications, so every case is exact.
@Suite struct ImageHeaderWorldFilesTests {
    /// A TIFF structure (`II`/`MM`, 42, IFD0) with the given tags (SHORT or LONG values).
    static func tiff(bigEndian: Bool, tags: [(tag: UInt16, value: UInt32, long: Bool)]) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
            return bigEndian ? b : b.reversed()
        }
        var out: [UInt8] = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8)
        out += u16(UInt16(tags.count))
        for t in tags.sorted(by: { $0.tag < $1.tag }) {
            // A SHORT value sits left-justified in the 4-byte value field.
            out += u16(t.tag) + u16(t.long ? 4 : 3) + u32(1) + (t.long ? u32(t.value) : u16(UInt16(t.value)) + [0, 0])
        }
        return out + u32(0)
    }

    /// The EXIF block of an orientation: a TIFF structure with tag 0x0112.
    static func exif(_ orientation: UInt32, bigEndian: Bool = true) -> [UInt8] {
        tiff(bigEndian: bigEndian, tags: [(0x0112, orientation, false)])
    }

    /// A JPEG header: SOI, an APP1 `Exif` segment when `exif` is given, then SOF0 declaring
    /// `width` x `height` and `components`.
    static func jpeg(width: Int, height: Int, exif: [UInt8]?, components: UInt8 = 3) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        if let exif {
            let payload = Array("Exif".utf8) + [0, 0] + exif
            out += [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
        }
        let sof: [UInt8] =
            [8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), components]
            + (0..<components).flatMap { [$0 + 1, 0x11, 0] }
        out += [0xFF, 0xC0, 0, UInt8(sof.count + 2)] + sof
        return out + [0xFF, 0xD9]
    }

    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    static func le32(_ v: Int) -> [UInt8] { be32(v).reversed() }
    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255)] }

    /// A PNG header (signature, IHDR of `width` x `height`), then an `eXIf` chunk when given.
    /// CRCs are zero: only the header parser reads these bytes.
    static func png(width: Int, height: Int, exif: [UInt8]?) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        if let exif { out += be32(exif.count) + Array("eXIf".utf8) + exif + [0, 0, 0, 0] }
        return out + be32(0) + Array("IDAT".utf8) + [0, 0, 0, 0]
    }

    /// A RIFF/WebP file from chunks (`fourCC`, payload); odd payloads get their pad byte.
    static func webp(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8)
        for (fourCC, payload) in chunks {
            body += Array(fourCC.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// Lossy (`VP8 `): a key frame tag, the start code, then 14-bit width and height.
    static func vp8(width: Int, height: Int) -> [UInt8] {
        [
            0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A, UInt8(width & 255), UInt8(width >> 8), UInt8(height & 255),
            UInt8(height >> 8),
        ] + [UInt8](repeating: 0, count: 10)
    }

    /// Lossless (`VP8L`): the signature byte, then width-1 and height-1 in 14 bits each.
    static func vp8l(width: Int, height: Int) -> [UInt8] {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14
        return [0x2F, UInt8(bits & 255), UInt8(bits >> 8 & 255), UInt8(bits >> 16 & 255), UInt8(bits >> 24 & 255)]
            + [0, 0, 0]
    }

    /// Extended (`VP8X`): flags (EXIF = 0x08), then canvas width-1 and height-1 in 24 bits.
    static func vp8x(width: Int, height: Int, exif: Bool) -> [UInt8] {
        [exif ? 0x08 : 0, 0, 0, 0] + le24(width - 1) + le24(height - 1)
    }

    // MARK: EXIF orientation

    @Test(arguments: 1...8)
    func jpegSidesFollowTheEXIFOrientation(_ orientation: Int) {
        let turned = orientation >= 5
        for bigEndian in [true, false] {
            let bytes = Self.jpeg(width: 1920, height: 1080, exif: Self.exif(UInt32(orientation), bigEndian: bigEndian))
            #expect(
                ImageHeader.parse(bytes)
                    == .size(format: "JPEG", width: turned ? 1080 : 1920, height: turned ? 1920 : 1080),
                "orientation \(orientation), \(bigEndian ? "big" : "little")-endian")
        }
    }

    @Test(arguments: 1...8)
    func pngAndWebPAndTIFFSidesFollowTheirEXIFOrientation(_ orientation: Int) {
        let (w, h) = orientation >= 5 ? (60, 100) : (100, 60)
        let png = Self.png(width: 100, height: 60, exif: Self.exif(UInt32(orientation), bigEndian: false))
        #expect(ImageHeader.parse(png) == .size(format: "PNG", width: w, height: h))
        let webp = Self.webp([
            ("VP8X", Self.vp8x(width: 100, height: 60, exif: true)), ("VP8 ", Self.vp8(width: 100, height: 60)),
            ("EXIF", Self.exif(UInt32(orientation))),
        ])
        #expect(ImageHeader.parse(webp) == .size(format: "WebP", width: w, height: h))
        let tiff = Self.tiff(
            bigEndian: orientation % 2 == 0,
            tags: [(256, 100, orientation > 4), (257, 60, false), (274, UInt32(orientation), false)])
        #expect(ImageHeader.parse(tiff) == .size(format: "TIFF", width: w, height: h))
    }

    @Test func anEXIFBlockThatIsCutShortOrOutOfRangeLeavesTheSidesAlone() {
        let six = Self.exif(6)
        for exif in [Array(six.prefix(12)), Self.exif(0), Self.exif(9), Self.exif(65535), [UInt8]("XX".utf8)] {
            #expect(
                ImageHeader.parse(Self.jpeg(width: 40, height: 30, exif: exif))
                    == .size(format: "JPEG", width: 40, height: 30), "\(exif)")
        }
        // An IFD offset pointing far past the block, and a tag count larger than the block.
        var far = six
        far[7] = 200
        var many = six
        many[9] = 0xFF
        for exif in [far, many] {
            #expect(
                ImageHeader.parse(Self.jpeg(width: 40, height: 30, exif: exif))
                    == .size(format: "JPEG", width: 40, height: 30))
        }
    }

    // MARK: formats SDL_image reads

    @Test func webPHeadersOfEveryKindAreMeasured() {
        #expect(
            ImageHeader.parse(Self.webp([("VP8 ", Self.vp8(width: 1080, height: 2400))]))
                == .size(format: "WebP", width: 1080, height: 2400))
        #expect(
            ImageHeader.parse(Self.webp([("VP8L", Self.vp8l(width: 1170, height: 2532))]))
                == .size(format: "WebP", width: 1170, height: 2532))
        #expect(
            ImageHeader.parse(Self.webp([("VP8X", Self.vp8x(width: 16384, height: 3, exif: false))]))
                == .size(format: "WebP", width: 16384, height: 3))
        // A RIFF that is not a WebP, and a WebP cut inside its first chunk.
        #expect(ImageHeader.parse(Array("RIFF".utf8) + Self.le32(4) + Array("WAVE".utf8)) == .unknown)
        #expect(
            ImageHeader.parse(Array(Self.webp([("VP8 ", Self.vp8(width: 9, height: 9))]).prefix(22)))
                == .malformed(format: "WebP"))
    }

    @Test func tiffHeadersAreMeasuredFromTheFirstDirectory() {
        for bigEndian in [true, false] {
            let bytes = Self.tiff(bigEndian: bigEndian, tags: [(256, 70000, true), (257, 3, false)])
            #expect(ImageHeader.parse(bytes) == .size(format: "TIFF", width: 70000, height: 3))
        }
        let noHeight = Self.tiff(bigEndian: false, tags: [(256, 10, false)])
        #expect(ImageHeader.parse(noHeight) == .malformed(format: "TIFF"))
        #expect(ImageHeader.parse(Array(noHeight.prefix(9))) == .malformed(format: "TIFF"))
    }

    @Test func qoiHeadersAreMeasured() {
        let bytes = Array("qoif".utf8) + Self.be32(1179) + Self.be32(2556) + [4, 0]
        #expect(ImageHeader.parse(bytes) == .size(format: "QOI", width: 1179, height: 2556))
        #expect(ImageHeader.parse(Array(bytes.prefix(10))) == .malformed(format: "QOI"))
    }
}
