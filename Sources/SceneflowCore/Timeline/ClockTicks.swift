/// Clock time as whole ticks of 1/600 000 s (issue 13.4): the virtual clock counts ticks, so a
/// frame (1/60 s = 10 000 ticks), a tap (0.05 s) or a push (0.35 s) add up without rounding
/// error, and every time it hands out is `ticks / 600 000` rounded once. Equal times are then
/// equal doubles in scripts (`now()`), the timeline and the reports; 100 frames of 0.4 s read
/// exactly 40.
public enum ClockTicks {
    /// Ticks per second: a multiple of 60 (frames), 120, 1 000 (milliseconds) and 100 000.
    public static let perSecond: Int64 = 600_000

    /// The largest tick count handled (about 487 000 years); beyond it times are clamped.
    static let limit: Int64 = 1 << 62

    /// `seconds` as the nearest whole number of ticks (non-finite values clamp to the limit,
    /// NaN to 0).
    public static func ticks(_ seconds: Double) -> Int64 {
        guard !seconds.isNaN else { return 0 }
        let scaled = (seconds * Double(perSecond)).rounded()
        if scaled >= Double(limit) { return limit }
        if scaled <= -Double(limit) { return -limit }
        return Int64(scaled)
    }

    /// `ticks` in seconds, rounded once.
    public static func seconds(_ ticks: Int64) -> Double { Double(ticks) / Double(perSecond) }

    /// `seconds` moved to the nearest tick (non-finite values unchanged).
    public static func snap(_ seconds: Double) -> Double {
        seconds.isFinite ? Self.seconds(ticks(seconds)) : seconds
    }

    /// The seconds from `start` to `end`, both taken to the nearest tick first: the difference
    /// of two clock readings without the error of subtracting doubles (reports show times
    /// relative to a test's start with it).
    public static func between(_ start: Double, _ end: Double) -> Double {
        guard start.isFinite, end.isFinite else { return end - start }
        return seconds(ticks(end) - ticks(start))
    }
}
