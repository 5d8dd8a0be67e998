/// The bezel test for the top edge: the screen's top is the innermost shared edge above which
/// the columns show only bezel colours. A contrasting app bar or status bar whose bottom edge
/// lies in the outer 12 % is then not taken for the bezel: above its bottom edge the columns
/// show the bar's colour, which the side bezels do not have.
extension ScreenFinder {
    /// How far (0–255, any channel) a colour may be from a side-bezel colour to count as bezel.
    static let bezelTolerance = 24
    /// How many non-bezel pixels a column may show above an edge (anti-aliasing at the bezel's
    /// inner rim) and still count as bezel there.
    static let bezelSlack = 2

    /// The colours of the left bezel, read along `rows` from each row's first opaque pixel up
    /// to `left` (the screen's left edge): at most the 32 most frequent colours.
    static func bezelColours(_ rows: [Line], left: Int) -> [(Int, Int, Int)] {
        var counts: [Int: Int] = [:]  // packed 0xRRGGBB → pixels
        for line in rows {
            let p = line.image.pixels
            guard let outer = (0..<left).first(where: { p[line.offset($0, reversed: false) + 3] >= 128 }) else {
                continue
            }
            for i in outer..<left {
                let o = line.offset(i, reversed: false)
                counts[Int(p[o]) << 16 | Int(p[o + 1]) << 8 | Int(p[o + 2]), default: 0] += 1
            }
        }
        return counts.sorted { $0.value > $1.value }.prefix(32).map { ($0.key >> 16, $0.key >> 8 & 255, $0.key & 255) }
    }

    /// The innermost of `edges` (ascending positions from the top) above which at least 80 % of
    /// `columns` show only `bezel` colours (up to `bezelSlack` other pixels each), from their
    /// first opaque pixel; nil when no edge qualifies.
    static func innermostBezelEdge(_ edges: [Int], columns: [Line], bezel: [(Int, Int, Int)]) -> Int? {
        guard !bezel.isEmpty else { return nil }
        let needed = Int((Double(columns.count) * 0.8).rounded(.up))
        func isBezel(_ p: [UInt8], _ o: Int) -> Bool {
            bezel.contains {
                abs($0.0 - Int(p[o])) <= bezelTolerance && abs($0.1 - Int(p[o + 1])) <= bezelTolerance
                    && abs($0.2 - Int(p[o + 2])) <= bezelTolerance
            }
        }
        return edges.reversed().first { edge in
            let passing = columns.filter { line in
                let p = line.image.pixels
                guard let outer = (0..<edge).first(where: { p[line.offset($0, reversed: false) + 3] >= 128 }) else {
                    return false
                }
                var others = 0
                for i in outer..<edge where !isBezel(p, line.offset(i, reversed: false)) {
                    others += 1
                    if others > bezelSlack { return false }
                }
                return true
            }.count
            return passing >= needed
        }
    }
}
