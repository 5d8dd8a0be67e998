/// One raw pointer event in points, from the mouse or from a script: both take this path
/// (DESIGN.md §5 rule 6).
public struct InputEvent: Equatable, Sendable {
    /// Press, move or release.
    public enum Phase: String, Sendable { case down, move, up }
    /// Press, move or release.
    public var phase: Phase
    /// Where, in points.
    public var point: Point
    /// When, in clock seconds.
    public var time: Double
    /// Creates an input event.
    public init(_ phase: Phase, _ point: Point, at time: Double) {
        self.phase = phase
        self.point = point
        self.time = time
    }
}

/// A recognised gesture, in points and seconds.
public enum Gesture: Equatable, Sendable, CustomStringConvertible {
    /// A short press and release without moving.
    case tap(at: Point)
    /// A second tap that started within `GestureRecognizer.doubleTapInterval` of the first
    /// tap's release and within `GestureRecognizer.doubleTapSlop` of it (UIKit's rule). The
    /// first tap was reported as `.tap` on its own.
    case doubleTap(at: Point)
    /// A press held without moving for at least `GestureRecognizer.longPressDuration`.
    case longPress(at: Point, duration: Double)
    /// A quick movement mostly along one axis; `direction` is the finger's motion.
    case swipe(direction: SwipeDirection, from: Point, to: Point, duration: Double)
    /// Any other movement: the path the finger took.
    case drag(path: [Point], duration: Double)

    /// Where the gesture started, in points.
    public var start: Point {
        switch self {
        case .tap(let p), .doubleTap(let p), .longPress(let p, _): return p
        case .swipe(_, let from, _, _): return from
        case .drag(let path, _): return path.first ?? Point(x: 0, y: 0)
        }
    }

    /// `tap (x, y)`, `swipe left from (x, y)`, …
    public var description: String {
        switch self {
        case .tap(let p): return "tap at \(p)"
        case .doubleTap(let p): return "double tap at \(p)"
        case .longPress(let p, let d): return "long press at \(p) for \(formatNumber(d, decimals: 3))s"
        case .swipe(let dir, let from, let to, _): return "swipe \(dir.rawValue) from \(from) to \(to)"
        case .drag(let path, _): return "drag over \(counted(path.count, "point"))"
        }
    }
}

/// Turns press → move → release into gestures.
///
/// Thresholds (points and seconds; chosen after UIKit's and Android's defaults):
/// - tap: the pointer stays within `slop` (10 pt) of the press and is released within
///   `longPressDuration` (0.5 s);
/// - long press: within `slop`, held for 0.5 s or more;
/// - swipe: released within `swipeMaxDuration` (1 s), moved at least `swipeMinDistance`
///   (40 pt) along one axis, and the movement along that axis is at least twice the other;
/// - double tap: a tap whose press comes within `doubleTapInterval` (0.3 s) of the previous
///   tap's release and within `doubleTapSlop` (20 pt) of it;
/// - anything else is a drag.
public struct GestureRecognizer: Sendable {
    /// Maximum movement, in points, for a tap or long press.
    public static let slop = 10.0
    /// Minimum hold, in seconds, for a long press.
    public static let longPressDuration = 0.5
    /// Minimum travel along the main axis, in points, for a swipe.
    public static let swipeMinDistance = 40.0
    /// Maximum duration, in seconds, for a swipe.
    public static let swipeMaxDuration = 1.0

    /// Longest pause, in seconds, between a tap's release and the next press for a double tap.
    public static let doubleTapInterval = 0.3
    /// Farthest distance, in points, between the two taps of a double tap.
    public static let doubleTapSlop = 20.0

    private var path: [Point] = []
    private var lastTap: (point: Point, time: Double)?
    private var startTime = 0.0
    private var maxDistance = 0.0

    /// Creates an idle recognizer.
    public init() {}

    /// True between a press and its release.
    public var isTracking: Bool { !path.isEmpty }

    /// Forgets a gesture in flight (for example when the scene is reset).
    public mutating func cancel() {
        path.removeAll()
        lastTap = nil
    }

    /// Feeds one event; returns the gesture completed by a release, if any. A move or release
    /// without a press is ignored, and a second press restarts tracking.
    public mutating func handle(_ event: InputEvent) -> Gesture? {
        switch event.phase {
        case .down:
            path = [event.point]
            startTime = event.time
            maxDistance = 0
            return nil
        case .move:
            guard let first = path.first else { return nil }
            path.append(event.point)
            maxDistance = max(maxDistance, first.distance(to: event.point))
            return nil
        case .up:
            guard let first = path.first else { return nil }
            path.append(event.point)
            maxDistance = max(maxDistance, first.distance(to: event.point))
            var gesture = classify(first: first, last: event.point, duration: event.time - startTime)
            path.removeAll()
            if case .tap(let point) = gesture {
                if let previous = lastTap, startTime - previous.time <= Self.doubleTapInterval + 1e-9,
                    previous.point.distance(to: point) <= Self.doubleTapSlop
                {
                    gesture = .doubleTap(at: point)
                    lastTap = nil
                } else {
                    lastTap = (point, event.time)
                }
            } else {
                lastTap = nil
            }
            return gesture
        }
    }

    private func classify(first: Point, last: Point, duration: Double) -> Gesture {
        if maxDistance <= Self.slop {
            return duration >= Self.longPressDuration
                ? .longPress(at: first, duration: duration) : .tap(at: first)
        }
        let dx = last.x - first.x
        let dy = last.y - first.y
        if duration <= Self.swipeMaxDuration {
            if abs(dx) >= Self.swipeMinDistance && abs(dx) >= 2 * abs(dy) {
                return .swipe(direction: dx < 0 ? .left : .right, from: first, to: last, duration: duration)
            }
            if abs(dy) >= Self.swipeMinDistance && abs(dy) >= 2 * abs(dx) {
                return .swipe(direction: dy < 0 ? .up : .down, from: first, to: last, duration: duration)
            }
        }
        return .drag(path: path, duration: duration)
    }
}
