/// Suggests the nearest valid name for a misspelt one ("did you mean …?").
public enum NearestName {
    /// The candidate closest to `name` by edit distance (case-insensitive), if it is close
    /// enough to be a likely typo: at most 2 edits, or a third of the longer name's length.
    /// Bounded whatever the names (`boundedSuggestion`): names over `maxLength` get none.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        boundedSuggestion(for: name, among: candidates)
    }

    /// `; did you mean "x"?` or an empty string. When the suggestion would look identical to
    /// `name` (`UnicodeText.looksAlike`: a no-break space, a left-to-right mark, a combining
    /// accent), both are written with escapes so the difference shows: `; did you mean
    /// "Pay\u{200E} now"? (it looks like "Pay now" but differs in invisible or look-alike
    /// characters, shown as \u{…})`.
    public static func hint(for name: String, among candidates: [String]) -> String {
        guard let found = suggestion(for: name, among: candidates) else { return "" }
        guard UnicodeText.looksAlike(found, name) else { return "; did you mean \"\(found)\"?" }
        return "; did you mean \"\(UnicodeText.escaped(found))\"? (it looks like \"\(UnicodeText.escaped(name))\""
            + " but differs in invisible or look-alike characters, shown as \\u{…})"
    }

    /// Levenshtein distance counting an adjacent swap as one edit (optimal string alignment),
    /// over Unicode scalars, in three rows of memory.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        var cells = 0
        return boundedDistance(x, y, limit: max(x.count, y.count), cells: &cells)
    }
}
