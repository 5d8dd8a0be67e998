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

    /// `text` as the HTML report shows it, before `escape`: each control character other than
    /// tab and line breaks as its Unicode control picture (NUL as ␀, ESC as ␛, DEL as ␡; they
    /// are parse errors in HTML), each C1 control (U+0080–U+009F) as U+FFFD, and each
    /// bidirectional override or isolate as the console writes it (`\u{202E}`; raw, one
    /// reversed the rest of its line: red-team finding p4). Text with none is returned as it is.
    public static func shownInHTML(_ text: String) -> String {
        // Bytes that may start a character shown otherwise: C0 controls, DEL, C2 (U+0080 to
        // U+009F) and E2 (the bidirectional controls).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else {
            return text
        }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if TerminalText.isBidiControl(scalar.value) {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
                continue
            }
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: shown.append(scalar)
            case 0x00...0x1F: shown.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: shown.append("\u{2421}")
            case 0x80...0x9F: shown.append("\u{FFFD}")
            default: shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// `text` as an XML 1.0 reader reads it back from a JUnit report: each character XML 1.0
    /// cannot hold (C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF)
    /// as U+FFFD, as `JUnitReport` writes them.
    public static func readBackFromJUnit(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: forbiddenInXML10) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { forbiddenInXML10($0) ? "\u{FFFD}" : $0 }))
    }

    /// True for the characters of a Swift string that XML 1.0 cannot hold: C0 controls other
    /// than tab, line feed and carriage return, and the noncharacters U+FFFE and U+FFFF.
    static func forbiddenInXML10(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF
    }
}
