/// Checks the chunk layout of a whole PNG file before it is handed to a decoder.
///
/// libpng, reading through SDL_image, loops for ever on some files cut short inside an
/// ancillary chunk (each read past the end returns nothing and the chunk's CRC check only
/// warns), so Sceneflow walks the chunks itself first: every chunk must fit in the file, the
/// first must be a 13-byte `IHDR`, at least one `IDAT` must come before `IEND`, and nothing
/// may be missing at the end. CRCs are left to libpng. Follows the PNG specification
/// (ISO/IEC 15948, §5.3 chunk layout). Pure byte parsing; no allocation.
public enum PNGStructure {
    /// The eight signature bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why the PNG file `bytes` is malformed, e.g. `truncated: chunk "cHRM" at byte 51 needs
    /// 44 bytes, the file ends after 9`; nil when the layout is sound. Call it only on bytes
    /// that start with `signature`.
    public static func problem<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> String?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let start = bytes.startIndex
        let count = bytes.count
        func byte(_ offset: Int) -> UInt32 { UInt32(bytes[start + offset]) }
        func be32(_ offset: Int) -> UInt32 {
            byte(offset) << 24 | byte(offset + 1) << 16 | byte(offset + 2) << 8 | byte(offset + 3)
        }
        var offset = signature.count
        var sawData = false
        var first = true
        while true {
            guard offset + 8 <= count else {
                return offset == count
                    ? "truncated: the file ends after \(count) bytes without an IEND chunk"
                    : "truncated: a chunk header at byte \(offset) is cut short"
            }
            let length = Int(be32(offset))
            let type = String(decoding: (0..<4).map { UInt8(byte(offset + 4 + $0)) }, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else { return "chunk at byte \(offset) declares \(length) bytes" }
            guard (0..<4).allSatisfy({ Self.isLetter(byte(offset + 4 + $0)) }) else {
                return "byte \(offset) does not start a chunk (its type is not four letters)"
            }
            let needed = 12 + length
            if offset + needed > count {
                return
                    "truncated: chunk \"\(type)\" at byte \(offset) needs \(needed) bytes, the file ends after \(count - offset)"
            }
            if first {
                guard type == "IHDR", length == 13 else { return "the first chunk is \"\(type)\", not a 13-byte IHDR" }
                first = false
            }
            if type == "IDAT" { sawData = true }
            if type == "IEND" { return sawData ? nil : "no IDAT (pixel data) chunk before IEND" }
            offset += needed
        }
    }

    private static func isLetter(_ b: UInt32) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
}
