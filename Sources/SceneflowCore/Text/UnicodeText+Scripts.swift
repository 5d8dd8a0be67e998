/// Letters of the alphabetic scripts whose shapes copy one another (Latin `e`, Cyrillic `е`,
/// Greek `ο`), so a text that mixes them can look exactly like another that does not. This is
/// the mixed-script test of Unicode TR39 (§5.1, restricted to these scripts), by code point
/// block: `"N\u{435}xt"` (Cyrillic е among Latin letters) mixes scripts, `"Привет"` and
/// `"Ελλάδα"` do not. Red-team 51 B L1: a did-you-mean offered `"Next"` and `"Nеxt"`, which
/// read the same, and a user who copied the second got another button.
extension UnicodeText {
    /// A script whose letters look like another's.
    public enum LetterScript: CaseIterable, Sendable {
        case latin, greek, cyrillic, armenian
    }

    /// The script of `scalar` when it is a letter of one of `LetterScript`'s blocks, else nil
    /// (digits, punctuation, symbols, other scripts).
    public static func letterScript(_ scalar: Unicode.Scalar) -> LetterScript? {
        guard scalar.properties.isAlphabetic else { return nil }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x531...0x58F: return .armenian
        default: return nil
        }
    }

    /// The script most of `text`'s letters are in (Latin on a tie), or nil when it has no
    /// letter of `LetterScript` or all are of one script (nothing mixed).
    static func mainScriptWhenMixed(_ text: String) -> LetterScript? {
        var counts: [LetterScript: Int] = [:]
        for scalar in text.unicodeScalars {
            if let script = letterScript(scalar) { counts[script, default: 0] += 1 }
        }
        guard counts.count > 1 else { return nil }
        let most = counts.values.max() ?? 0
        return LetterScript.allCases.first { counts[$0] == most }
    }

    /// True when `text` has letters of two or more of `LetterScript`'s scripts.
    public static func mixesScripts(_ text: String) -> Bool { mainScriptWhenMixed(text) != nil }

    /// `text` as a message shows a name a reader must copy exactly: `escaped`, and in a text
    /// that mixes scripts each letter outside the script most of its letters are in written as
    /// `\u{HEX}` too (`"N\u{435}xt"`).
    public static func shownExactly(_ text: String) -> String {
        guard let main = mainScriptWhenMixed(text) else { return escaped(text) }
        var out = ""
        for scalar in text.unicodeScalars {
            if let script = letterScript(scalar), script != main {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out += escaped(String(scalar))
            }
        }
        return out
    }
}
