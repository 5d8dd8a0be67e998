import CZlib
import Foundation

/// A cheap whole-file check that a PNG, JPEG or GIF is complete, without decoding pixels: every
/// PNG chunk fits in the file, has a correct CRC and the file ends with `IEND`; a JPEG ends with
/// its end-of-image marker; a GIF with its trailer. This lets `sceneflow test` and `play` (which only read headers when
/// a prototype opens) reject truncated or damaged screenshots as `check` does.
enum ImageStructure {
    /// Why the file is incomplete or damaged, or nil when its structure is sound (or the format
    /// is not one this check knows).
    static func problem(_ bytes: [UInt8], format: String) -> String? {
        switch format {
        case "PNG": return pngProblem(bytes)
        case "JPEG":
            let end = bytes.lastIndex { $0 != 0 } ?? 0
            return end >= 1 && bytes[end - 1] == 0xFF && bytes[end] == 0xD9
                ? nil : "the JPEG data is cut short (no end-of-image marker)"
        case "GIF":
            // SDL_image draws a GIF cut inside its image data without an error (the rest is
            // garbage or empty); a whole GIF ends with its trailer byte `;` (0x3B).
            return bytes.last { $0 != 0 } == 0x3B ? nil : "the GIF data is cut short (no trailer)"
        default: return nil
        }
    }

    private static func pngProblem(_ b: [UInt8]) -> String? {
        var offset = 8
        var sawData = false
        while offset + 12 <= b.count {
            let length = Int(b[offset]) << 24 | Int(b[offset + 1]) << 16 | Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            let type = String(decoding: b[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 8 + length
            guard length >= 0, end + 4 <= b.count else {
                return
                    "the PNG is cut short: chunk \(type) needs \(length) bytes past byte \(offset + 8), the file has \(b.count)"
            }
            let stored = UInt32(b[end]) << 24 | UInt32(b[end + 1]) << 16 | UInt32(b[end + 2]) << 8 | UInt32(b[end + 3])
            if crc(b, from: offset + 4, to: end) != stored {
                return "the PNG is damaged: chunk \(type) has a wrong CRC"
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "the PNG has no image data (no IDAT chunk)" }
            offset = end + 4
        }
        return "the PNG is cut short: it ends without its IEND chunk"
    }

    /// The PNG CRC-32 of `bytes[from..<to]`, computed by zlib's `crc32` (the same CRC libpng
    /// checks with).
    private static func crc(_ bytes: [UInt8], from: Int, to: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { p in
            var c = crc32(0, nil, 0)
            var start = from
            // zlib takes the length as a 32-bit count: feed larger ranges in pieces.
            while start < to {
                let count = min(to - start, Int(UInt32.max))
                c = crc32(c, p.baseAddress! + start, UInt32(count))
                start += count
            }
            return UInt32(truncatingIfNeeded: c)
        }
    }
}
