/// Suggests the nearest valid name for a misspelt one ("did you mean …?").
public enum NearestName {
    /// The candidate closest to `name` by edit distance (case-insensitive), if it is close
    /// enough to be a likely typo: at most 2 edits, or a third of the longer name's length.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lower = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let d = editDistance(lower, candidate.lowercased())
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (candidate, distance) = best else { return nil }
        let limit = max(2, max(name.count, candidate.count) / 3)
        return distance <= limit ? candidate : nil
    }

    /// `; did you mean "x"?` or an empty string.
    public static func hint(for name: String, among candidates: [String]) -> String {
        suggestion(for: name, among: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance counting an adjacent swap as one edit (optimal string alignment).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
