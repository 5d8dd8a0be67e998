internal import CImageShim
import CZlib

/// The PNG structure check: chunks, CRCs, chunk counts, compressed text and profile chunks,
/// and the pixel data (`PNGPixelData`), as `ImageStructure.problem` runs it.
extension ImageStructure {
    /// The most chunks other than IDAT a PNG may have (10 000): a screenshot has a dozen, an
    /// animated PNG two a frame. Each costs libpng a call, and millions of empty ones cost
    /// seconds in every command within every size limit (red-team 32 R1: 1.2 million empty
    /// tEXt chunks, 14 MB, took `check` 14 s).
    static let maxPNGAncillaryChunks = 10_000

    /// The refusal of a PNG with more than `maxPNGAncillaryChunks` chunks other than IDAT.
    static let tooManyPNGChunks =
        "the PNG has more than \(maxPNGAncillaryChunks) chunks other than the pixels (IDAT), where a screenshot has a dozen: millions of empty chunks cost seconds in every command"

    /// The most IDAT chunks a PNG `height` rows high may have: 10 000 and four a row (an
    /// encoder writes one per 8 KiB or so, a streaming one at most one a row of each Adam7
    /// pass). Each costs libpng a call: 235 000 one-byte ones cost `check` 5 s.
    static func maxPNGDataChunks(height: Int) -> Int { 10_000 + 4 * max(0, height) }

    /// The most bytes a PNG's compressed ancillary chunks (zTXt, iTXt, iCCP) may inflate to,
    /// all together: 4 MiB. libpng inflates each when it reads the header, on every decode:
    /// 100 zTXt chunks of 7.7 KB inflating to 7.9 MB each cost `check` 25 s (red-team 33 F8).
    static let maxPNGInflatedMetadata = 4 << 20

    /// The most deflate blocks a PNG's compressed ancillary chunks may hold: 4 096, and two a
    /// chunk. An encoder writes a few to a profile; 700 000 empty ones fit in 3.5 MB, and each
    /// costs libpng a fresh set of Huffman tables on every read (red-team 34 P2, residual).
    static func maxPNGMetadataBlocks(chunks: Int) -> Int { 4096 + 2 * chunks }

    /// Where the compressed data of a zTXt, iTXt (when its compression flag is set) or iCCP
    /// chunk starts in `b` (its data is `data`), or nil for another chunk or a malformed one.
    private static func compressedPayloadStart(_ b: [UInt8], type: String, data: Range<Int>) -> Int? {
        guard type == "zTXt" || type == "iTXt" || type == "iCCP",
            let keywordEnd = b[data].firstIndex(of: 0)
        else { return nil }
        if type != "iTXt" { return keywordEnd + 2 <= data.upperBound ? keywordEnd + 2 : nil }
        // iTXt: keyword, flag, method, language tag and translated keyword (each ended by 0).
        guard keywordEnd + 3 <= data.upperBound, b[keywordEnd + 1] == 1,
            let language = b[(keywordEnd + 3)..<data.upperBound].firstIndex(of: 0),
            let translated = b[(language + 1)..<data.upperBound].firstIndex(of: 0)
        else { return nil }
        return translated + 1
    }

