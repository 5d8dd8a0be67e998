import Foundation

/// A source of time in seconds. Core never reads the system time itself (DESIGN.md §5 rule 5):
/// the runner passes a clock's `now` into `Session.step(to:)`.
public protocol Clock: AnyObject {
    /// Seconds since the clock started.
    var now: Double { get }
}

/// A clock that moves only when told to: headless runs are deterministic and never wait for
/// real animation time. It counts whole ticks (`ClockTicks`, 1/600 000 s), so time never drifts:
/// 6 000 frames of 1/60 s read exactly 100 s.
public final class VirtualClock: Clock {
    /// Ticks since the clock's zero (`ClockTicks.perSecond` per second).
    public private(set) var ticks: Int64
    /// Ticks per frame, at least 1.
    let frameTicks: Int64

    /// Seconds since the clock started: the ticks in seconds, rounded once.
    public var now: Double { ClockTicks.seconds(ticks) }
    /// The frame duration used by `advanceFrame()`, in seconds (default 1/60 s), taken to the
    /// nearest tick.
    public var frameDuration: Double { ClockTicks.seconds(frameTicks) }

    /// Creates a clock at `start` seconds stepping `frameDuration` seconds per frame (both taken
    /// to the nearest tick).
    public init(start: Double = 0, frameDuration: Double = 1.0 / 60.0) {
        self.ticks = ClockTicks.ticks(start)
        self.frameTicks = max(1, ClockTicks.ticks(frameDuration))
    }

    /// Moves the clock forward by `seconds`, taken to the nearest tick (negative values are
    /// ignored).
    public func advance(by seconds: Double) { add(max(0, ClockTicks.ticks(seconds))) }

    /// Moves the clock forward by one frame.
    public func advanceFrame() { add(frameTicks) }

    /// Adds `count` ticks, stopping at the largest count rather than overflowing.
    private func add(_ count: Int64) {
        let (sum, overflow) = ticks.addingReportingOverflow(count)
        ticks = overflow ? .max : sum
    }
}

/// Real monotonic time for the window, in seconds since the clock was created.
public final class WallClock: Clock {
    private let origin = DispatchTime.now().uptimeNanoseconds

    /// Creates a clock reading 0 now.
    public init() {}

    /// Seconds since the clock was created.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e9 }
}
