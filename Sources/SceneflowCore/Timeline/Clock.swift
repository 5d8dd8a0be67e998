import Foundation

/// A source of time in seconds. Core never reads the system time itself (DESIGN.md §5 rule 5):
/// the runner passes a clock's `now` into `Session.step(to:)`.
public protocol Clock: AnyObject {
    /// Seconds since the clock started.
    var now: Double { get }
}

/// A clock that moves only when told to: headless runs are deterministic and never wait for
/// real animation time.
public final class VirtualClock: Clock {
    /// Seconds since the clock started.
    public private(set) var now: Double
    /// The frame duration used by `advanceFrame()`, in seconds (default 1/60 s).
    public let frameDuration: Double

    /// Creates a clock at `start` seconds stepping `frameDuration` seconds per frame.
    public init(start: Double = 0, frameDuration: Double = 1.0 / 60.0) {
        self.now = start
        self.frameDuration = frameDuration
    }

    /// Moves the clock forward by `seconds` (negative values are ignored).
    public func advance(by seconds: Double) { now += max(0, seconds) }

    /// Moves the clock forward by one frame.
    public func advanceFrame() { now += frameDuration }
}

/// Real monotonic time for the window, in seconds since the clock was created.
public final class WallClock: Clock {
    private let origin = DispatchTime.now().uptimeNanoseconds

    /// Creates a clock reading 0 now.
    public init() {}

    /// Seconds since the clock was created.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e9 }
}
