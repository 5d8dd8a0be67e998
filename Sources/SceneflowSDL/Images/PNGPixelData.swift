import CZlib

/// Checks that a PNG's compressed pixel data (its IDAT chunks, one zlib stream) inflates to at
/// least as many bytes as its IHDR asks for, without keeping them: libpng reports "Not enough
/// image data" only while decoding, so a file with every chunk and CRC right but a short
/// stream passed the structure check that `test`, `inspect` and `graph` make and was refused
/// only by `check`; and at most a little more, as a stream that inflates far past the image
/// is a decompression bomb. Inflating costs about half of a full decode (no filtering, no
/// conversion).
enum PNGPixelData {
    /// The IHDR fields that fix the pixel data's size (PNG specification §11.2.2).
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool

        /// The header in an IHDR chunk's 13 data bytes starting at `bytes[at]`; nil when too short.
        init?(_ bytes: [UInt8], at: Int) {
            guard at + 13 <= bytes.count else { return nil }
            func be32(_ i: Int) -> Int {
                Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            }
            width = be32(at)
            height = be32(at + 4)
            bitDepth = Int(bytes[at + 8])
            colorType = Int(bytes[at + 9])
            interlaced = bytes[at + 12] == 1
        }

        /// The rows of pixel data: the image's height, or the rows of the seven Adam7 passes.
        var rows: Int { interlaced ? Self.adam7.reduce(0) { $0 + passSize($1).h } : height }

        /// The Adam7 passes' first column and row and their steps (PNG specification §8.2).
        static let adam7 = [
            (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
        ]

        /// A pass's width and height in pixels (0 when the image is too small to reach it).
        func passSize(_ pass: (Int, Int, Int, Int)) -> (w: Int, h: Int) {
            let (x0, y0, dx, dy) = pass
            let w = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let h = height > y0 ? (height - y0 + dy - 1) / dy : 0
            return w == 0 ? (0, 0) : (w, h)
        }

        /// Samples per pixel for the colour type (grey, RGB, palette, grey + alpha, RGBA).
        var channels: Int? { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] }

