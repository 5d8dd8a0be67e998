extension Int32 {
    /// The largest pixel coordinate or length the renderer passes to SDL (2^30), far beyond any
    /// texture (16 384 px a side) yet with room for sums of two of them.
    static let pixelLimit: Int32 = 1 << 30

    /// `value` (pixels) rounded to the nearest whole pixel and clamped to ±`pixelLimit`; NaN
    /// becomes 0. `Int32(_: Double)` traps on values out of range, which turned a prototype
    /// number the loader missed into SIGILL in `render` (red-team findings F6, F7): the loader
    /// bounds every point value (`PrototypeValidator`), and this is the renderer's backstop.
    init(pixels value: Double) {
        let limit = Double(Int32.pixelLimit)
        if value.isNaN {
            self = 0
        } else {
            self = Int32(Swift.max(-limit, Swift.min(limit, value.rounded())))
        }
    }
}
