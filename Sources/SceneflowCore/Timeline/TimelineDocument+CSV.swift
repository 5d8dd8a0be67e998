extension TimelineDocument {
    /// The CSV header: one row per transition follows (times in seconds, `hitch_ratio` in
    /// ms/s, empty cells for unknown values; `reloads_before`: how many hot reloads of the
    /// run's prototype happened before the transition started, so rows after a reload are
    /// marked).
    public static let csvHeader = [
        "run", "index", "from", "to", "kind", "curve", "requested_duration", "slow_motion", "start", "first_frame",
        "last_frame", "completion", "measured_duration", "frame_count", "interval_min", "interval_median",
        "interval_p95", "interval_max", "hitches", "hitch_time", "hitch_ratio", "completion_on_time",
        "reloads_before",
    ]

    /// One row per transition of every run, RFC 4180 quoting, `\n` line ends, with a header.
    public func csv() -> String {
        var lines = [TimelineDocument.csvHeader.joined(separator: ",")]
        func number(_ v: Double?) -> String {
            guard let v, v.isFinite else { return "" }
            return String(format: "%.6f", v)
        }
        func quoted(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        let entries = runs.flatMap { run in
            let reloads = run.events.filter { $0.type == "reload" }.map(\.time)
            return run.transitions.map { record in
                (run: run.name, record: record, reloads: reloads.filter { $0 <= record.start }.count)
            }
        }
        for (index, entry) in entries.enumerated() {
            let r = entry.record
            let before = entry.reloads
            let s = r.stats
            let cells = [
                quoted(entry.run), "\(index + 1)", quoted(r.from), quoted(r.to), r.transition.kind.rawValue,
                r.transition.curve.rawValue, number(r.requestedDuration), formatNumber(r.slowMotion), number(r.start),
                number(r.firstFrame), number(r.lastFrame), number(r.completion), number(r.measuredDuration),
                "\(r.frameCount)", number(s.minInterval), number(s.medianInterval), number(s.p95Interval),
                number(s.maxInterval), "\(s.hitches)", number(s.hitchTime), String(format: "%.3f", s.hitchRatio),
                r.completion == nil ? "" : "\(s.completionOnTime)", "\(before)",
            ]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
