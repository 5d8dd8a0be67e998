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
}
