/// Text as TAP consumers read it back: test-point descriptions that no consumer can take for a
/// directive or a new line, and YAML double-quoted scalars that both Perl's
/// `TAP::Parser::YAMLish` (behind `prove`) and PyYAML (behind tappy) read exactly.
public enum TAPText {
    /// The stand-in for `#` in descriptions: U+FF03 FULLWIDTH NUMBER SIGN, which looks like
    /// `#`. TAP 13 knows `\#`, but tappy ignores that escape and starts a directive at any
    /// `#`, so a `#` is never written; the exact name is in the test point's YAML block.
    public static let hashStandIn: Character = "\u{FF03}"

    /// `text` for a test-point description (or a SKIP reason): backslashes escaped first
    /// (`\\`, TAP 14's escape, so no backslash can escape the `#` of Sceneflow's own
    /// directive), `#` as `＃`, and every control character or line separator (C0, DEL, C1,
    /// U+2028, U+2029), which some consumer would read as the end of the line, and every
    /// bidirectional override or isolate, which would reorder the consumer's line on a terminal
    /// (the console escapes them too), as a space. The exact name is in the YAML block.
    public static func description(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "#": out.append(hashStandIn)
            default:
                out.unicodeScalars.append(
                    isLineHazard(scalar) || TerminalText.isBidiControl(scalar.value) ? " " : scalar)
            }
        }
        return out
    }

    /// True for the characters a description cannot hold: C0 and C1 controls, DEL, U+2028 and
    /// U+2029 (line breaks to one reader or another).
    public static func isLineHazard(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
    }

    /// A YAML double-quoted scalar holding `text` exactly. Escaped: `"` and `\`; tab, line
    /// feed and carriage return as `\t`, `\n`, `\r`; other C0 controls, DEL and C1 controls as
    /// `\xHH` (PyYAML refuses them raw; both readers know `\xHH`); U+2028, U+2029 (line breaks
    /// to PyYAML), U+FFFE, U+FFFF and the bidirectional overrides and isolates (which would
    /// reorder a terminal's line) as `\uHHHH` (which `TAP::Parser` leaves as written).
    public static func yamlQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if v < 0x20 || (0x7F...0x9F).contains(v) {
                    out += "\\x" + hex(v, digits: 2)
                } else if v == 0x2028 || v == 0x2029 || v == 0xFFFE || v == 0xFFFF || TerminalText.isBidiControl(v) {
                    out += "\\u" + hex(v, digits: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `value` in upper-case hexadecimal, zero-padded to `digits`.
    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
