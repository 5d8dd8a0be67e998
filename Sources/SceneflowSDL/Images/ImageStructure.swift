import Foundation
import SceneflowCore

/// A whole-file check that a PNG, JPEG or GIF is complete, without decoding pixels: every
/// PNG chunk fits in the file, has a correct CRC, the file ends with `IEND` and its IDAT data
/// inflates to the bytes its size needs (`PNGPixelData`); a BMP holds its rows, a TIFF its
/// strips or tiles, a WebP the bytes its RIFF header declares, a QOI its end marker; a JPEG ends with
/// its end-of-image marker; a GIF with its trailer. This lets `sceneflow test` and `play` (which only read headers when
/// a prototype opens) reject truncated or damaged screenshots as `check` does.
enum ImageStructure {
    /// The most scans a JPEG may have (each start-of-scan marker is one more pass of the
    /// decoder over the whole image): 500, as libjpeg-turbo advises for untrusted files. A
    /// progressive JPEG of 1.5 MB with 100 000 tiny scans took `check` 48 s (red-team finding
    /// 9-R5); a real one has at most a dozen.
    static let maxJPEGScans = 500

    /// The most scans × pixels a JPEG may cost (2.5 billion pixel passes, about 2.5 s of
    /// decoding): a large image gets fewer scans than `maxJPEGScans`, 156 at 4000x4000 and 25
    /// at the largest 100-megapixel one, still twice what an encoder writes (libjpeg's
    /// progressive script has 10). Red-team 32 S1: 499 scans over 10000x10000 pixels, one
    /// under the flat limit, cost 50 s and 800 MB a decode in every command.
    static let maxJPEGScanPixels = 2_500_000_000

    /// The most scans a `width` x `height` px JPEG may have: `maxJPEGScanPixels` over its
    /// pixels, at least 25 and at most `maxJPEGScans`.
    static func maxJPEGScans(width: Int, height: Int) -> Int {
        let pixels = max(1, width) * max(1, height)
        return max(25, min(maxJPEGScans, maxJPEGScanPixels / pixels))
    }

    /// The start-of-scan markers of a JPEG, counted by walking its segments (the entropy-coded
    /// data after each scan header is skipped up to the next marker).
    static func jpegScanCount(_ bytes: [UInt8]) -> Int { jpegScanCount(bytes, in: 0..<bytes.count) }

