import Foundation

/// Why a star-rating value was refused.
public enum StarRatingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value was NaN (e.g. `0/0` in Lua).
    case notANumber

    /// One line for messages.
    public var description: String {
        switch self {
        case .notANumber: return "the value is not a number (NaN)"
        }
    }
}

/// The value grid of a star rating: snapping to the step, clamping to the bounds, and the
/// accessibility text. Values are in stars.
///
/// Snapping is half-up to the nearest step with a tolerance for binary floating point, so
/// 0.7 with step 0.1 is exactly 0.7 and 2.25 with step 0.5 is 2.5 (rule 7 of issue 4). The
/// result is computed as an integer count of steps divided by the steps per star (1, 2 or
/// 10), so it is the same `Double` a literal would give.
public struct StarRatingValue: Equatable, Sendable {
    /// The step in stars: 1, 0.5 or 0.1.
    public var step: Double
    /// Smallest value.
    public var minimum: Double
    /// Largest value.
    public var maximum: Double

    /// Slack, in steps, for values that binary floating point puts a hair off the grid.
    static let tolerance = 1e-6

    /// Creates a grid; `step` must be > 0.
    public init(step: Double, minimum: Double, maximum: Double) {
        self.step = step
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whole steps per star (1, 2 or 10 for the allowed steps).
    public var stepsPerStar: Double { max(1, (1 / step).rounded()) }

    /// `value` snapped to the nearest step (half-up) and clamped to [minimum, maximum].
    /// ±infinity clamps to the bounds.
    /// - Throws: `StarRatingError.notANumber` for NaN.
    public func snap(_ value: Double) throws(StarRatingError) -> Double {
        guard !value.isNaN else { throw .notANumber }
        if value == .infinity { return maximum }
        if value == -.infinity { return minimum }
        let n = stepsPerStar
        let snapped = (value * n + 0.5 + Self.tolerance).rounded(.down) / n
        return clamp(snapped)
    }

    /// `value` clamped to [minimum, maximum] without snapping.
    public func clamp(_ value: Double) -> Double { min(max(value, minimum), maximum) }

    /// A fraction 0…1 of one star rounded up to the step (0 stays 0): 0.31 → 0.5 at step
    /// 0.5, → 0.4 at step 0.1, → 1 at step 1.
    public func roundUp(fraction: Double) -> Double {
        let n = stepsPerStar
        let f = min(max(fraction, 0), 1)
        return (f * n - Self.tolerance).rounded(.up) / n
    }

    /// One step up (`by` = 1) or down (`by` = -1) from `value`, stopping at the bounds.
    public func stepped(_ value: Double, by steps: Int) -> Double {
        let n = stepsPerStar
        let current = (value * n + Self.tolerance).rounded(.down)
        return clamp((current + Double(steps)) / n)
    }

    /// The accessibility value: `"3.5 of 5 stars"`, `"1 of 5 stars"`, or `"No rating"` at 0.
    public static func accessibilityText(_ value: Double, stars: Int) -> String {
        if value == 0 { return "No rating" }
        return "\(formatNumber(value, decimals: 1)) of \(stars) stars"
    }
}
