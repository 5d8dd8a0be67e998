import Foundation
import SceneflowCore

/// ImageMagick's `convert` for tests that compare Sceneflow's decoded pixels with an independent
/// decoder: it writes the test images (JPEG, TIFF, WebP, 16-bit PNG, CMYK) and reads them back as
/// raw samples. Tests skip, printing why, when it is missing (`Scripts/setup.sh` installs it).
enum Magick {
    /// `convert` on the PATH, or nil.
    static let convert: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        .split(separator: ":").map { "\($0)/convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The reason printed when a test skips for want of `convert`.
    static let missing = "skipped: ImageMagick's convert is not installed (Scripts/setup.sh installs imagemagick)"

    /// Runs `convert arguments…` and returns its standard output; throws when it fails.
    @discardableResult
    static func run(_ arguments: [String]) throws -> Data {
        guard let convert else { throw MagickError(message: missing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MagickError(
                message: "convert \(arguments.joined(separator: " ")): \(String(decoding: problem, as: UTF8.self))")
        }
        return data
    }

    /// The image at `path` as 8-bit RGBA, decoded by ImageMagick (`width` x `height` px).
    static func rgba(_ path: String, width: Int, height: Int, extra: [String] = []) throws -> RGBAImage {
        let data = try run([path] + extra + ["-depth", "8", "rgba:-"])
        return RGBAImage(width: width, height: height, pixels: [UInt8](data))
    }

    /// The image at `path` as 16-bit RGBA samples, decoded by ImageMagick.
    static func rgba16(_ path: String) throws -> [UInt16] {
        let data = [UInt8](try run([path, "-depth", "16", "-endian", "MSB", "rgba:-"]))
        return stride(from: 0, to: data.count - 1, by: 2).map { UInt16(data[$0]) << 8 | UInt16(data[$0 + 1]) }
    }
}

/// `convert` failed or is missing.
struct MagickError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Builds the metadata blocks phones and tools add to image files, following the EXIF (TIFF
/// structure), JPEG APP1, PNG `eXIf` and WebP `VP8X`/`EXIF` specifications.
enum ImageMetadata {
    /// An EXIF block (big-endian TIFF structure) whose IFD0 holds only Orientation (0x0112).
    static func exif(orientation: Int) -> [UInt8] {
        Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1]
            + [0, UInt8(orientation), 0, 0] + [0, 0, 0, 0]
    }

    /// `jpeg` with an APP1 `Exif` segment holding `orientation`, inserted after SOI.
    static func jpeg(_ jpeg: [UInt8], orientation: Int) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + exif(orientation: orientation)
        let segment = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
        return Array(jpeg.prefix(2)) + segment + jpeg.dropFirst(2)
    }

    /// `png` with an `eXIf` chunk holding `orientation`, inserted after IHDR (with its CRC).
    static func png(_ png: [UInt8], orientation: Int) -> [UInt8] {
        let body = exif(orientation: orientation)
        let type = Array("eXIf".utf8)
        let chunk = be32(UInt32(body.count)) + type + body + be32(crc32(type + body))
        return Array(png.prefix(33)) + chunk + png.dropFirst(33)
    }

    /// A lossless WebP (`RIFF`, `WEBP`, one `VP8L` chunk) rewrapped as an extended file with an
    /// `EXIF` chunk holding `orientation`: `VP8X` (EXIF flag, canvas size), `VP8L`, `EXIF`.
    static func webp(_ webp: [UInt8], width: Int, height: Int, orientation: Int) -> [UInt8] {
        let image = Array(webp.dropFirst(12))  // the VP8L chunk, as written
        let vp8x = Array("VP8X".utf8) + le32(10) + [0x08, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        let block = exif(orientation: orientation)
        let exifChunk = Array("EXIF".utf8) + le32(UInt32(block.count)) + block + (block.count % 2 == 1 ? [0] : [])
        let body = Array("WEBP".utf8) + vp8x + image + exifChunk
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    static func le32(_ v: UInt32) -> [UInt8] { be32(v).reversed() }
    static func le24(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255)] }

    /// The CRC-32 PNG chunks carry (ISO 3309, as zlib's `crc32`).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
}

/// The ImageMagick operation that turns an upright image into the stored image a camera writes
/// with EXIF orientation `n` (the inverse of the display transform `-auto-orient` applies).
func storedForOrientation(_ n: Int) -> [String] {
    [
        [], ["-flop"], ["-rotate", "180"], ["-flip"], ["-transpose"], ["-rotate", "270"], ["-transverse"],
        ["-rotate", "90"],
    ][
        n - 1]
}

/// The largest difference of any channel between two images of the same size; Int.max when
/// the sizes differ.
func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
    guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return Int.max }
    return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
}
