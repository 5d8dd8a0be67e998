extension SourceLineFinder {
    /// Table paths whose key is also looked for inside its own nested tables (a value checked
    /// against others, not quoted in the message): a scroll region on an overlay scene
    /// (`.scroll`), its header (`ScrollRegion.bandProblem`) and its height
    /// (`ScrollRegion.heightProblem`), so a landscape variant's `header =` is told from the
    /// portrait one's; a scene's `landscape` (written by many scenes) and its sequence's `turn`.
    static let keyLocatedPaths = [".scroll", ".scroll.header", ".scroll.height", ".landscape", ".landscape.turn"]
    /// Tables whose keys are names the user chose (a state control's `states` and `segments`,
    /// issue 17): a key is looked for directly inside a table of that name.
    static let nestedParents: [String] = ["states", "segments"]

    /// The 1-based line setting the last key of `path` (`header =` for
    /// `scenes.settings.scroll.header`, `after =` for `scenes.splash.after`), or nil (no line
    /// rather than a wrong one). For `keyLocatedPaths`: the one line where that key is written
    /// inside tables with the path's keys (`LuaTablePathScanner`); none when several are.
    /// Otherwise, or when the nested search finds nothing: the one line of `source` that sets
    /// that key at all, when it is a plain identifier set exactly once. A key only counts when
    /// no identifier character comes right before it, so `on_after =` does not set `after`; two
    /// settings on one line count as two.
    /// An item of a landscape sequence (`scenes.stocks.landscape[2]`): the one line writing
    /// that scene's `landscape =` list.
    public static func line(ofPathKey path: String, in source: String) -> Int? {
        if let item = path.range(of: #"\.landscape\[[0-9]+\]$"#, options: .regularExpression) {
            let list = path[..<item.lowerBound].split(separator: ".").map(String.init) + ["landscape"]
            let nested = LuaTablePathScanner.lines(setting: list, in: source)
            return nested.count == 1 ? nested[0] : nil
        }
        guard let key = path.split(separator: ".").last.map(String.init), isIdentifier(key) else { return nil }
        if keyLocatedPaths.contains(where: { path.hasSuffix($0) }) {
            let nested = LuaTablePathScanner.lines(setting: path.split(separator: ".").map(String.init), in: source)
            if nested.count == 1 { return nested[0] }
            if nested.count > 1 { return nil }
        }
        let parts = path.split(separator: ".").map(String.init)
        if parts.count >= 2, nestedParents.contains(parts[parts.count - 2]) {
            // A state's image or segment (`Metric =` inside `segments = {`): the one such line.
            let nested = LuaTablePathScanner.lines(setting: Array(parts.suffix(2)), in: source)
            if nested.count == 1 { return nested[0] }
        }
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
