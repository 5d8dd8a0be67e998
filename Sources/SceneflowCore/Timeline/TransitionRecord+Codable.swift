/// JSON form of a transition record (schema `sceneflow.timeline` v1). Written with both the
/// raw figures (times, frames) and the derived ones (`measured_duration`, `frame_intervals`,
/// `hitches`, `hitch_time`, `hitch_ratio`, `completion_on_time`) so other tools need not
/// recompute them; reading takes only the raw figures and recomputes the rest. A transition
/// drawn as the device turning carries `"drawn_as": "rotation"`.
extension TransitionRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case from, to, kind, curve
        case requestedDuration = "requested_duration"
        case slowMotion = "slow_motion"
        case start
        case firstFrame = "first_frame"
        case lastFrame = "last_frame"
        case completion
        case completionWall = "completion_wall"
        case measuredDuration = "measured_duration"
        case frameCount = "frame_count"
        case frameIntervals = "frame_intervals"
        case hitches
        case hitchTime = "hitch_time"
        case hitchRatio = "hitch_ratio"
        case completionOnTime = "completion_on_time"
        case frames
        case drawnAs = "drawn_as"
    }

    /// The latest time a timeline file may hold (a start, completion or frame clock), seconds:
    /// 1e9 (about 32 years). A completion of 1e308 printed `inf ms` (red-team 26 F3).
    static let maxTime = 1e9
    /// The largest slow-motion factor a timeline file may hold: 1000 (the window's slow motion
    /// is 10). A factor of 1e308 printed `inf ms` (red-team 26 F3).
    static let maxSlowMotion = 1000.0

    /// `min`, `median`, `p95`, `max` of the frame intervals, seconds.
    struct IntervalSummary: Codable {
        var min: Double?
        var median: Double?
        var p95: Double?
        var max: Double?
    }

    /// Writes the raw and derived figures.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let s = stats
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(transition.kind.rawValue, forKey: .kind)
        try c.encode(transition.curve.rawValue, forKey: .curve)
        try c.encode(transition.duration, forKey: .requestedDuration)
        try c.encode(slowMotion, forKey: .slowMotion)
        try c.encode(start, forKey: .start)
        try c.encode(firstFrame, forKey: .firstFrame)
        try c.encode(lastFrame, forKey: .lastFrame)
        try c.encode(completion, forKey: .completion)
        try c.encodeIfPresent(completionWall, forKey: .completionWall)
        try c.encode(measuredDuration, forKey: .measuredDuration)
        try c.encode(frameCount, forKey: .frameCount)
        try c.encode(
            IntervalSummary(min: s.minInterval, median: s.medianInterval, p95: s.p95Interval, max: s.maxInterval),
            forKey: .frameIntervals)
        try c.encode(s.hitches, forKey: .hitches)
        try c.encode(s.hitchTime, forKey: .hitchTime)
        try c.encode(s.hitchRatio, forKey: .hitchRatio)
        try c.encode(s.completionOnTime, forKey: .completionOnTime)
        try c.encode(frames, forKey: .frames)
        if drawnAsRotation { try c.encode("rotation", forKey: .drawnAs) }
    }

    /// Reads the raw figures.
    /// - Throws: `DecodingError` naming the coding path of a missing or bad value (unknown
    ///   kind or curve, negative duration, slow motion ≤ 0, frames out of order).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kindName = try c.decode(String.self, forKey: .kind)
        guard let kind = TransitionKind(rawValue: kindName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c,
                debugDescription:
                    "unknown transition kind \"\(kindName)\"\(NearestName.hint(for: kindName, among: TransitionKind.names))"
            )
        }
        let curveName = try c.decode(String.self, forKey: .curve)
        guard let curve = TimingCurve(rawValue: curveName) else {
            let names = TimingCurve.allCases.map(\.rawValue)
            throw DecodingError.dataCorruptedError(
                forKey: .curve, in: c,
                debugDescription:
                    "unknown timing curve \"\(curveName)\"\(NearestName.hint(for: curveName, among: names))")
        }
        let duration = try c.decode(Double.self, forKey: .requestedDuration)
        guard duration >= 0, duration <= Transition.maxDuration else {
            throw DecodingError.dataCorruptedError(
                forKey: .requestedDuration, in: c,
                debugDescription:
                    "a duration must be 0 to \(formatNumber(Transition.maxDuration)) seconds, not \(duration)")
        }
        let slow = try c.decodeIfPresent(Double.self, forKey: .slowMotion) ?? 1
        guard slow > 0, slow <= Self.maxSlowMotion else {
            throw DecodingError.dataCorruptedError(
                forKey: .slowMotion, in: c,
                debugDescription:
                    "slow motion must be more than 0 and at most \(formatNumber(Self.maxSlowMotion)), not \(slow)")
        }
        let frames = try c.decode([FrameSample].self, forKey: .frames)
        guard zip(frames.dropFirst(), frames).allSatisfy({ $0.clock >= $1.clock }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .frames, in: c, debugDescription: "frame clock times must not go backwards")
        }
        var transition = Transition(kind: kind, duration: duration, curve: curve)
        transition.duration = duration
        let start = try c.decode(Double.self, forKey: .start)
        guard start.isFinite, start >= 0, start < Self.maxTime else {
            throw DecodingError.dataCorruptedError(
                forKey: .start, in: c, debugDescription: "a start time must be 0 to 1e9 seconds, not \(start)")
        }
        let completion = try c.decodeIfPresent(Double.self, forKey: .completion)
        if let completion, !(completion.isFinite && completion >= start && completion < Self.maxTime) {
            throw DecodingError.dataCorruptedError(
                forKey: .completion, in: c,
                debugDescription:
                    "the completion (\(completion) s) must come at or after the start (\(start) s) and before 1e9 seconds"
            )
        }
        if let last = frames.last, !(last.clock < Self.maxTime) {
            throw DecodingError.dataCorruptedError(
                forKey: .frames, in: c,
                debugDescription: "frame clock times must be under 1e9 seconds, not \(last.clock)")
        }
        if let first = frames.first, !(first.clock.isFinite && first.clock >= start - 1e-9) {
            throw DecodingError.dataCorruptedError(
                forKey: .frames, in: c,
                debugDescription: "the first frame (\(first.clock) s) comes before the start (\(start) s)")
        }
        self.init(
            from: try c.decode(String.self, forKey: .from), to: try c.decode(String.self, forKey: .to),
            transition: transition, start: start, slowMotion: slow,
            frames: frames, completion: completion,
            completionWall: try c.decodeIfPresent(Double.self, forKey: .completionWall))
        drawnAsRotation = try c.decodeIfPresent(String.self, forKey: .drawnAs) == "rotation"
    }
}
