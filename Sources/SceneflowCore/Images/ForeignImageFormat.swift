/// A file format Sceneflow recognises but does not read as a screenshot, named from the file's
/// first bytes (never from its file name), so a refusal can say what the file is: "is a HEIF
/// image (HEIC, as iPhones save photos)", "is an Apple CgBI PNG (from an app bundle)".
public struct ForeignImageFormat: Equatable, Sendable {
    /// What the file is, with its article: `a Photoshop document (PSD)`.
    public let name: String
    /// What to do about it, starting with `; `.
    public let advice: String

    /// The formats Sceneflow reads (see `ImageHeader`), for messages.
    public static let readable = "PNG, JPEG, GIF, BMP, WebP, TIFF and QOI"

    /// The advice for a file to convert.
    public static let convert = "; Sceneflow reads \(readable) screenshots: export or convert it to PNG"

    /// A format with the usual advice.
    public init(name: String, advice: String = ForeignImageFormat.convert) {
        self.name = name
        self.advice = advice
    }

    /// Names the format of a file from its first bytes; nil when they match none known here
    /// (formats Sceneflow reads included). Signatures: the formats' specifications (ISO BMFF
    /// `ftyp` brands for HEIF, AVIF and JPEG XL containers; `8BPS` Photoshop; `gimp xcf`;
    /// `%PDF`; ICO/CUR directories; PCX, Netpbm, XPM, IFF ILBM headers; SVG text) and, for
    /// CgBI, the chunk Apple's pngcrush puts before IHDR.
    public static func identify(_ b: [UInt8]) -> ForeignImageFormat? {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            b.count >= offset + text.utf8.count && b[offset..<offset + text.utf8.count].elementsEqual(Array(text.utf8))
        }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), starts("CgBI", at: 12) {
            return ForeignImageFormat(
                name: "an Apple CgBI PNG (from an app bundle)",
                advice:
                    "; re-encode it with Xcode's pngcrush (xcrun pngcrush -revert-iphone-optimizations in.png out.png) or take the screenshot again; other tools cannot read it"
            )
        }
        if starts("ftyp", at: 4) { return isoMedia(b) }
        if b.starts(with: [0xFF, 0x0A]) || starts("JXL ", at: 4) { return ForeignImageFormat(name: "a JPEG XL image") }
        if starts("jP  ", at: 4) || b.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            return ForeignImageFormat(name: "a JPEG 2000 image")
        }
        if starts("8BPS") { return ForeignImageFormat(name: "a Photoshop document (PSD)") }
        if starts("gimp xcf") { return ForeignImageFormat(name: "a GIMP image (XCF)") }
        if starts("%PDF") { return ForeignImageFormat(name: "a PDF document") }
        if b.count >= 6, b[0] == 0, b[1] == 0, b[2] == 1 || b[2] == 2, b[3] == 0, b[4] | b[5] != 0 {
            return ForeignImageFormat(name: b[2] == 1 ? "a Windows icon (ICO)" : "a Windows cursor (CUR)")
        }
        if b.count >= 4, b[0] == 0x0A, [0, 2, 3, 4, 5].contains(b[1]), b[2] == 1 {
            return ForeignImageFormat(name: "a PCX image")
        }
        if starts("P7 332") { return ForeignImageFormat(name: "an XV thumbnail") }
        if b.count >= 3, b[0] == 0x50, (0x31...0x37).contains(b[1]), [0x09, 0x0A, 0x0D, 0x20].contains(b[2]) {
            return ForeignImageFormat(name: "a Netpbm image (PBM, PGM or PPM)")
        }
        if starts("/* XPM */") { return ForeignImageFormat(name: "an XPM image") }
        if starts("FORM"), starts("ILBM", at: 8) || starts("PBM ", at: 8) {
            return ForeignImageFormat(name: "an IFF ILBM image")
        }
        if isSVG(b) { return ForeignImageFormat(name: "an SVG drawing") }
        return nil
    }

    /// An ISO base media file (`ftyp` box): HEIF, AVIF, JPEG XL, or a video, by its brands.
    private static func isoMedia(_ b: [UInt8]) -> ForeignImageFormat {
        let size = b.count >= 4 ? Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3]) : 0
        let end = min(max(size, 12), b.count)
        let brands = stride(from: 8, to: end - 3, by: 4).map { String(decoding: b[$0..<$0 + 4], as: UTF8.self) }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return ForeignImageFormat(name: "an AVIF image") }
        if brands.contains(where: { ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains($0) }) {
            return ForeignImageFormat(name: "a HEIF image (HEIC, as iPhones save photos)")
        }
        if brands.contains("jxl ") { return ForeignImageFormat(name: "a JPEG XL image") }
        return ForeignImageFormat(
            name: "a video (MP4 or QuickTime)", advice: "; use a still screenshot (PNG or JPEG) of each screen")
    }

    /// SVG: text that opens with `<svg`, or with an XML declaration, a doctype or a comment and
    /// has `<svg` in its first kilobyte.
    private static func isSVG(_ b: [UInt8]) -> Bool {
        let head = String(decoding: b.prefix(1024), as: UTF8.self)
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        let prologue = ["<?xml", "<!DOCTYPE svg", "<!--"].contains { trimmed.hasPrefix($0) }
        return trimmed.hasPrefix("<svg") || (prologue && head.contains("<svg"))
    }
}
