import Foundation

/// The time axis of a timeline chart: idle stretches between transitions are cut out, so
/// every transition gets room for its frames. Active spans (each transition padded by
/// `padding` seconds, merged when closer than `mergeGap`) are laid side by side, separated by
/// `breakWidth` pixels where time was cut.
public struct TimelineAxis: Sendable {
    /// One kept stretch of time and where it starts on the chart.
    public struct Segment: Equatable, Sendable {
        /// First second shown.
        public var start: Double
        /// Last second shown.
        public var end: Double
        /// X of `start`, pixels.
        public var x: Double
    }
    /// The kept stretches, in time order.
    public private(set) var segments: [Segment] = []
    /// Pixels per second.
    public let pixelsPerSecond: Double
    /// Total width in pixels.
    public private(set) var width: Double = 0
    /// Pixels of the cut between two segments.
    public let breakWidth: Double

    /// The widest chart drawn, pixels: a transition of 1e9 s made a chart of gigabytes
    /// (red-team finding F16); beyond this the scale goes below `minPixelsPerSecond`.
    public static let maxWidth = 20_000.0

    /// Lays out `spans` (seconds, any order) starting at x = `origin`, aiming at `targetWidth`
    /// pixels but keeping between `minPixelsPerSecond` and `maxPixelsPerSecond`, and the whole
    /// axis, cuts included, within `widthLimit` pixels (at most `maxWidth`) whatever the spans:
    /// when the cuts would take more than half of it they narrow (red-team 9 m6: 5 000
    /// transitions made an axis 181 000 px wide).
    public init(
        spans: [(Double, Double)], origin: Double, targetWidth: Double = 1000, padding: Double = 0.1,
        mergeGap: Double = 0.4, breakWidth: Double = 36, minPixelsPerSecond: Double = 400,
        maxPixelsPerSecond: Double = 1600, widthLimit: Double = TimelineAxis.maxWidth
    ) {
        var merged: [(Double, Double)] = []
        for (a, b) in spans.map({ (max(0, $0.0 - padding), $0.1 + padding) }).sorted(by: { $0.0 < $1.0 }) {
            if let last = merged.last, a - last.1 < mergeGap {
                merged[merged.count - 1].1 = max(last.1, b)
            } else {
                merged.append((a, b))
            }
        }
        let limit = min(widthLimit, Self.maxWidth)
        let cuts = Double(max(merged.count - 1, 0))
        let breakWidth = cuts > 0 ? min(breakWidth, limit / 2 / cuts) : breakWidth
        self.breakWidth = breakWidth
        let active = merged.reduce(0) { $0 + ($1.1 - $1.0) }
        let room = targetWidth - cuts * breakWidth
        let widest = max(limit - cuts * breakWidth, min(targetWidth, limit / 2))
        let scale = active > 0 ? min(max(room / active, minPixelsPerSecond), maxPixelsPerSecond) : 1000
        pixelsPerSecond = active * scale > widest ? widest / active : scale
        var x = origin
        for (a, b) in merged {
            segments.append(Segment(start: a, end: b, x: x))
            x += (b - a) * pixelsPerSecond + breakWidth
        }
        width = merged.isEmpty ? 0 : x - breakWidth - origin
    }

    /// X in pixels of clock time `t`; times in a cut map to the cut's middle.
    public func x(_ t: Double) -> Double {
        guard let first = segments.first else { return 0 }
        if t <= first.start { return first.x }
        for (i, s) in segments.enumerated() {
            if t <= s.end { return s.x + (t - s.start) * pixelsPerSecond }
            if i + 1 < segments.count, t < segments[i + 1].start {
                return s.x + (s.end - s.start) * pixelsPerSecond + breakWidth / 2
            }
        }
        let last = segments[segments.count - 1]
        return last.x + (last.end - last.start) * pixelsPerSecond
    }

    /// Tick times (seconds) at a round step giving labels at least `spacing` pixels apart.
    public func ticks(spacing: Double = 70) -> (step: Double, times: [Double]) {
        let raw = spacing / pixelsPerSecond
        let step =
            [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 30, 60].first { $0 >= raw } ?? Self.roundStep(raw)
        var times: [Double] = []
        for s in segments {
            var k = (s.start / step).rounded(.up)
            while k * step <= s.end + 1e-9 {
                times.append(k * step)
                k += 1
            }
        }
        return (step, times)
    }

    /// The smallest of 1, 2 and 5 × a power of ten that is at least `raw` (for long axes).
    static func roundStep(_ raw: Double) -> Double {
        var power = pow(10, (log10(raw)).rounded(.down))
        while true {
            for factor in [1.0, 2, 5] where factor * power >= raw { return factor * power }
            power *= 10
        }
    }
}
