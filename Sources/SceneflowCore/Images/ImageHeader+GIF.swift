import Foundation

extension ImageHeader {
    /// GIF (87a and 89a): the size of the frame Sceneflow decodes (the first one), found by
    /// walking the file's blocks the way giflib's `DGifGetRecordType` does, so the limit checked
    /// before decoding is exactly the frame giflib then decodes (`sf_gif_decode_rgba8`).
    ///
    /// The walk: the 6-byte signature, the 7-byte logical screen descriptor, the global colour
    /// table when its flag is set (3 x 2^(n+1) bytes), then blocks: `!` (0x21) is an extension (a
    /// label byte, then data sub-blocks up to a 0-length one; a graphic control extension is no
    /// different), `,` (0x2C) is an image descriptor (left, top, width, height, flags), followed
    /// by its local colour table when flagged, then the LZW minimum code size byte. The first
    /// descriptor is the frame: its width and height are returned (a 0 among them is refused by
    /// the size check), unless its code size is outside the 2 to 8 bits the GIF spec allows, which
    /// is `.malformed`. SDL_image 2.6.3, which decoded GIFs before, skipped stray bytes and passed
    /// over 0-sized frames and frames with code sizes over 12 bits, reading on inside their data;
    /// fuzzing found tiny GIFs hiding 65535 x 65535 px frames that way. giflib refuses all three.
    ///
    /// The logical screen size is not the answer: the first frame is decoded at its own size (a
    /// 100 x 50 px frame in a 300 x 200 px screen decodes as 100 x 50 px), as SDL_image did. In
    /// ordinary GIFs, ImageMagick's and PIL's, the first frame fills the logical screen.
    ///
    /// - Returns: `.size(format: "GIF", …)`, or `.malformed(format: "GIF")` when the bytes end (or
    ///   a `;` or any byte other than `!` and `,` comes) before a frame: a truncated or damaged GIF,
    ///   or a prefix too short to reach it.
    static func gif(_ b: [UInt8]) -> ImageHeader {
        guard let frame = gifFirstFrame(b) else { return .malformed(format: "GIF") }
        return .size(format: "GIF", width: frame.width, height: frame.height)
    }

    /// The first frame of a GIF, found by the walk `gif(_:)` describes: its size in pixels and
    /// the index of its LZW minimum code size byte (the image data's sub-blocks follow it);
    /// nil when the walk meets no well-formed frame.
    public static func gifFirstFrame(_ b: [UInt8]) -> (width: Int, height: Int, dataStart: Int)? {
        guard b.count >= 13 else { return nil }
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 * (2 << Int(b[10] & 0x07)) }  // global colour table
        while i < b.count {
            let introducer = b[i]
            i += 1
            switch introducer {
            case 0x21:  // extension: label, then sub-blocks
                guard i < b.count, let next = skipSubBlocks(b, from: i + 1) else { return nil }
                i = next
            case 0x2C:
                guard i + 9 <= b.count else { return nil }
                let width = le16(b, i + 4)
                let height = le16(b, i + 6)
                let flags = b[i + 8]
                i += 9
                if flags & 0x80 != 0 { i += 3 * (2 << Int(flags & 0x07)) }  // local colour table
                guard i < b.count, (2...8).contains(b[i]) else { return nil }
                return (width, height, i)
            default:  // the trailer `;` before any frame, or a byte giflib takes for no record
                return nil
            }
        }
        return nil
    }

    /// The bytes of LZW data in the first frame of a GIF: the sum of its image data's
    /// sub-block lengths (without their length bytes), counted up to the 0-length sub-block or
    /// the end of `b`; nil when `b` has no well-formed first frame.
    public static func gifFirstFrameDataBytes(_ b: [UInt8]) -> Int? {
        guard let frame = gifFirstFrame(b) else { return nil }
        var i = frame.dataStart + 1
        var total = 0
        while i < b.count {
            let length = Int(b[i])
            if length == 0 { break }
            total += length
            i += 1 + length
        }
        return total
    }

    /// The clear codes in the first frame's LZW data, read as giflib reads its codes
    /// (`DGifDecompressInput`: each code read moves the next free code on, until 4 095; past
    /// the current width's largest the width grows, up to 12 bits; a clear code starts again
    /// from the minimum code size + 1), counted up to `limit` + 1 and up to the end code; nil
    /// when `b` has no well-formed first frame. Each costs giflib a reset of its table: 16 MB
    /// of them took 14.6 s to decode (red-team 33 F5, 34 T3).
    public static func gifClearCodes(_ b: [UInt8], limit: Int) -> Int? {
        guard let frame = gifFirstFrame(b) else { return nil }
        let minimum = Int(b[frame.dataStart])
        let clear = 1 << minimum
        var width = minimum + 1
        var running = clear + 2
        var largest = 1 << width
        var clears = 0
        var bits = 0
        var held = 0
        var i = frame.dataStart + 1
        while i < b.count {
            let length = Int(b[i])
            if length == 0 { break }
            var at = i + 1
            let end = min(b.count, at + length)
            while at < end {
                held |= Int(b[at]) << bits
                bits += 8
                at += 1
                while bits >= width {
                    let code = held & (largest - 1)
                    held >>= width
                    bits -= width
                    if running < 4_097 {
                        running += 1
                        if running > largest && width < 12 {
                            largest <<= 1
                            width += 1
                        }
                    }
                    if code == clear {
                        clears += 1
                        if clears > limit { return clears }
                        (width, running, largest) = (minimum + 1, clear + 2, 1 << (minimum + 1))
                    } else if code == clear + 1 {
                        return clears
                    }
                }
            }
            i += 1 + length
        }
        return clears
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
