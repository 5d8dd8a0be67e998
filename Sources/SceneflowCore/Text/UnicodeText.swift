import Foundation

/// How Sceneflow compares names and labels that people type with the ones files and apps hold,
/// and how it shows a difference the eye cannot see.
///
/// - Names and labels compare after NFC normalisation (Unicode canonical composition): `é`
///   typed as one character matches `e` + U+0301 as macOS file names and some apps store it.
/// - Locators also normalise white space as Playwright's text locators do: U+200B (zero-width
///   space) is removed, every run of white space (U+0020, U+00A0 no-break space, U+202F narrow
///   no-break space, tabs, the other Unicode spaces, U+FEFF) becomes one space, and the ends
///   are trimmed; `"Pay 42,00 €"` finds the label `"Pay 42,00\u{A0}€"`.
/// - Two strings "look alike" when they differ but are equal after compatibility
///   normalisation (NFKC) with default-ignorable characters (format characters such as U+200E,
///   variation selectors) removed and white space normalised as above. A message that shows
///   look-alike strings writes them with escapes (`escaped`).
public enum UnicodeText {
    /// `text` in Unicode Normalisation Form C.
    public static func nfc(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }

    /// The form a locator compares: NFC, without U+200B, white space runs as one space, trimmed.
    public static func locatorKey(_ text: String) -> String {
        collapseWhiteSpace(nfc(text).unicodeScalars.filter { $0 != "\u{200B}" })
    }

    /// The form a reader tells two shown texts apart by (`ShownName` applies it to what each
    /// report shows of a name): NFC, default-ignorable characters (U+200B zero-width space,
    /// U+2060 word joiner, U+FEFF) removed, blank characters (`blanks`) and white space runs
    /// as one space, trimmed. Unlike
    /// `lookAlikeKey` it keeps compatibility forms apart (`"m²"` is not `"m2"`).
    public static func readerKey(_ text: String) -> String {
        collapseWhiteSpace(
            nfc(text).unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }.map {
                blanks.contains($0) ? " " : $0
            })
    }

    /// Characters that are drawn blank but are neither white space nor default-ignorable, so
    /// a reader sees a space: U+2800 BRAILLE PATTERN BLANK (red-team 19 F10: `"a⠀b"` and
    /// `"a b"` ran as two tests with opposite verdicts that no report told apart).
    static let blanks: Set<Unicode.Scalar> = ["\u{2800}"]

    /// True when `a` and `b` differ (scalar by scalar) but would look the same on screen.
    public static func looksAlike(_ a: String, _ b: String) -> Bool {
        !a.unicodeScalars.elementsEqual(b.unicodeScalars) && visibleKey(a) == visibleKey(b)
    }

    /// `text` with each character that is invisible or easily mistaken written as `\u{HEX}`:
    /// white space other than U+0020, control and format characters (U+200E, U+200B, U+00AD,
    /// U+FEFF), combining marks (U+0301), variation selectors, private-use and unassigned code
    /// points, and characters NFKC replaces (ligatures, full-width forms, U+212B for U+00C5). Other
    /// characters, `é` and `€` included, are kept.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `escaped` with each backslash written `\\`, so the text an escape stands for and the text
    /// of the escape itself read differently (`"x\u{1B}"` for an escape character, `"x\\u{1B}"`
    /// for the six characters): the form messages name two look-alike names in.
    public static func spelledOut(_ text: String) -> String {
        // Scalar by scalar: a backslash followed by a combining mark is one `Character`.
        var doubled = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\\" { doubled.append(scalar) }
            doubled.append(scalar)
        }
        return escaped(String(doubled))
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return false }
        if scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .privateUse, .unassigned, .surrogate,
            .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return true
        default:
            // Scalar by scalar: as Swift strings, U+212B and U+00C5 are equal (canonically equivalent).
            let single = String(Character(scalar))
            return !single.precomposedStringWithCompatibilityMapping.unicodeScalars.elementsEqual(single.unicodeScalars)
        }
    }

    /// NFKC, default-ignorable characters removed, white space normalised.
    /// What `looksAlike` compares (`visibleKey`), or nil for a text over
    /// `NearestName.maxLength` Unicode scalars, which is never compared: a locator of 1 MiB
    /// failing on every frame must not normalise 1 MiB each time (issue 15.3's bounds).
    public static func lookAlikeKey(_ text: String) -> String? {
        guard text.utf8.count <= 4 * NearestName.maxLength, text.unicodeScalars.count <= NearestName.maxLength else {
            return nil
        }
        return visibleKey(text)
    }

    private static func visibleKey(_ text: String) -> String {
        let compatible = text.precomposedStringWithCompatibilityMapping.unicodeScalars
        return collapseWhiteSpace(compatible.filter { !$0.properties.isDefaultIgnorableCodePoint || $0 == "\u{FEFF}" })
    }

    /// Scalars with every run of white space (and U+FEFF) as one U+0020, trimmed at both ends.
    private static func collapseWhiteSpace(_ scalars: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in scalars {
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }
}
