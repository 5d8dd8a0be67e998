import Foundation

extension ImageHeader {
    /// GIF (87a and 89a): the size of the frame SDL_image decodes, found by walking the file's
    /// blocks the way SDL_image 2.6 `IMG_Load` does, so the limit checked before decoding is
    /// exactly the surface SDL_image then allocates.
    ///
    /// The walk: the 6-byte signature, the 7-byte logical screen descriptor, the global colour
    /// table when its flag is set (3 x 2^(n+1) bytes), then blocks: `!` (0x21) is an extension
    /// (a label byte, then data sub-blocks up to a 0-length one), `;` (0x3B) ends the file, `,`
    /// (0x2C) is an image descriptor (left, top, width, height, flags), followed by its local
    /// colour table when flagged, then the LZW minimum code size byte. Any other byte is skipped,
    /// as SDL_image does. The first frame at least 1 x 1 px whose code size is at most 12 bits
    /// is the one decoded: its width and height are returned, unless its code size is outside
    /// the 2 to 8 bits the GIF spec allows (SDL_image 2.6.3 crashes decoding code size 1), which
    /// is `.malformed`. A graphic control extension (label 0xF9) is read as SDL_image reads it:
    /// one sub-block of any length, then sub-blocks up to a 0-length one, so an empty first
    /// sub-block does not end it. A 0-sized frame or one with a
    /// bad code size is not decoded and SDL_image carries on reading bytes right after the code
    /// size byte (inside that frame's data); so does this walk, which is how a tiny GIF can hide
    /// a 65535 x 65535 px frame (found by fuzzing) that this still reports.
    ///
    /// The logical screen size is not the answer: SDL_image returns the first frame at its own
    /// size (a 100 x 50 px frame in a 300 x 200 px screen decodes as 100 x 50 px). In ordinary
    /// GIFs, ImageMagick's and PIL's, the first frame fills the logical screen.
    ///
    /// - Returns: `.size(format: "GIF", …)`, or `.malformed(format: "GIF")` when the bytes end
    ///   (or a `;` comes) before such a frame: a truncated GIF, or a prefix too short to reach it.
    static func gif(_ b: [UInt8]) -> ImageHeader {
        guard b.count >= 13 else { return .malformed(format: "GIF") }
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 * (2 << Int(b[10] & 0x07)) }  // global colour table
        while i < b.count {
            let introducer = b[i]
            i += 1
            switch introducer {
            case 0x3B:  // trailer
                return .malformed(format: "GIF")
            case 0x21:  // extension: label, then sub-blocks
                guard i < b.count else { return .malformed(format: "GIF") }
                var start = i + 1
                if b[i] == 0xF9 {  // SDL_image reads a graphic control block, then sub-blocks
                    guard start < b.count else { return .malformed(format: "GIF") }
                    start += 1 + Int(b[start])
                }
                guard let next = skipSubBlocks(b, from: start) else { return .malformed(format: "GIF") }
                i = next
            case 0x2C:
                guard i + 9 <= b.count else { return .malformed(format: "GIF") }
                let width = le16(b, i + 4)
                let height = le16(b, i + 6)
                let flags = b[i + 8]
                i += 9
                if flags & 0x80 != 0 { i += 3 * (2 << Int(flags & 0x07)) }  // local colour table
                guard i < b.count else { return .malformed(format: "GIF") }
                let codeSize = b[i]
                i += 1
                guard width > 0, height > 0, codeSize <= 12 else { continue }  // not decoded
                // The GIF spec allows code sizes 2 to 8; SDL_image 2.6 crashes on 1 (found by fuzzing).
                guard (2...8).contains(codeSize) else { return .malformed(format: "GIF") }
                return .size(format: "GIF", width: width, height: height)
            default:
                continue  // not a block start: SDL_image skips it
            }
        }
        return .malformed(format: "GIF")
    }

    /// The index just past the 0-length sub-block that ends the data sub-blocks starting at
    /// `start`; nil when the bytes run out first.
    private static func skipSubBlocks(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < b.count {
            let length = Int(b[i])
            if length == 0 { return i + 1 }
            i += 1 + length
        }
        return nil
    }
}