    /// The bytes the zlib streams at `ranges` of `b` inflate to together and the deflate
    /// blocks they hold, counted no further than just past `limit` bytes or `blockLimit` blocks
    /// (zlib, 64 KiB or a block at a time; a damaged stream counts what it gave).
    static func inflatedSize(_ b: [UInt8], _ ranges: [Range<Int>], limit: Int, blockLimit: Int) -> (
        bytes: Int, blocks: Int
    ) {
        var total = 0
        var blocks = 0
        var out = [UInt8](repeating: 0, count: 64 << 10)
        for range in ranges where total <= limit && blocks <= blockLimit {
            var stream = z_stream()
            guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { continue }
            defer { inflateEnd(&stream) }
            b.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + range.lowerBound)
                stream.avail_in = UInt32(range.count)
                out.withUnsafeMutableBufferPointer { buffer in
                    while total <= limit && blocks <= blockLimit {
                        stream.next_out = buffer.baseAddress
                        stream.avail_out = UInt32(buffer.count)
                        // Z_BLOCK returns at each block's end (data_type's bit 128).
                        let status = inflate(&stream, Z_BLOCK)
                        if stream.data_type & 128 != 0 { blocks += 1 }
                        total += buffer.count - Int(stream.avail_out)
                        if status != Z_OK { break }
                    }
                }
            }
        }
        return (total, blocks)
    }

    static func pngProblem(_ b: [UInt8]) -> ImageProblem? {
        var offset = 8
        var header: PNGPixelData.Header?
        var data: [Range<Int>] = []
        var others = 0
        var compressed: [Range<Int>] = []
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
            if type == "IHDR", header == nil { header = PNGPixelData.Header(b, at: offset + 8) }
            if type == "IDAT" {
                data.append(offset + 8..<end)
                if let most = header.map({ maxPNGDataChunks(height: $0.height) }), data.count > most {
                    return
                        .costly(
                            "the PNG's pixels are split into more than \(most) IDAT chunks, more than a \(header!.height) px high image needs (an encoder writes one per 8 KiB or a row): tiny chunks cost seconds in every command"
                        )
                }
            } else {
                others += 1
                if others > maxPNGAncillaryChunks { return .costly(tooManyPNGChunks) }
                if let start = compressedPayloadStart(b, type: type, data: offset + 8..<end) {
                    compressed.append(start..<end)
                }
            }
            if type == "IEND" {
                guard !data.isEmpty else { return "the PNG has no image data (no IDAT chunk)" }
                // Their compressed bytes too: empty deflate blocks inflate to nothing and still
                // cost libpng a pass each (red-team 34 P2: 16 MB of them, 30 s a `check`).
                let mostBlocks = maxPNGMetadataBlocks(chunks: compressed.count)
                let taken = compressed.reduce(0, { $0 + $1.count })
                let inflated =
                    taken > maxPNGInflatedMetadata
                    ? (bytes: taken, blocks: 0)
                    : inflatedSize(b, compressed, limit: maxPNGInflatedMetadata, blockLimit: mostBlocks)
                if inflated.blocks > mostBlocks {
                    return
                        .costly(
                            "its compressed text and colour-profile chunks (zTXt, iTXt, iCCP) are cut into more than \(mostBlocks) deflate blocks, where an encoder writes a few: libpng builds new Huffman tables for each on every read (padding with empty blocks?)"
                        )
                }
                if inflated.bytes > maxPNGInflatedMetadata {
                    return
                        .costly(
                            "its compressed text and colour-profile chunks (zTXt, iTXt, iCCP) take or inflate to more than \(maxPNGInflatedMetadata >> 20) MiB, where a screenshot's take a few KB: libpng inflates them on every read (a decompression bomb?)"
                        )
                }
                if let refused = libpngRefusal(b) { return refused }
                guard let header else { return nil }
                return PNGPixelData.problem(b, idat: data, header: header)
            }
            offset = end + 4
        }
        return "the PNG is cut short: it ends without its IEND chunk"
    }

    /// What libpng refuses in the PNG's chunks before its pixels (`sf_png_check_info`: colour
    /// type 7, bit depth 3, a palette image without PLTE, two IHDR chunks), as `check`'s full
    /// decode would, without a message of libpng's own on standard error; nil when it accepts
    /// them (red-team 18 B-F1: `test`, `inspect`, `graph` and `play` ran such a file).
    private static func libpngRefusal(_ b: [UInt8]) -> ImageProblem? {
        var error = [CChar](repeating: 0, count: 256)
        let status = b.withUnsafeBufferPointer { sf_png_check_info($0.baseAddress, $0.count, &error, error.count) }
        guard status != 0 else { return nil }
        let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "libpng refuses it: \(reason)"
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
