import Foundation

/// Turns screenshot file names into scene names a prototype file can use without quotes:
/// lower case ASCII letters, digits and `_`, never starting with a digit, unique.
///
/// `"1.apps.png"` → `"s1_apps"`, `"screenshot-02.png"` → `"screenshot_02"`,
/// `"Home Screen.png"` → `"home_screen"`. Latin letters with diacritics and ligatures are
/// transliterated (ICU's Latin-ASCII transform, after Unicode compatibility mapping):
/// `"Über-Ansicht.png"` → `"uber_ansicht"`, `"café.png"` → `"cafe"`, `"Straße.png"` →
/// `"strasse"`. Letters of other scripts are not guessed at (a Han name has no one Latin
/// reading): a name left with no letter is `scene_<n>`, n being the file's 1-based position
/// (`"日本.png"` third in the list → `"scene_3"`). A repeat gets `_2`, `_3`, ….
public enum SceneNamer {
    /// Lua keywords, which cannot be bare table keys.
    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// One scene name per file name, in the same order, all different.
    public static func names(for files: [String]) -> [String] {
        var used: Set<String> = []
        return files.enumerated().map { index, file in
            let base = name(for: file, position: index + 1)
            var candidate = base
            var n = 2
            while used.contains(candidate) {
                candidate = "\(base)_\(n)"
                n += 1
            }
            used.insert(candidate)
            return candidate
        }
    }

    /// The name for one file, before making it unique; `position` (1-based, in the list of
    /// files) names files whose names give no letters.
    public static func name(for file: String, position: Int = 1) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        let stem = last.contains(".") ? String(last[..<last.lastIndex(of: ".")!]) : last
        var result = ""
        for scalar in latinASCII(stem).lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("_") && !result.isEmpty {
                result += "_"
            }
        }
        while result.hasSuffix("_") { result.removeLast() }
        let lettersDropped = result.isEmpty || (!result.contains { $0.isLetter } && stem.contains { $0.isLetter })
        if lettersDropped { return "scene_\(position)" + (result.isEmpty ? "" : "_\(result)") }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "s" + result }
        if keywords.contains(result) { result += "_scene" }
        return result
    }

    /// `text` with Latin letters spelt in ASCII (`Ü` → `U`, `ß` → `ss`, `ﬁ` → `fi`, full-width
    /// `Ａ` → `A`); other scripts pass through unchanged.
    static func latinASCII(_ text: String) -> String {
        let compatible = text.precomposedStringWithCompatibilityMapping
        if let ascii = compatible.applyingTransform(StringTransform("Latin-ASCII"), reverse: false) { return ascii }
        return compatible.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
