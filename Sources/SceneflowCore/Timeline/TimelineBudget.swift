/// How many timeline events a run keeps for `--timeline` across its tests. Each test keeps its
/// first `Timeline.eventsPerTest` events, but a run of many tests was not bounded: a scene that
/// moves on every frame (a spinner, a ticking clock) cost the runner about 17.5 MB a test, so
/// 100 tests took 1.78 GB and a large suite would be killed with every report lost (red-team
/// 11 R6). Once `limit` events are kept (transitions and their frames count too), a test's
/// part keeps what still fits and ends with one `left_out` entry saying how many events were
/// left out and why; later tests keep only that entry. Verdicts never depend on it: the
/// session's own bookkeeping reads its own `Timeline`.
public struct TimelineBudget: Sendable {
    /// The events a run keeps (200 000: about 175 MB of the runner's memory and 60 MB of JSON
    /// at the most; an ordinary suite records thousands).
    public static let eventsPerRun = 200_000

    /// Events (and transitions and their frames) the budget allows.
    public let limit: Int
    /// Events kept so far.
    public private(set) var used = 0

    /// A budget of `limit` events (`eventsPerRun` unless a test asks for less).
    public init(limit: Int = TimelineBudget.eventsPerRun) {
        self.limit = max(0, limit)
    }

    /// What `run` costs: its events (not the `left_out` entries saying what was left out),
    /// and its transitions with their frame samples.
    public static func cost(_ run: TimelineRun) -> Int {
        run.events.reduce(0) { $0 + ($1.type == leftOut ? 0 : 1) }
            + run.transitions.reduce(0) { $0 + 1 + $1.frames.count }
    }

    /// The type of the entry that says events were left out.
    static let leftOut = "left_out"

    /// `run` whole while the budget holds it; past the budget, its first events and
    /// transitions that still fit (and every `left_out` entry it had), then a `left_out`
    /// entry counting the rest. `part` names what `run` is in that entry: a test's events
    /// (each test is admitted as it ends) or a file's (the runner admits files).
    public mutating func admit(_ run: TimelineRun, part: String = "this test") -> TimelineRun {
        let cost = Self.cost(run)
        if used + cost <= limit {
            used += cost
            return run
        }
        var room = max(0, limit - used)
        var kept = run
        var dropped = 0
        kept.events = run.events.filter { event in
            if event.type == Self.leftOut { return true }
            guard room > 0 else {
                dropped += 1
                return false
            }
            room -= 1
            return true
        }
        var transitions: [TransitionRecord] = []
        for transition in run.transitions {
            let size = 1 + transition.frames.count
            guard size <= room else { break }
            transitions.append(transition)
            room -= size
        }
        kept.transitions = transitions
        let left = dropped + (run.transitions.count - transitions.count)
        used = limit
        guard left > 0 else { return kept }
        let time = run.events.last?.time ?? 0
        kept.events.append(
            TimelineEventEntry(
                time: time.isFinite ? time : 0, wall: nil, type: Self.leftOut,
                text:
                    "\(counted(left, "more event")) of \(part) left out: the run keeps its first \(limit) timeline events and transitions (the run-wide limit)"
            ))
        return kept
    }
}
