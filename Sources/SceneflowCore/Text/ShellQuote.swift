import Foundation

/// `text` as one word for a POSIX shell, for command hints a person may copy and paste
/// (`next: sceneflow play 'My App'`). Words made only of letters, digits and `_@%+=:,./-` are
/// returned as they are; anything else is put in single quotes, each `'` written `'\''`; the
/// empty string is `''`. A word starting with `-` gets `./` in front so it is not read as an option
/// (only when it is a relative path, which such a word always is). A word holding a control
/// character (ESC, CR, a line break) is written in `$'…'` form with the character as an escape
/// (`$'esc\E[31m\rX'`), so it never reaches the terminal raw (red-team 26 F5).
public func shellQuoted(_ text: String) -> String {
    if text.isEmpty { return "''" }
    let word = text.hasPrefix("-") ? "./" + text : text
    let safe = word.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_@%+=:,./-".unicodeScalars.contains(scalar)
    }
    if safe { return word }
    if word.unicodeScalars.contains(where: { TerminalText.needsEscape($0, keepNewlines: false) }) {
        return dollarQuoted(word)
    }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// `word` in the `$'…'` quoting of bash, zsh and ksh: `\\` and `\'` for themselves, `\n`, `\r`,
/// `\t` and `\E` (ESC) for those characters, `\xHH` for another C0 control or DEL, `\uHHHH` for
/// the others `TerminalText` escapes (C1 controls, line separators, bidirectional controls).
func dollarQuoted(_ word: String) -> String {
    var out = "$'"
    for scalar in word.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "'": out += "\\'"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{1B}": out += "\\E"
        default:
            guard TerminalText.needsEscape(scalar, keepNewlines: false) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out +=
                scalar.value < 0x80
                ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
    return out + "'"
}
