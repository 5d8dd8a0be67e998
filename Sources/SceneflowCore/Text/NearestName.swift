/// Suggests the nearest valid name for a misspelt one ("did you mean …?").
public enum NearestName {
    /// The candidate closest to `name` by edit distance (case-insensitive), if it is close
    /// enough to be a likely typo: at most 2 edits, or a third of the longer name's length.
    /// Bounded whatever the names (`boundedSuggestion`): names over `maxLength` get none.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        boundedSuggestion(for: name, among: candidates)
    }

    /// `; did you mean "x"?` or an empty string.
    public static func hint(for name: String, among candidates: [String]) -> String {
        suggestion(for: name, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
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
