/// The rules for accessibility label text: one line, so that a label can be typed in a script,
/// printed on one console line and written into JUnit XML. (Invalid UTF-8 is refused earlier,
/// by the loader, for every string.)
enum LabelText {
    /// Why `label` cannot be an accessibility label, or nil when it can.
    ///
    /// - Line breaks, tabs and other control characters (U+0000–U+001F, U+007F) are refused.
    static func problem(_ label: String) -> String? {
        for (offset, scalar) in label.unicodeScalars.enumerated() {
            let position = "at character \(offset + 1)"
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
