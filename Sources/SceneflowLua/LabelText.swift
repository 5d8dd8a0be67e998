/// The rules for accessibility label text and every other name or text the prototype shows
/// (see `PrototypeValidator.checkTexts`): one line, so that a label can be typed in a script,
/// printed on one console line and written into JUnit XML, and short, so that drawing it
/// (`render --labels`, `H` in the window), the element tree and the flow graph stay quick.
/// (Invalid UTF-8 is refused earlier, by the loader, for every string.)
enum LabelText {
    /// The longest label or name, in UTF-8 bytes (1 KiB, as a test's name). Accessibility
    /// labels on iOS and Android are short phrases ("Add to cart", "Double-tap to open"); a
    /// label of a pasted paragraph is a mistake, and a 100 000-character one made every frame
    /// of `expect.tree` and the label overlay cost seconds.
    static let maxBytes = 1024
    /// The longest text of a text field's `value` or `placeholder`, in Unicode scalars: the
    /// largest `max_length` a text field takes.
    static let maxFieldCharacters = 10_000

    /// Why `text` cannot be a label or name, or nil when it can: longer than `limit` UTF-8
    /// bytes, or holding a control character (see `controlProblem`).
    static func problem(_ text: String, limit: Int) -> String? {
        let bytes = text.utf8.count
        if bytes > limit {
            return "is \(bytes) bytes long (UTF-8); at most \(limit): labels and names are short phrases"
        }
        return controlProblem(text)
    }

    /// Why `text` cannot name an image file, or nil when it can: longer than `limit` bytes, or
    /// not one line (`controlProblem`), as every string that names a file: a NUL would cut it
    /// (`"home.png\0.txt"` would open `home.png`), and a line break or tab could not be shown
    /// or typed on one line. `sceneflow new` gives a screenshot so named a cleaned name
    /// (`OneLineFileName`).
    static func fileNameProblem(_ text: String, limit: Int) -> String? {
        let bytes = text.utf8.count
        if bytes > limit { return "is \(bytes) bytes long (UTF-8); at most \(limit)" }
        return controlProblem(text)
    }

    /// Why `text` cannot be a text field's text, or nil when it can: more than `characters`
    /// Unicode scalars, or holding a control character (see `controlProblem`).
    static func problem(_ text: String, characters: Int) -> String? {
        let count = text.unicodeScalars.count
        if count > characters {
            return "is \(count) characters long; at most \(characters) (the largest max_length of a text field)"
        }
        return controlProblem(text)
    }

    /// Why `text` is not one line, or nil:
    /// line breaks, tabs and other control characters (U+0000–U+001F, U+007F–U+009F) and
    /// the line and paragraph separators U+2028/U+2029 (editors and terminals break lines
    /// there; JSON-in-JavaScript consumers choke on them) are refused, with their place
    /// (`found the control character U+0000 at character 9`, counting Unicode scalars from 1).
    static func controlProblem(_ text: String) -> String? {
        firstControl(text, separators: true).map { "must be one line of text, found \($0)" }
    }

    /// Why `text` cannot be a path of the project config, or nil when it can: a NUL (the file
    /// written would be the name cut there) or another control character (U+0000–U+001F,
    /// U+007F–U+009F), which in a config is an escape written by mistake (`"out\test.xml"`
    /// holds a tab). The command line cannot pass a NUL at all.
    static func pathProblem(_ text: String) -> String? {
        firstControl(text, separators: false).map {
            "a path cannot hold a control character, found \($0) (an escape such as \\0, \\t or \\n in the string?)"
        }
    }

    /// The first control character of `text` and its place (`a tab (\t) at character 4`,
    /// counting Unicode scalars from 1); with `separators`, U+2028 and U+2029 count too.
    private static func firstControl(_ text: String, separators: Bool) -> String? {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let position = "at character \(offset + 1)"
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || (separators && (v == 0x2028 || v == 0x2029)) {
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
                return "\(name) \(position)"
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
