extension SourceLineFinder {
    /// Table paths whose last key locates the problem (a value checked against others, not
    /// quoted in the message): a scroll region on an overlay scene (`.scroll`), its header
    /// (`ScrollRegion.bandProblem`) and its height (`ScrollRegion.heightProblem`).
    static let keyLocatedPaths = [".scroll", ".scroll.header", ".scroll.height"]

    /// The 1-based line setting the last key of `path` (`header =` for
    /// `scenes.settings.scroll.header`) when `path` ends with one of `keyLocatedPaths`: the one
    /// line where that key is written inside tables with the path's keys
    /// (`LuaTablePathScanner`, so `scenes.settings.landscape.scroll.header` finds the
    /// landscape variant's `header =` beside the portrait one), else the one line of `source`
    /// that sets that key at all; nil when neither is unique (no line rather than a wrong one).
    public static func line(ofPathKey path: String, in source: String) -> Int? {
        guard keyLocatedPaths.contains(where: { path.hasSuffix($0) }),
            let key = path.split(separator: ".").last.map(String.init)
        else { return nil }
        let nested = LuaTablePathScanner.lines(setting: path.split(separator: ".").map(String.init), in: source)
        if nested.count == 1 { return nested[0] }
        if nested.count > 1 { return nil }
        let lines = source.components(separatedBy: "\n")
        let hits = lines.indices.filter { writesKey(key, lines[$0]) }
        return hits.count == 1 ? hits[0] + 1 : nil
    }
}
