extension Int {
    /// `value` truncated toward zero and clamped to `Int`'s range; NaN gives 0. Swift's
    /// `Int(_: Double)` traps on NaN, ±infinity and anything beyond ±2^63 (SIGILL): a Lua
    /// number such as `max_diff_pixels = 2^63` or a NaN rectangle crashed the runner. Every
    /// number that crosses from Lua (or from arithmetic on one) into an `Int` goes through this
    /// after its own range check, so a check that misses a case cannot crash.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {  // 2^63 as a Double
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}

extension Int32 {
    /// `value` truncated toward zero and clamped to `Int32`'s range; NaN gives 0.
    public init(saturating value: Double) {
        self = Int32(clamping: Int(saturating: value))
    }
}
