import Foundation

/// Formats a duration in seconds for a message: as `formatNumber` (at most two decimals, no
/// trailing `.0`), except that a duration under 0.01 s that is not zero keeps its first two
/// significant digits (`0.001`, `0.0015`, `1e-09`): a limit of 1 ms never reads "0 s".
public func formatSeconds(_ value: Double) -> String {
    guard value.isFinite, value != 0, abs(value) < 0.01 else { return formatNumber(value) }
    return String(format: "%.2g", value)
}
