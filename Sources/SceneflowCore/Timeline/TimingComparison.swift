/// Two timelines side by side (`sceneflow timing A.json B.json`): transitions are matched in
/// order by from and to scenes, and the table shows each figure for A and B and B − A.
public enum TimingComparison {
    /// A matched pair (or a transition found in only one run).
    public struct Pair: Sendable {
        /// The transition in A, if any.
        public var a: TransitionRecord?
        /// The transition in B, if any.
        public var b: TransitionRecord?
    }

    /// Pairs transitions in order: each transition of `a` is matched with the next
    /// transition of `b` (after the previous match) with the same from and to scenes; the
    /// transitions of `b` skipped over, and those of `a` with no match, stand alone.
    public static func match(_ a: [TransitionRecord], _ b: [TransitionRecord]) -> [Pair] {
        var pairs: [Pair] = []
        var next = 0
        for record in a {
            if let found = b[next...].firstIndex(where: { $0.from == record.from && $0.to == record.to }) {
                pairs += b[next..<found].map { Pair(a: nil, b: $0) }
                pairs.append(Pair(a: record, b: b[found]))
                next = found + 1
            } else {
                pairs.append(Pair(a: record, b: nil))
            }
        }
        pairs += b[next...].map { Pair(a: nil, b: $0) }
        return pairs
    }

    /// The lines for comparing `a` (from `fileA`) with `b` (from `fileB`).
    public static func lines(_ a: TimelineDocument, file fileA: String, _ b: TimelineDocument, file fileB: String)
        -> [String]
    {
        let pairs = match(a.allTransitions.map(\.record), b.allTransitions.map(\.record))
        var out = [
            "A = \(fileA) (\(counted(a.allTransitions.count, "transition")))",
            "B = \(fileB) (\(counted(b.allTransitions.count, "transition")))",
        ]
        guard !pairs.isEmpty else { return out + ["no transitions recorded in either run"] }
        var table = TextTable(
            header: [
                "#", "from -> to", "kind A | B", "requested A | B", "measured A | B", "Δ measured", "frames A | B",
                "p95 interval A | B", "hitches A | B", "ms/s A | B",
            ],
            alignments: [.right, .left, .left, .right, .right, .right, .right, .right, .right, .right])
        for (index, pair) in pairs.enumerated() {
            let any = (pair.a ?? pair.b)!
            let delta = pair.a?.measuredDuration.flatMap { ma in pair.b?.measuredDuration.map { $0 - ma } }
            func both(_ f: (TransitionRecord) -> String) -> String {
                (pair.a.map(f) ?? "–") + " | " + (pair.b.map(f) ?? "–")
            }
            table.add([
                "\(index + 1)", "\(any.from) -> \(any.to)",
                both(TimingReport.kindLabel) + (pair.a == nil ? "  (only in B)" : pair.b == nil ? "  (only in A)" : ""),
                both { TimingReport.ms($0.animatedDuration) } + " ms",
                both { TimingReport.ms($0.measuredDuration) } + " ms",
                TimingReport.signedMs(delta, unit: true),
                both { "\($0.frameCount)" },
                both { TimingReport.ms($0.stats.p95Interval, decimals: 1) } + " ms",
                both { "\($0.stats.hitches)" },
                both { String(format: "%.1f", $0.stats.hitchRatio) },
            ])
        }
        out += table.lines
        out.append("matched in order by from -> to; Δ measured = B − A")
        return out
    }
}