    /// The start-of-scan markers of the JPEG stream at `range` of `bytes` (a JPEG-compressed
    /// TIFF tile or strip), counted as `jpegScanCount(_:)` does.
    static func jpegScanCount(_ bytes: [UInt8], in range: Range<Int>) -> Int {
        let end = min(range.upperBound, bytes.count)
        var scans = 0
        var index = range.lowerBound + 2  // after SOI
        while index + 3 < end {
            guard bytes[index] == 0xFF else { return scans }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1  // fill byte
                continue
            }
            if marker == 0xD9 { return scans }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            index += 2 + length
            guard marker == 0xDA else { continue }
            scans += 1
            // The entropy-coded data: up to a marker that is neither a stuffed 0 nor a restart.
            while index + 1 < end
                && !(bytes[index] == 0xFF && bytes[index + 1] != 0 && !(0xD0...0xD7).contains(bytes[index + 1]))
            {
                index += 1
            }
        }
        return scans
    }

    /// Why the file is incomplete or damaged, or nil when its structure is sound (or the format
    /// is not one this check knows). `width` and `height` (pixels) are those its header declares.
    /// Found once a process for the same bytes (`StructureMemo`).
    static func problem(_ bytes: [UInt8], format: String, width: Int, height: Int) -> ImageProblem? {
        StructureMemo.problem(bytes, format: format, width: width, height: height) {
            findProblem(bytes, format: format, width: width, height: height)
        }
    }

    /// `problem`, found now.
    private static func findProblem(_ bytes: [UInt8], format: String, width: Int, height: Int) -> ImageProblem? {
        switch format {
        case "PNG": return pngProblem(bytes)
        case "JPEG":
            let end = bytes.lastIndex { $0 != 0 } ?? 0
            guard end >= 1 && bytes[end - 1] == 0xFF && bytes[end] == 0xD9 else {
                return "the JPEG data is cut short (no end-of-image marker)"
            }
            let scans = jpegScanCount(bytes)
            let most = maxJPEGScans(width: width, height: height)
            if scans > most {
                return
                    .costly(
                        "the JPEG has \(scans) scans, more than the \(most) a \(width)x\(height) px JPEG may have here (a photo or screenshot has at most a dozen; each costs a pass over the whole image)"
                    )
            }
            return arithmeticJPEGProblem(bytes, scans: scans, width: width, height: height)
        case "BMP": return bmpProblem(bytes)
        case "TIFF": return tiffProblem(bytes, width: width, height: height)
        case "WebP":
            // RIFF: the size after the first 8 bytes; SDL_image refuses a file shorter than that.
            guard bytes.count >= 12 else { return "the WebP is cut short" }
            let declared = ImageHeader.le32(bytes, 4) + 8
            return bytes.count < declared
                ? "the WebP is cut short: its RIFF header declares \(declared) bytes, the file has \(bytes.count)" : nil
        case "QOI":
            // The QOI specification's end marker: seven 0x00 bytes and one 0x01.
            return bytes.count >= 22 && bytes.suffix(8).elementsEqual([0, 0, 0, 0, 0, 0, 0, 1])
                ? nil : "the QOI data is cut short (no end marker)"
        case "GIF":
            // SDL_image draws a GIF cut inside its image data without an error (the rest is
            // garbage or empty); a whole GIF ends with its trailer byte `;` (0x3B).
            guard bytes.last(where: { $0 != 0 }) == 0x3B else { return "the GIF data is cut short (no trailer)" }
            return gifProblem(bytes, width: width, height: height)
        default: return nil
        }
    }

    /// The most bytes of LZW data the first frame of a `width` x `height` px GIF may have: two
    /// a pixel and 64 KiB. An encoder's worst case is one 12-bit code a pixel (1.5 bytes); an
    /// "uncompressed" GIF, one 9-bit code a pixel with a clear code every 254, takes 1.13.
    /// giflib spends about 0.5 µs on each clear code: a 100x100 px GIF of 16 MB of clear codes
    /// cost `check` 14.6 s (red-team 33 F5), within the file size cap that grows with the size.
    static func maxGIFDataBytes(width: Int, height: Int) -> Int {
        2 * max(1, width) * max(1, height) + (64 << 10)
    }

    /// Refuses a GIF whose first frame (the one decoded) has more LZW data than
    /// `maxGIFDataBytes` allows.
    private static func gifProblem(_ b: [UInt8], width: Int, height: Int) -> ImageProblem? {
        guard let data = ImageHeader.gifFirstFrameDataBytes(b) else { return nil }  // the header check refuses it
        let most = maxGIFDataBytes(width: width, height: height)
        if data > most {
            return
                .costly(
                    "the GIF's first frame has \(data) bytes of LZW data, more than the \(most) a \(width)x\(height) px frame may need (two bytes a pixel and 64 KiB; the rest can only be codes that draw nothing, each costing the decoder time)"
                )
        }
        let clears = maxGIFClearCodes(width: width, height: height)
        guard let found = ImageHeader.gifClearCodes(b, limit: clears), found > clears else { return nil }
        return
            .costly(
                "the GIF's first frame has more than \(clears) clear codes, the most a \(width)x\(height) px frame may have (one a 128 pixels and 4 096; an encoder writes one when its table is full, every 254 codes at most): each costs the decoder a reset"
            )
    }

    /// The most clear codes the first frame of a `width` x `height` px GIF may have: one a 128
    /// pixels and 4 096. An encoder writes one when its table of 4 096 codes is full, an
    /// "uncompressed" GIF one every 254 codes; giflib resets its table for each, and 18 MB of
    /// them, under the bytes a 3000x3000 px frame may have, cost `check` 20-25 s (red-team 34 T3).
    static func maxGIFClearCodes(width: Int, height: Int) -> Int { max(1, width) * max(1, height) / 128 + 4_096 }

    /// An uncompressed BMP (BI_RGB or BI_BITFIELDS) must hold every row of its pixels after
    /// the pixel-data offset (rows padded to 4 bytes); a compressed one must at least reach
    /// its pixel data. SDL's BMP reader fails on a short file only part way.
    private static func bmpProblem(_ b: [UInt8]) -> ImageProblem? {
        guard b.count >= 34 else { return "the BMP is cut short inside its header" }
        let offset = ImageHeader.le32(b, 10)
        let width = ImageHeader.le32(b, 18)
        let height = abs(Int(Int32(bitPattern: UInt32(ImageHeader.le32(b, 22)))))
        let bitsPerPixel = ImageHeader.le16(b, 28)
        let compression = ImageHeader.le32(b, 30)
        guard offset < b.count else {
            return "the BMP is cut short: its pixels start at byte \(offset), the file has \(b.count)"
        }
        guard [0, 3, 6].contains(compression), bitsPerPixel > 0 else { return nil }
        let rowBytes: Int = (width * bitsPerPixel + 31) / 32 * 4
        let needed: Int = offset + rowBytes * height
        return b.count < needed ? "the BMP is cut short: its pixels need \(needed) bytes, the file has \(b.count)" : nil
    }

}
