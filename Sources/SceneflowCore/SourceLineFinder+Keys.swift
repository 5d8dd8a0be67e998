extension SourceLineFinder {
    /// The 1-based line setting the last key of `path` (`header =` for
    /// `scenes.settings.scroll.header`, `after =` for `scenes.splash.after`) when that key is a
    /// plain identifier and `source` sets it exactly once; else nil (no line rather than a wrong
    /// one). A key only counts when no identifier character comes right before it, so
    /// `on_after =` does not set `after`; two settings on one line count as two.
    public static func line(ofPathKey path: String, in source: String) -> Int? {
        guard let key = path.split(separator: ".").last.map(String.init), isIdentifier(key) else { return nil }
        let lines = source.components(separatedBy: "\n")
        let counts = lines.map { keyWrites(key, $0) }
        guard counts.reduce(0, +) == 1, let index = counts.firstIndex(of: 1) else { return nil }
        return index + 1
    }

    /// True for a Lua name: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ word: String) -> Bool {
        word.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil
    }
}
