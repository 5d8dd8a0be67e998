/// The TIFF checks that count libtiff's work rather than the file's bytes (red-team 35): what
/// a small file can make the decoder do again and again.
extension ImageStructure {
    /// The most bytes of tag data (outside the directory's entries) a TIFF's first directory
    /// may point at, a blob shared by many tags counted each time: 16 MiB, the metadata an
    /// image file may carry. libtiff copies every tag's data when it reads the directory, so
    /// 250 private tags pointing at one 16 MB blob cost `check` 19 s and 4 GB (red-team 35 D2).
    static let maxTIFFTagBytes = 16 << 20

    /// The most bytes a TIFF pixel may take, all its samples together: 8, 16-bit RGBA (or
    /// CMYK). libtiff inflates and reads every sample though SDL keeps 4 of 8 bits: 10000x10000
    /// px of 256 samples, tiles sharing one small stream (46 KB), cost `check` 15 s (red-team
    /// 36 S1).
    static let maxTIFFBytesPerPixel = 8

    /// The most pixels a TIFF tile may have beyond the image it covers (its sides rounded up
    /// to 16, as tiles must be): 1 megapixel, so a small image may use the usual 256x256 or
    /// 512x512 tiles. libtiff decodes and allocates every tile whole: a 16x16 px image of
    /// 16384x16384 px tiles cost `check` 8 s and 1 GB (red-team 37 T4).
    static let maxTIFFTileSlack = 1 << 20

    /// Why a TIFF's `tileWidth` x `tileLength` px tiles are too large for its `width` x
    /// `height` px image, or nil (also for a TIFF in strips: 0 x 0).
    static func tiffTileSizeProblem(tileWidth: Int, tileLength: Int, width: Int, height: Int) -> ImageProblem? {
        let covered = (max(1, width) + 15) / 16 * 16 * ((max(1, height) + 15) / 16 * 16)
        guard tileWidth * tileLength > max(covered, maxTIFFTileSlack) else { return nil }
        return
            .costly(
                "the TIFF's tiles are \(tileWidth)x\(tileLength) px, far larger than its \(width)x\(height) px image needs: libtiff decodes and allocates every tile whole"
            )
    }

    /// The bytes one entry's data take (TIFF 6.0 §2 field types; BigTIFF's 8-byte ones), or 0
    /// for an unknown type, which libtiff skips.
    static func tiffTypeSize(_ type: Int) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12, 16, 17, 18: 8
        default: 0
        }
    }

    /// The most deflate blocks a Deflate-compressed TIFF's tiles or strips may hold together,
    /// a piece shared by many counted each time: 4 096, one per 128 bytes of the pixels'
    /// uncompressed size (`raw` bytes; zlib's smallest memory level) up to 250 000, and four a
    /// piece (its zlib header and a block or two).
    /// zlib ends a block after at most 16 384 symbols; each costs every decode a fresh set of
    /// Huffman tables (red-team 35 D1: 1 600 tiles sharing one stream of 8 240 empty blocks,
    /// a 107 KB file, cost `check` 19 s and `render` 34 s).
    static func maxTIFFDeflateBlocks(raw: Int, pieces: Int) -> Int { 4096 + min(raw / 128, 250_000) + 4 * pieces }

    /// Refuses a Deflate-compressed TIFF (Compression 8 or 32946) whose tiles or strips
    /// (`pieces`, each inflating to at most `rawEach` bytes, as libtiff stops there) hold more
    /// than `maxTIFFDeflateBlocks` deflate blocks. Each distinct piece is inflated once (zlib,
    /// a block at a time) and its blocks counted for each use; pieces that overlap without
    /// being the same are refused, so no byte is inflated twice.
    static func tiffDeflateProblem(
        _ b: [UInt8], pieces: [(start: Int, length: Int)], rawEach: Int, raw: Int, what: String
    ) -> ImageProblem? {
        var uses: [Int: (length: Int, count: Int)] = [:]
        var distinctBytes = 0
        for piece in pieces where piece.length > 0 {
            if let known = uses[piece.start] {
                guard known.length == piece.length else { return tiffOverlap(what, "Deflate") }
                uses[piece.start] = (known.length, known.count + 1)
            } else {
                distinctBytes += piece.length
                guard distinctBytes <= b.count else { return tiffOverlap(what, "Deflate") }
                uses[piece.start] = (piece.length, 1)
            }
        }
        let most = maxTIFFDeflateBlocks(raw: raw, pieces: pieces.count)
        var blocks = 0
        for (start, use) in uses.sorted(by: { $0.key < $1.key }) {
            let left = (most - blocks) / use.count + 1
            let found = inflatedSize(b, [start..<(start + use.length)], limit: rawEach, blockLimit: left).blocks
            blocks += found * use.count
            if blocks > most {
                return
                    .costly(
                        "the TIFF's Deflate-compressed \(what) are cut into more than \(most) deflate blocks (one shared by many counted each time), more than zlib writes even at its smallest memory level: each block can cost every decode a new set of Huffman tables (padding with empty blocks?)"
                    )
            }
        }
        return nil
    }

    /// The refusal of a TIFF whose `compression`-compressed tiles or strips overlap.
    static func tiffOverlap(_ what: String, _ compression: String) -> ImageProblem {
        .costly(
            "the TIFF's \(compression)-compressed \(what) overlap (their bytes add up to more than the file): each would be decoded again"
        )
    }
}
