import Foundation

/// Where a PNG file's image ends, found by walking its chunk headers with seeks (8 bytes read
/// a chunk, none of its data), so the size of whatever follows the IEND chunk is known without
/// reading the file (`ImageLimits.checkFileSize`).
enum PNGEnd {
    /// The byte offset just past the IEND chunk of the PNG at `path`; nil when the file is not
    /// a PNG, has no IEND, or a chunk's length runs past the file (`ImageStructure` names what
    /// is wrong then). Walks at most 1 000 000 chunks.
    static func offset(path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil,
            let signature = try? handle.read(upToCount: 8),
            Array(signature) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        else { return nil }
        var offset: UInt64 = 8
        for _ in 0..<1_000_000 {
            guard offset + 12 <= size, (try? handle.seek(toOffset: offset)) != nil,
                let head = try? handle.read(upToCount: 8), head.count == 8
            else { return nil }
            let bytes = Array(head)
            let length = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= size else { return nil }
            if bytes[4..<8].elementsEqual("IEND".utf8) { return Int(end) }
            offset = end
        }
        return nil
    }

    /// The bytes the PNG at `path` spends on chunks other than its pixels (every chunk but
    /// IDAT, with its 12 bytes of length, type and CRC) up to its IEND, counting no further
    /// than just past `limit`; nil when the file is not a PNG or its chunks run past its end.
    /// Chunk headers are read in 64 KiB blocks and long chunks skipped with a seek, so millions
    /// of empty chunks cost a few hundred reads and a long one none of its data (red-team 31
    /// B1: 2.6 million empty tEXt chunks took 10-18 s in every command; B2: a 770 MiB tEXt
    /// chunk cost 2.4 GB of memory before the file was refused).
    static func metadataBytes(path: String, limit: Int) -> Int? {
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
        var metadata = 0
        while metadata <= limit {
            guard offset + 12 <= size, let head = header(at: offset) else { return nil }
            let length = head.prefix(4).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let end = offset + 12 + length
            guard length <= 0x7FFF_FFFF, end <= size else { return nil }
            let type = head.dropFirst(4)
            if type.elementsEqual("IEND".utf8) { return metadata }
            if !type.elementsEqual("IDAT".utf8) { metadata += Int(length) + 12 }
            offset = end
        }
        return metadata
    }
}
