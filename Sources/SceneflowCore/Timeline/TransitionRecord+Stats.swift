/// The nominal frame and the hitch rule used for timing figures.
public enum FrameTiming {
    /// The nominal frame time: 1/60 s.
    public static let nominalFrameTime = 1.0 / 60.0
    /// A frame interval longer than this many nominal frame times is a hitch (1.5, so an
    /// interval over 25 ms at 60 Hz).
    public static let hitchFactor = 1.5

    /// The q-quantile (0…1) of ascending `sorted` values by nearest rank; nil when empty.
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// Frame intervals, hitches and the completion rule for one transition, derived from its
/// record. Intervals are between consecutive presented frames (wall time after present in the
/// window, clock time headless), in seconds.
public struct TransitionStats: Equatable, Sendable {
    /// Intervals between consecutive frames, in order, seconds.
    public var intervals: [Double]
    /// Shortest interval (nil with fewer than two frames).
    public var minInterval: Double?
    /// Median interval (nearest rank).
    public var medianInterval: Double?
    /// 95th percentile interval (nearest rank).
    public var p95Interval: Double?
    /// Longest interval.
    public var maxInterval: Double?
    /// Intervals over `hitchFactor` × the nominal frame time.
    public var hitches: Int
    /// Sum over hitches of (interval − nominal frame time), seconds.
    public var hitchTime: Double
    /// Hitch time per second of the transition's measured duration (up to the last frame
    /// while still running), in ms/s (Apple's hitch ratio: ≤ 5 is good, > 10 noticeable). 0
    /// when that duration is 0.
    public var hitchRatio: Double
    /// True when the completion fired on the first frame at or after start + duration
    /// (× slow motion), and after that frame was presented.
    public var completionOnTime: Bool

    /// Computes the figures for `record` with a nominal frame of `nominal` seconds.
    public init(_ record: TransitionRecord, nominal: Double = FrameTiming.nominalFrameTime) {
        let times = record.frames.map(\.presented)
        intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        let sorted = intervals.sorted()
        minInterval = sorted.first
        medianInterval = FrameTiming.quantile(sorted, 0.5)
        p95Interval = FrameTiming.quantile(sorted, 0.95)
        maxInterval = sorted.last
        let threshold = nominal * FrameTiming.hitchFactor
        let late = intervals.filter { $0 > threshold }
        hitches = late.count
        hitchTime = late.reduce(0) { $0 + ($1 - nominal) }
        let span = record.measuredDuration ?? record.lastFrame.map { $0 - record.start }
        if let span, span > 0 {
            hitchRatio = hitchTime * 1000 / span
        } else {
            hitchRatio = 0
        }
        completionOnTime = TransitionStats.followsCompletionRule(record)
    }

    /// The completion rule (DESIGN.md §6): the completing frame is the first whose clock time
    /// is at or after start + duration (1 ns of slack), it is the last frame recorded, the
    /// completion carries its clock time, and (window) its wall time is not before the
    /// frame's presentation.
    public static func followsCompletionRule(_ record: TransitionRecord) -> Bool {
        guard let completion = record.completion, let last = record.frames.last else { return false }
        let due = record.start + record.animatedDuration
        guard let index = record.frames.firstIndex(where: { $0.clock + 1e-9 >= due }) else { return false }
        guard index == record.frames.count - 1, completion == last.clock else { return false }
        if let wall = record.completionWall, let presented = last.wall, wall < presented { return false }
        return true
    }
}

extension TransitionRecord {
    /// Frame intervals, hitches and the completion rule at the nominal 60 Hz frame.
    public var stats: TransitionStats { TransitionStats(self) }
}
