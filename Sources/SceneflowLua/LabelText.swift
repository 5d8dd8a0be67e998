/// The rules for accessibility label text: one line, so that a label can be typed in a script,
/// printed on one console line and written into JUnit XML. (Invalid UTF-8 is refused earlier,
/// by the loader, for every string.)
enum LabelText {
    /// Why `label` cannot be an accessibility label, or nil when it can.
    ///
    /// - Line breaks, tabs and other control characters (U+0000–U+001F, U+007F–U+009F) and
    ///   the line and paragraph separators U+2028/U+2029 (editors and terminals break lines
    ///   there; JSON-in-JavaScript consumers choke on them) are refused.
    static func problem(_ label: String) -> String? {
        for (offset, scalar) in label.unicodeScalars.enumerated() {
            let position = "at character \(offset + 1)"
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                let name: String =
                    switch scalar {
                    case "\n": "a line break (\\n)"
                    case "\r": "a carriage return (\\r)"
                    case "\t": "a tab (\\t)"
                    case "\u{85}": "a next-line character (U+0085)"
                    case "\u{2028}": "a line separator (U+2028)"
                    case "\u{2029}": "a paragraph separator (U+2029)"
                    default: "the control character U+" + hex4(v)
                    }
                return "must be one line of text, found \(name) \(position)"
            }
        }
        return nil
    }

    /// `7F` → `007F`.
    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
