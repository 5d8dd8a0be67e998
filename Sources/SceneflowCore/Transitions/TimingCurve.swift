/// A timing curve maps linear progress (0…1 of the duration) to animation progress (0…1).
///
/// The eased curves are the cubic Béziers that CSS and Core Animation define:
/// `ease_in` = (0.42, 0, 1, 1), `ease_out` = (0, 0, 0.58, 1), `ease_in_out` = (0.42, 0, 0.58, 1).
public enum TimingCurve: String, CaseIterable, Sendable, Equatable {
    /// Constant speed.
    case linear
    /// Starts slowly, ends at full speed.
    case easeIn = "ease_in"
    /// Starts at full speed, ends slowly.
    case easeOut = "ease_out"
    /// Slow at both ends.
    case easeInOut = "ease_in_out"

    /// The eased progress for linear progress `t`; `t` is clamped to 0…1 and the ends map
    /// exactly to 0 and 1.
    public func value(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        if t == 0 || t == 1 { return t }
        switch self {
        case .linear: return t
        case .easeIn: return CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1).y(forX: t)
        case .easeOut: return CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1).y(forX: t)
        case .easeInOut: return CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1).y(forX: t)
        }
    }
}

/// A cubic Bézier from (0, 0) to (1, 1) with two control points, solved for y given x the way
/// browsers do: Newton's method, falling back to bisection.
struct CubicBezier {
    let x1: Double, y1: Double, x2: Double, y2: Double

    private func sample(_ a: Double, _ b: Double, _ t: Double) -> Double {
        // B(t) = 3(1-t)^2 t a + 3(1-t) t^2 b + t^3
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    private func slope(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }

    func y(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sample(x1, x2, t) - x
            if abs(error) < 1e-9 { return sample(y1, y2, t) }
            let d = slope(x1, x2, t)
            if abs(d) < 1e-9 { break }
            t -= error / d
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<60 {
            let value = sample(x1, x2, t)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return sample(y1, y2, t)
    }
}
