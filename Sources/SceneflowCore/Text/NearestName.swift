/// Suggests the nearest valid name for a misspelt one ("did you mean …?").
public enum NearestName {
    /// The candidate closest to `name` by edit distance (case-insensitive), if it is close
    /// enough to be a likely typo: one edit for names of up to four characters, else at most 2
    /// edits or a third of the longer name's length; never a candidate across a negation
    /// (`not_x` and `x`). Of equally near candidates, the alphabetically first (`hint` names
    /// them all). Bounded whatever the names (`boundedSuggestions`): names over `maxLength`
    /// get none.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        boundedSuggestions(for: name, among: candidates).first
    }

    /// `; did you mean "x"?`, `; did you mean "x" or "y"?` when several are equally near (a
    /// hint never picks one of them: `stip` may be `skip` or `step`, of opposite effect), or
    /// an empty string. When a suggestion would look identical to `name`
    /// (`UnicodeText.looksAlike`: a no-break space, a left-to-right mark, a combining accent),
    /// both are written with escapes so the difference shows: `; did you mean
    /// "Pay\u{200E} now"? (it looks like "Pay now" but differs in invisible or look-alike
    /// characters, shown as \u{…})`.
    public static func hint(for name: String, among candidates: [String]) -> String {
        let found = boundedSuggestions(for: name, among: candidates)
        guard let last = found.last else { return "" }
        if found.count == 1, UnicodeText.looksAlike(last, name) {
            return "; did you mean \"\(UnicodeText.escaped(last))\"? (it looks like \"\(UnicodeText.escaped(name))\""
                + " but differs in invisible or look-alike characters, shown as \\u{…})"
        }
        // A suggestion that mixes scripts (a Cyrillic е among Latin letters) is written with
        // escapes, so it never reads as another (red-team 51 B L1).
        let mixed = found.contains(where: UnicodeText.mixesScripts)
        let names = found.map {
            UnicodeText.mixesScripts($0)
                ? UnicodeText.shownExactly($0) : UnicodeText.looksAlike($0, name) ? UnicodeText.escaped($0) : $0
        }.map { "\"\($0)\"" }
        let shown =
            names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        return "; did you mean \(shown)?"
            + (mixed ? " (\\u{…}: a letter of another script, such as Cyrillic or Greek, among Latin ones)" : "")
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
