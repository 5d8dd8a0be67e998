import Foundation

/// A PNG file's chunks, walked by their headers without reading their data: where the image
/// ends (so the size of whatever follows its IEND chunk is known without reading the file,
/// `ImageLimits.checkFileSize`), and what its chunks other than the pixels take.
///
/// Chunk headers are read in 64 KiB blocks and long chunks skipped with a seek, so millions of
/// empty chunks cost a few hundred reads and a long one none of its data (red-team 31 B1: 2.6
/// million empty tEXt chunks took 10-18 s in every command; B2: a 770 MiB tEXt chunk cost 2.4
/// GB of memory before the file was refused; red-team 32 R1: an 8-byte read a chunk still
/// cost 9 s for 1.2 million). The walk stops past `ImageStructure.maxPNGAncillaryChunks`
/// chunks other than IDAT.
enum PNGEnd {
    /// What a walk of a PNG's chunk headers found.
    struct Walk {
        /// The byte offset just past the IEND chunk; nil when the walk stopped before it.
        var end: Int?
        /// The bytes of the chunks other than IDAT (each with its 12 bytes of length, type
        /// and CRC), counted no further than just past the walk's byte limit.
        var metadataBytes = 0
        /// How many chunks other than IDAT were walked.
        var metadataChunks = 0
    }

    /// The byte offset just past the IEND chunk of the PNG at `path`; nil when the file is not
    /// a PNG, has no IEND, a chunk's length runs past the file (`ImageStructure` names what is
    /// wrong then) or it has too many chunks other than its pixels (`checkFileSize(declared:)`
    /// refuses it).
    static func offset(path: String) -> Int? {
        walk(path: path, metadataLimit: Int.max)?.end
    }

    /// The bytes and count of the chunks other than IDAT of the PNG at `path` up to its IEND,
    /// counting no further than just past `limit` bytes or `ImageStructure.maxPNGAncillaryChunks`
    /// chunks; nil when the file is not a PNG or its chunks run past its end.
    static func metadataBytes(path: String, limit: Int) -> (bytes: Int, chunks: Int)? {
        walk(path: path, metadataLimit: limit).map { ($0.metadataBytes, $0.metadataChunks) }
    }

    /// Walks the chunk headers of the PNG at `path` up to its IEND, or until its chunks other
    /// than IDAT pass `metadataLimit` bytes or `ImageStructure.maxPNGAncillaryChunks` chunks.
    /// Nil when the file is not a PNG or a chunk runs past its end.
    static func walk(path: String, metadataLimit: Int) -> Walk? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        var block: [UInt8] = []
        var blockStart: UInt64 = 0
        /// The 8 bytes at `offset`, from the block read last or a new one.
        func header(at offset: UInt64) -> ArraySlice<UInt8>? {
            if offset < blockStart || offset + 8 > blockStart + UInt64(block.count) {
                guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: 64 << 10)
                else { return nil }
                block = Array(data)
                blockStart = offset
            }
            let at = Int(offset - blockStart)
            return at + 8 <= block.count ? block[at..<at + 8] : nil
        }
        guard let signature = header(at: 0), Array(signature) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        else { return nil }
        var offset: UInt64 = 8
        var walk = Walk()
        while walk.metadataBytes <= metadataLimit, walk.metadataChunks <= ImageStructure.maxPNGAncillaryChunks {
            guard offset + 12 <= size, let head = header(at: offset) else { return nil }
            let length = head.prefix(4).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= size else { return nil }
            let type = head.dropFirst(4)
            if type.elementsEqual("IEND".utf8) {
                walk.end = Int(end)
                return walk
            }
            if !type.elementsEqual("IDAT".utf8) {
                walk.metadataBytes += Int(length) + 12
                walk.metadataChunks += 1
            }
            offset = end
        }
        return walk
    }
}
