/// The text `sceneflow timing FILE.json` prints: one table row per transition with requested
/// and measured duration, frames, frame intervals, hitches and the completion rule.
public enum TimingReport {
    /// Milliseconds with `decimals` decimals, e.g. `350` or `16.7`; `–` for nil.
    public static func ms(_ seconds: Double?, decimals: Int = 0, unit: Bool = false) -> String {
        guard let seconds, seconds.isFinite else { return "–" }
        return String(format: "%.\(decimals)f", seconds * 1000) + (unit ? " ms" : "")
    }

    /// A signed millisecond difference, e.g. `+17` or `-3` (`0` for none); `–` for nil.
    public static func signedMs(_ seconds: Double?, decimals: Int = 0, unit: Bool = false) -> String {
        guard let seconds, seconds.isFinite else { return "–" }
        let text = ms(abs(seconds), decimals: decimals)
        let suffix = unit ? " ms" : ""
        if Double(text) == 0 { return ms(0, decimals: decimals) + suffix }
        return (seconds < 0 ? "-" : "+") + text + suffix
    }

    /// `crossfade` or `crossfade ×10` for slow motion.
    public static func kindLabel(_ record: TransitionRecord) -> String {
        record.transition.kind.rawValue + (record.isSlowMotion ? " ×\(formatNumber(record.slowMotion))" : "")
    }

    /// The largest wall-clock cost of the transition's rendered frames in ms and how many were
    /// rendered, e.g. `4.9 (1)`; `–` when none was.
    public static func renderCost(_ record: TransitionRecord) -> String {
        let costs = record.frames.compactMap(\.cost)
        guard let worst = costs.max() else { return "–" }
        return "\(ms(worst, decimals: 1)) (\(costs.count))"
    }

    /// `on time` or `off rule` (the completion rule), or `running`.
    public static func completionLabel(_ record: TransitionRecord) -> String {
        guard record.completion != nil else { return "running" }
        return record.stats.completionOnTime ? "on time" : "off rule"
    }

    /// The lines for `document` read from `file`: a title line, then the table (or a note
    /// that no transitions were recorded), then the column legend.
    public static func lines(_ document: TimelineDocument, file: String) -> [String] {
        let transitions = document.allTransitions
        let clocks = Set(document.runs.map(\.clock.rawValue)).sorted().joined(separator: ", ")
        var out = [
            "\(file): \(counted(transitions.count, "transition")) in \(counted(document.runs.count, "run")) (\(clocks.isEmpty ? "no" : clocks) clock)"
        ]
        guard !transitions.isEmpty else { return out + ["no transitions recorded"] }
        let multipleRuns = document.runs.count > 1
        let costs = transitions.contains { $0.record.frames.contains { $0.cost != nil } }
        var table = TextTable(
            header: (multipleRuns ? ["run"] : []) + [
                "#", "from -> to", "kind", "curve", "requested", "measured", "late", "frames",
                "interval min/med/p95/max ms", "hitches", "ms/s", "completion",
            ] + (costs ? ["render ms (frames)"] : []),
            alignments: (multipleRuns ? [.left] : []) + [
                .right, .left, .left, .left, .right, .right, .right, .right, .right, .right, .right, .left, .right,
            ])
        for (index, entry) in transitions.enumerated() {
            let r = entry.record
            let s = r.stats
            let late = r.measuredDuration.map { $0 - r.animatedDuration }
            let intervals = [s.minInterval, s.medianInterval, s.p95Interval, s.maxInterval]
                .map { ms($0, decimals: 1) }.joined(separator: "/")
            table.add(
                (multipleRuns ? [entry.run] : []) + [
                    "\(index + 1)", "\(r.from) -> \(r.to)", kindLabel(r), r.transition.curve.rawValue,
                    ms(r.animatedDuration, unit: true), ms(r.measuredDuration, unit: true), signedMs(late, unit: true),
                    "\(r.frameCount)", intervals, "\(s.hitches)", String(format: "%.1f", s.hitchRatio),
                    completionLabel(r),
                ] + (costs ? [renderCost(r)] : []))
        }
        out += table.lines
        out.append(
            "late = measured − requested (× slow motion); a hitch is a frame interval over "
                + "\(formatNumber(document.hitchFactor)) × \(ms(document.nominalFrameTime, decimals: 1)) ms; "
                + "ms/s = hitch time per second (goal ≤ 5)")
        return out
    }
}
