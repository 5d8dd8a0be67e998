import Foundation

/// `text` as one word for a POSIX shell, for command hints a person may copy and paste
/// (`next: sceneflow play 'My App'`). Words made only of letters, digits and `_@%+=:,./-` are
/// returned as they are; anything else is put in single quotes, each `'` written `'\''`; the
/// empty string is `''`. A word starting with `-` gets `./` in front so it is not read as an option
/// (only when it is a relative path, which such a word always is).
public func shellQuoted(_ text: String) -> String {
    if text.isEmpty { return "''" }
    let word = text.hasPrefix("-") ? "./" + text : text
    let safe = word.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_@%+=:,./-".unicodeScalars.contains(scalar)
    }
    if safe { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
