/// The first image file directory (IFD0) of a TIFF structure: a TIFF file, or the EXIF block
/// that JPEG (APP1), PNG (`eXIf`) and WebP (`EXIF`) files carry. Reads only the numeric tags
/// Sceneflow measures with: ImageWidth (256), ImageLength (257) and Orientation (274).
///
/// Layout (TIFF 6.0 §2): `II` (little-endian) or `MM` (big-endian), 42, the offset of IFD0 from
/// the start of the structure; the IFD is a 2-byte entry count, then 12-byte entries (tag, type,
/// count, value or offset). A SHORT (type 3) or LONG (type 4) single value sits in the entry's
/// value field. Bounds are checked on every read; a cut-short structure yields nil.
struct TIFFDirectory {
    /// Tag number → value, for single SHORT or LONG values of IFD0.
    let values: [Int: Int]

    /// Parses the structure starting at `bytes[start]`; nil when it is not a TIFF structure or
    /// IFD0 does not lie wholly inside `bytes`.
    init?(_ bytes: [UInt8], start: Int = 0) {
        guard start >= 0, start + 8 <= bytes.count else { return nil }
        let little: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int {
            little ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : Int(bytes[i]) << 8 | Int(bytes[i + 1])
        }
        func u32(_ i: Int) -> Int { little ? u16(i) | u16(i + 2) << 16 : u16(i) << 16 | u16(i + 2) }
        guard u16(start + 2) == 42 else { return nil }
        let ifd = start + u32(start + 4)
        guard ifd >= start + 8, ifd + 2 <= bytes.count else { return nil }
        let count = u16(ifd)
        guard ifd + 2 + count * 12 <= bytes.count else { return nil }
        var values: [Int: Int] = [:]
        for n in 0..<count {
            let entry = ifd + 2 + n * 12
            let (tag, type, items) = (u16(entry), u16(entry + 2), u32(entry + 4))
            guard items == 1 else { continue }
            if type == 3 { values[tag] = u16(entry + 8) } else if type == 4 { values[tag] = u32(entry + 8) }
        }
        self.values = values
    }

    /// True when `bytes` start with a TIFF signature (`II*\0` or `MM\0*`).
    static func isTIFF(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    }

    /// The Orientation tag (274), `.topLeft` when absent or outside 1...8.
    var orientation: ImageOrientation { values[274].flatMap(ImageOrientation.init(tag:)) ?? .topLeft }
}
