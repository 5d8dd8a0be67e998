/// The rules for accessibility label text: one line of valid UTF-8, so that a label can be
/// typed in a script, printed on one console line and written into JUnit XML.
enum LabelText {
    /// Why `label` cannot be an accessibility label, or nil when it can.
    ///
    /// - Invalid UTF-8 arrives from the Lua layer as U+FFFD replacement characters
    ///   (`LuaStack.string` decodes leniently), so a U+FFFD means the file held bytes that are
    ///   not UTF-8.
    /// - Line breaks, tabs and other control characters (U+0000–U+001F, U+007F) are refused.
    static func problem(_ label: String) -> String? {
        for (offset, scalar) in label.unicodeScalars.enumerated() {
            let position = "at character \(offset + 1)"
            if scalar == "\u{FFFD}" {
                return "is not valid UTF-8 text (a byte that is not UTF-8 \(position)); save the file as UTF-8"
            }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let name: String =
                    switch scalar {
                    case "\n": "a line break (\\n)"
                    case "\r": "a carriage return (\\r)"
                    case "\t": "a tab (\\t)"
                    default: "the control character U+" + hex4(scalar.value)
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