        /// The bytes the inflated stream must hold: for each row of each pass (one pass, or
        /// the seven of Adam7 interlacing), one filter byte and the row's packed samples. Nil
        /// for an unknown colour type or bit depth (libpng refuses those itself).
        var expectedBytes: Int? {
            guard let channels, [1, 2, 4, 8, 16].contains(bitDepth), width > 0, height > 0 else { return nil }
            let bitsPerPixel = channels * bitDepth
            func bytes(_ w: Int, _ h: Int) -> Int { w == 0 || h == 0 ? 0 : h * (1 + (w * bitsPerPixel + 7) / 8) }
            guard interlaced else { return bytes(width, height) }
            return Self.adam7.reduce(0) { total, pass in
                let (w, h) = passSize(pass)
                return total + bytes(w, h)
            }
        }
    }

    /// The most deflate blocks the pixel data may be cut into: 4 096, one per 128 bytes of the
    /// image (zlib at its smallest memory level ends a block every 128 symbols: red-team 36 Z1)
    /// but at most 250 000 of those, and two per row (a streaming encoder's flush after each
    /// row). Each block can cost every decode a fresh set of Huffman tables, about 7 µs: 16.5 MB
    /// of empty ones in a 4000x4000 px PNG cost `check` 21 s (red-team 34 P1, residual), and
    /// the cap holds a decode's share to about 2 s.
    static func maxBlocks(expected: Int, rows: Int) -> Int { 4096 + min(expected / 128, 250_000) + 2 * rows }

    /// The most bytes the pixel data may inflate to past what IHDR asks for: 1 MiB, or a
    /// sixteenth of the image's size when that is more. libpng only warns ("Too much image
    /// data") and inflates all of it on every decode: a 3 MB file carrying 3 GiB of it cost
    /// `render` 7 s and failed every `expect.screenshot` by the watchdog (red-team 10 R4).
    static func allowedExtra(expected: Int) -> Int { max(1 << 20, expected / 16) }

    /// The fewest bytes a stored deflate block holds to be left out of the block count.
    static let minFreeStoredBlock = 64

    /// The length in bytes of the deflate block that `stream` (stopped at a block boundary by
    /// `Z_BLOCK`) begins next when it is a stored one, else nil. Its 3 header bits (RFC 1951
    /// §3.2.3: BFINAL, then BTYPE 00 for stored) are the unused high bits of the last byte
    /// inflate took (`data_type`'s low 3 bits count them) and then the next input byte; a
    /// stored block's LEN (2 bytes, least significant first) starts at the byte boundary after
    /// them. Nil too when they are not all in the chunk at hand (the block then counts, as any
    /// other).
    static func storedBlockLength(_ stream: z_stream, chunkStart: UnsafePointer<UInt8>) -> Int? {
        guard stream.data_type & 64 == 0, let next = stream.next_in else { return nil }
        let unused = Int(stream.data_type & 7)
        let available = Int(stream.avail_in)
        var bits: UInt32 = 0
        if unused > 0 {
            guard UnsafePointer(next) > chunkStart else { return nil }
            bits = UInt32(next[-1]) >> UInt32(8 - unused)
        }
        if unused < 3 {
            guard available > 0 else { return nil }
            bits |= UInt32(next[0]) << UInt32(unused)
        }
        guard (bits >> 1) & 3 == 0 else { return nil }
        let length = unused >= 3 ? 0 : 1
        guard available >= length + 2 else { return nil }
        return Int(next[length]) | Int(next[length + 1]) << 8
    }

    /// Why the IDAT data in `ranges` of `bytes` cannot give the pixels `header` declares, or nil
    /// when it inflates to at least that many bytes and not more than `allowedExtra` past them.
    /// Inflating stops at that bound, so the check costs no more than a decode of the image.
    static func problem(_ bytes: [UInt8], idat ranges: [Range<Int>], header: Header) -> ImageProblem? {
        guard let expected = header.expectedBytes else { return nil }
        let bound = expected + allowedExtra(expected: expected)
        // The compressed data itself: deflate never needs more than its output and a few bytes
        // a block, and every byte of it is work for each decode (red-team 34 P1: 24 MB of empty
        // deflate blocks in a 1000x1000 px PNG cost `check` 14-20 s, inflating to nothing).
        let compressed = ranges.reduce(0) { $0 + $1.count }
        if compressed > bound {
            return
                .costly(
                    "the PNG's compressed pixel data is \(compressed) bytes, more than the \(bound) its size (\(header.width)x\(header.height) px) can need uncompressed: padding inside the compressed stream (empty blocks?) costs seconds in every decode"
                )
        }
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        var produced = 0
        var blocks = 0
        let mostBlocks = maxBlocks(expected: expected, rows: header.rows)
        var status = Z_OK
        bytes.withUnsafeBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { out in
                var pending = ranges[...]
                // Feed the chunks one after another; once they are used up, call on with no
                // input so that output zlib still holds comes out (status then Z_BUF_ERROR).
                var chunkStart = input.baseAddress!
                while produced <= bound && blocks <= mostBlocks && status == Z_OK {
                    if stream.avail_in == 0, let range = pending.popFirst() {
                        chunkStart = input.baseAddress! + range.lowerBound
                        stream.next_in = UnsafeMutablePointer(mutating: chunkStart)
                        stream.avail_in = UInt32(range.count)
                    }
                    stream.next_out = out.baseAddress!
                    stream.avail_out = UInt32(out.count)
                    // Z_BLOCK returns at each block's end (data_type's bit 128): they are counted,
                    // but for stored ones of 64 bytes or more, which build no Huffman tables and
                    // cost a decode what their bytes do (red-team 37 Z2: zlib stores
                    // incompressible pixels in a block per 127 bytes at memLevel 1; red-team 38
                    // P1: 60 million empty ones cost `check` 14-20 s).
                    status = inflate(&stream, Z_BLOCK)
                    if stream.data_type & 128 != 0,
                        (storedBlockLength(stream, chunkStart: chunkStart) ?? 0) < minFreeStoredBlock
                    {
                        blocks += 1
                    }
                    produced += out.count - Int(stream.avail_out)
                    if status == Z_BUF_ERROR && !pending.isEmpty { status = Z_OK }  // an empty chunk
                }
            }
        }
        if blocks > mostBlocks {
            return
                .costly(
                    "the PNG's compressed pixel data is cut into more than \(mostBlocks) compressed deflate blocks (the most allowed for its size: 4 096, one per 128 bytes of pixels up to 250 000, and two a row): each can cost every decode a new set of Huffman tables; save it again with a standard encoder (padding with empty blocks?)"
                )
        }
        if produced > bound {
            return
                .costly(
                    "the PNG's pixel data inflates to more than its size (\(header.width)x\(header.height) px) needs: over \(produced - expected) bytes more than its \(expected) (a decompression bomb?)"
                )
        }
        if produced >= expected { return nil }
        if status != Z_STREAM_END && status != Z_BUF_ERROR {
            let reason = stream.msg.map { String(cString: $0) } ?? "error \(status)"
            return "the PNG's pixel data is damaged (zlib: \(reason))"
        }
        let why = status == Z_STREAM_END ? "its compressed data ends" : "its IDAT chunks end"
        return
            "the PNG holds too little pixel data: \(why) after \(produced) of the \(expected) bytes its size (\(header.width)x\(header.height) px) needs"
    }
}
