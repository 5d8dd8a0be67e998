/// One frame presented while a transition ran.
///
/// `clock` is the clock time the frame shows (seconds; the virtual clock headless, the wall
/// clock in the window). `wall` is the wall-clock time measured right after the frame was
/// presented (window only). `cost` is the wall-clock seconds spent rasterising it (headless,
/// only for frames that were rendered).
public struct FrameSample: Equatable, Sendable, Codable {
    /// Clock time the frame shows, in seconds.
    public var clock: Double
    /// Wall-clock seconds measured after the frame was presented (window only).
    public var wall: Double?
    /// Wall-clock seconds spent rasterising the frame (headless, rendered frames only).
    public var cost: Double?

    /// Creates a frame sample.
    public init(clock: Double, wall: Double? = nil, cost: Double? = nil) {
        self.clock = clock
        self.wall = wall
        self.cost = cost
    }

    /// The time the frame reached the screen: `wall` when measured, else `clock`.
    public var presented: Double { wall ?? clock }
}

/// What happened to one transition, in clock seconds.
///
/// The completion fires on the first frame at or after `start + requestedDuration ×
/// slowMotion`, after that frame is presented (DESIGN.md §6), so `completion − start −
/// duration` shows how late it was. Derived figures (frame intervals, hitches, the completion
/// rule) are in `TransitionRecord+Stats.swift`.
public struct TransitionRecord: Equatable, Sendable {
    /// The outgoing scene.
    public var from: String
    /// The incoming scene.
    public var to: String
    /// The transition as requested (kind, duration in seconds, timing curve).
    public var transition: Transition
    /// Clock time when the transition started.
    public var start: Double
    /// How many times slower than requested it was animated (1 normally; 10 with the
    /// window's slow animations). Times in the record are true times.
    public var slowMotion: Double
    /// The frames presented during the transition, including the completing one, oldest first.
    public var frames: [FrameSample]
    /// Clock time when the completion fired (nil while running).
    public var completion: Double?
    /// Wall-clock time measured after the completing frame was presented (window only).
    public var completionWall: Double?
    /// True when one of the two scenes shows in landscape and the other upright: the
    /// transition is drawn as the device turning (`FrameTurn`) over its duration and timing
    /// curve, not as its kind.
    public var drawnAsRotation = false

    /// Creates a record; `frames` and `completion` are filled in as the transition runs.
    public init(
        from: String, to: String, transition: Transition, start: Double, slowMotion: Double = 1,
        frames: [FrameSample] = [], completion: Double? = nil, completionWall: Double? = nil
    ) {
        self.from = from
        self.to = to
        self.transition = transition
        self.start = start
        self.slowMotion = slowMotion
        self.frames = frames
        self.completion = completion
        self.completionWall = completionWall
    }

    /// The requested duration in seconds (before slow motion).
    public var requestedDuration: Double { transition.duration }
    /// The duration it was animated over: requested × slow motion, in seconds.
    public var animatedDuration: Double { transition.duration * slowMotion }
    /// True when the transition ran with slow animations on.
    public var isSlowMotion: Bool { slowMotion != 1 }
    /// Clock time of the first frame presented during the transition.
    public var firstFrame: Double? { frames.first?.clock }
    /// Clock time of the last frame presented during the transition.
    public var lastFrame: Double? { frames.last?.clock }
    /// Frames presented during the transition, including the completing one.
    public var frameCount: Int { frames.count }
    /// Measured duration: completion − start, once completed (seconds, true time).
    public var measuredDuration: Double? { completion.map { $0 - start } }
}
