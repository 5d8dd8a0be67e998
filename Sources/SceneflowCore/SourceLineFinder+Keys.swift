extension SourceLineFinder {
    /// Table paths whose last key locates the problem (a value checked against others, not
    /// quoted in the message): the scroll region's header (`ScrollRegion.bandProblem`).
    static let keyLocatedPaths = [".scroll.header"]

    /// The 1-based line setting the last key of `path` (`header =` for
    /// `scenes.settings.scroll.header`) when `path` ends with one of `keyLocatedPaths` and
    /// exactly one line of `source` sets that key; else nil (no line rather than a wrong one).
    public static func line(ofPathKey path: String, in source: String) -> Int? {
        guard keyLocatedPaths.contains(where: { path.hasSuffix($0) }),
            let key = path.split(separator: ".").last.map(String.init)
        else { return nil }
        let lines = source.components(separatedBy: "\n")
        let hits = lines.indices.filter { writesKey(key, lines[$0]) }
        return hits.count == 1 ? hits[0] + 1 : nil
    }
}
