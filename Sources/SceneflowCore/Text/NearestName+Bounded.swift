/// The bounded edit distance behind `NearestName` (issue 15.3). A full n×m matrix for a 1 MiB
/// label took 23.9 GB; now:
/// - names longer than `maxLength` Unicode scalars get no suggestion and are never compared
///   (a did-you-mean of a paragraph helps nobody);
/// - a candidate whose length differs by more than the edit limit is skipped unseen;
/// - the distance keeps three rows (for the adjacent swap) and only the band of cells within
///   the limit of the diagonal, and stops as soon as a whole row exceeds the limit;
/// - one search compares at most `cellBudget` cells in all, then keeps the best so far.
extension NearestName {
    /// The longest name, in Unicode scalars, that is compared at all.
    public static let maxLength = 256
    /// The most distance cells one `suggestion` call computes.
    public static let cellBudget = 4_000_000

    /// The optimal-string-alignment distance of `a` and `b` when it is at most `limit`, else
    /// `limit + 1`; `cells` counts the cells computed.
    static func boundedDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, cells: inout Int) -> Int {
        let n = a.count
        let m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 || m == 0 { return max(n, m) }
        let big = limit + 1
        var before = [Int](repeating: big, count: m + 1)  // row i - 2
        var previous = [Int](repeating: big, count: m + 1)  // row i - 1
        var current = [Int](repeating: big, count: m + 1)
        for j in 0...min(m, limit) { previous[j] = j }
        for i in 1...n {
            let low = max(1, i - limit)
            let high = min(m, i + limit)
            current[0] = i <= limit ? i : big
            if low > 1 { current[low - 1] = big }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                    current[j] = min(d, big)
                    rowMinimum = min(rowMinimum, current[j])
                }
                cells += high - low + 1
            }
            if high < m { current[high + 1] = big }
            if rowMinimum > limit { return big }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[m], big)
    }

    /// The suggestion search with every bound applied (see the type's comment): the nearest
    /// candidates, all of those at the same distance (sorted), never one across a negation.
    static func boundedSuggestions(for name: String, among candidates: [String]) -> [String] {
        var cells = 0
        return boundedSuggestions(for: name, among: candidates, cells: &cells)
    }

    /// As `boundedSuggestions(for:among:)`, adding to `cells` the distance cells it computed (the
    /// measure of its work that the bounds hold: at most `cellBudget` plus one candidate's band).
    static func boundedSuggestions(for name: String, among candidates: [String], cells: inout Int) -> [String] {
        let typed = Array(name.lowercased().unicodeScalars)
        guard typed.count <= maxLength else { return [] }
        let negated = isNegated(name)
        var best: (names: [String], distance: Int)?
        var previous: String?
        for candidate in candidates.sorted() where candidate != previous {
            previous = candidate
            let other = Array(candidate.lowercased().unicodeScalars)
            guard other.count <= maxLength, isNegated(candidate) == negated else { continue }
            let bound = min(editLimit(typed.count, other.count), best?.distance ?? .max)
            let d = boundedDistance(typed, other, limit: bound, cells: &cells)
            // Only a near candidate is read for its meaning (the work stays within the bounds).
            if d <= bound, !meaningDiffers(name, candidate) {
                if let current = best, current.distance == d {
                    best = (current.names + [candidate], d)
                } else {
                    best = ([candidate], d)
                }
            }
            if cells > cellBudget { break }
        }
        return best?.names ?? []
    }

    /// Words that only join others in API names (`to_be_greater_than`): adding or dropping one
    /// does not change what a name does.
    static let fillerWords: Set<Substring> = ["to", "be", "is", "a", "the", "than"]
    /// Prefixes that turn a word into its opposite (`invisible`, `untap`, `disable`).
    static let negatingPrefixes = ["in", "un", "non", "dis", "im"]
    /// Words a typo's distance joins although they mean different things: `true` is one value,
    /// `truthy` any but nil and false (`to_be_true` must never be offered `to_be_truthy`).
    static let distinctWords: Set<[Substring]> = [["true", "truthy"], ["false", "falsy"]]

    /// True when `name` and `candidate` differ in meaning, not by a typo, so no hint may join
    /// them: a word of one is a word of the other behind a negating prefix (`invisible` and
    /// `visible`, `Unread` and `Read`), the two are `distinctWords` (`true` and `truthy`), or, for API names (`snake_case`), their words other than
    /// `fillerWords` do not pair up one for one within a typo each (at most half the longer
    /// word's letters changed; `greater_or_equal` and
    /// `greater_than`, `not_tree` and `not_scene`). Labels with spaces or capitals keep the
    /// plain edit distance (`Log in` and `Login`).
    static func meaningDiffers(_ name: String, _ candidate: String) -> Bool {
        let (a, b) = (words(name), words(candidate))
        for x in a {
            for y in b where x != y {
                for prefix in negatingPrefixes {
                    if x == prefix + y || y == prefix + x { return true }
                }
                if distinctWords.contains([x, y]) || distinctWords.contains([y, x]) { return true }
            }
        }
        guard isIdentifier(name), isIdentifier(candidate), name.contains("_") || candidate.contains("_") else {
            return false
        }
        let (meaningA, meaningB) = (a.filter { !fillerWords.contains($0) }, b.filter { !fillerWords.contains($0) })
        guard meaningA.count == meaningB.count else { return true }
        for (x, y) in zip(meaningA, meaningB) where x != y {
            var cells = 0
            let (xs, ys) = (Array(x.unicodeScalars), Array(y.unicodeScalars))
            let limit = max(1, max(xs.count, ys.count) / 2)  // `nill`, `greter`, `null` for `nil`
            if boundedDistance(xs, ys, limit: limit, cells: &cells) > limit { return true }
        }
        return false
    }

    /// A name's words, lower-cased: split at anything but letters and digits.
    static func words(_ name: String) -> [Substring] {
        name.lowercased().split { !($0.isLetter || $0.isNumber) }
    }

    /// True for an API-style name: lower-case ASCII letters, digits and `_` only.
    static func isIdentifier(_ name: String) -> Bool {
        name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// The most edits a typo of a name may have: one for names of up to four characters (two
    /// edits make `slow` into `log`, another word), else two, or a third of the longer name.
    static func editLimit(_ a: Int, _ b: Int) -> Int {
        let longer = max(a, b)
        return longer <= 4 ? 1 : max(2, longer / 3)
    }

    /// True when `name` holds a negation word (`not`, `no`) among its words (split at
    /// anything but letters and digits, and before capitals): `not_to_equal` is the opposite
    /// of `to_equal`, never a typo of it.
    static func isNegated(_ name: String) -> Bool {
        // Over UTF-8 bytes (fast on long labels): ASCII letters and digits and every non-ASCII
        // byte are word characters; a capital after a small letter starts a word.
        var word: [UInt8] = []
        var previousSmall = false
        func isNegation() -> Bool { word == [0x6E, 0x6F] || word == [0x6E, 0x6F, 0x74] }  // "no", "not"
        for byte in name.utf8 {
            let small = byte >= 0x61 && byte <= 0x7A
            let capital = byte >= 0x41 && byte <= 0x5A
            let digit = byte >= 0x30 && byte <= 0x39
            if capital && previousSmall {
                if isNegation() { return true }
                word.removeAll()
            }
            if small || capital || digit || byte >= 0x80 {
                // A word longer than three letters is neither: kept as a marker that matches nothing.
                if word.count < 4 { word.append(capital ? byte + 0x20 : byte) } else { word = [0] }
            } else {
                if isNegation() { return true }
                word.removeAll()
            }
            previousSmall = small
        }
        return isNegation()
    }
}
