/// Escaping for text and attribute values in XML and HTML documents Sceneflow writes (SVG
/// charts, the HTML report, the HTML-like labels of the flow map's DOT).
public enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, scalar by scalar: a walk by
    /// `Character` took `<` or `"` followed by a combining mark or a zero-width joiner for one
    /// character and left it raw (an attribute value could be closed by a test name). Text with
    /// nothing to escape is returned as it is, without a copy.
    public static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: needsEscape) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 64)
        out.append(contentsOf: utf8[..<first])
        for byte in utf8[first...] {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&apos;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a UTF-8 byte is one `escape` replaces (ASCII: never part of another scalar).
    @inline(__always) static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
