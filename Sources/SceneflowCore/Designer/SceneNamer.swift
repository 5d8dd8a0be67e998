/// Turns screenshot file names into scene names a prototype file can use without quotes:
/// lower case letters, digits and `_`, never starting with a digit, unique.
///
/// `"1.apps.png"` → `"s1_apps"`, `"screenshot-02.png"` → `"screenshot_02"`,
/// `"Home Screen.png"` → `"home_screen"`; a repeat gets `_2`, `_3`, ….
public enum SceneNamer {
    /// Lua keywords, which cannot be bare table keys.
    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// One scene name per file name, in the same order.
    public static func names(for files: [String]) -> [String] {
        var used: Set<String> = []
        return files.map { file in
            let base = name(for: file)
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

    /// The name for one file, before making it unique.
    public static func name(for file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        let stem = last.contains(".") ? String(last[..<last.lastIndex(of: ".")!]) : last
        var result = ""
        for scalar in stem.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("_") && !result.isEmpty {
                result += "_"
            }
        }
        while result.hasSuffix("_") { result.removeLast() }
        if result.isEmpty { result = "scene" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "s" + result }
        if keywords.contains(result) { result += "_scene" }
        return result
    }
}
