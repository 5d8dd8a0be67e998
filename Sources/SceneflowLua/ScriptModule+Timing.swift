import SceneflowCore

/// The native transition-timing function under the script API (issue 6).
///
/// Registration table (merged into the native table `sf`):
/// - `transition_problem(name)` → nil for a valid transition kind, else why not (with a
///   did-you-mean and the list of kinds), for `expect.transition{kind = …}`.
/// - `last_transition()` → the running test's most recently completed transition as a table,
///   or nil when none completed since the test started. Fields (seconds unless noted):
///   `from`, `to`, `kind`, `curve`, `requested` (requested duration), `duration` (measured:
///   completion − start), `slow_motion` (factor, 1 normally), `start`, `first_frame`,
///   `last_frame`, `completion` (clock times, as `now()`), `frames` (count), `intervals =
///   {min, median, p95, max}`, `hitches` (count), `hitch_time`, `hitch_ratio` (ms per s),
///   `on_time` (the completion fired on the first frame at or after start + duration).
extension ScriptModule {
    /// The timing natives, registered with `natives` by `push(into:)`.
    nonisolated(unsafe) static let timingNatives: [Native] = [
        ("last_transition", { module, session, s in TimingScriptFunctions.lastTransition(module, session, s) }),
        ("transition_problem", { _, _, s in TimingScriptFunctions.transitionProblem(s) }),
    ]
}

/// The bodies of `ScriptModule.timingNatives`.
enum TimingScriptFunctions {
    /// `transition_problem(name)` → nil when `name` is a transition kind, else the message
    /// naming it with a did-you-mean and the valid kinds (`TransitionKind.unknownNameMessage`).
    static func transitionProblem(_ stack: LuaStack) -> LuaCallbackResult {
        let name = stack.string(1) ?? ""
        if TransitionKind(rawValue: name) != nil {
            stack.pushNil()
        } else {
            stack.push(TransitionKind.unknownNameMessage(name))
        }
        return .values(1)
    }

    /// Pushes the record table (or nil); see `ScriptModule.timingNatives`.
    static func lastTransition(_ module: ScriptModule, _ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard let record = session.lastCompletedTransition, record.start >= module.testStart - 1e-9 else {
            stack.pushNil()
            return .values(1)
        }
        push(record, onto: stack)
        return .values(1)
    }

    /// Pushes `record` as the table `last_transition()` returns.
    static func push(_ record: TransitionRecord, onto stack: LuaStack) {
        let stats = record.stats
        stack.newTable()
        let table = stack.top
        for (key, text) in [
            ("from", record.from), ("to", record.to), ("kind", record.transition.kind.rawValue),
            ("curve", record.transition.curve.rawValue),
        ] {
            stack.push(text)
            stack.rawSet(key, table: table)
        }
        let numbers: [(String, Double?)] = [
            ("requested", record.requestedDuration), ("duration", record.measuredDuration),
            ("slow_motion", record.slowMotion), ("start", record.start), ("first_frame", record.firstFrame),
            ("last_frame", record.lastFrame), ("completion", record.completion),
            ("frames", Double(record.frameCount)), ("hitches", Double(stats.hitches)),
            ("hitch_time", stats.hitchTime), ("hitch_ratio", stats.hitchRatio),
        ]
        for (key, value) in numbers {
            guard let value else { continue }
            stack.pushNumber(value)
            stack.rawSet(key, table: table)
        }
        stack.push(stats.completionOnTime)
        stack.rawSet("on_time", table: table)
        stack.newTable()
        let intervals = stack.top
        for (key, value) in [
            ("min", stats.minInterval), ("median", stats.medianInterval), ("p95", stats.p95Interval),
            ("max", stats.maxInterval),
        ] {
            guard let value else { continue }
            stack.push(value)
            stack.rawSet(key, table: intervals)
        }
        stack.rawSet("intervals", table: table)
    }
}
