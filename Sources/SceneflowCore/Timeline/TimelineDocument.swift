import Foundation

/// The timeline of one or more runs as written to `--timeline FILE.json` and read by
/// `sceneflow timing`. Schema `sceneflow.timeline`, version 1 (`schemaVersion`); the fields
/// are described in the Transition timing article (Sceneflow.docc). Times are seconds: `time`/`start`/
/// `completion`/`frames[].clock` on the run's clock, `wall` fields in wall-clock seconds after
/// present (window only), `cost` wall-clock seconds spent rasterising (headless, optional).
///
/// Readers accept any version up to `schemaVersion`; a newer one is refused with a message.
public struct TimelineDocument: Equatable, Sendable, Codable {
    /// The schema name written in every file.
    public static let schemaName = "sceneflow.timeline"
    /// The schema version this build writes and the newest it reads.
    public static let schemaVersion = 1

    /// Always `sceneflow.timeline`.
    public var schema: String
    /// The schema version of the file.
    public var version: Int
    /// The nominal frame time used for hitches, seconds (1/60).
    public var nominalFrameTime: Double
    /// A frame interval over this many nominal frame times is a hitch (1.5).
    public var hitchFactor: Double
    /// One entry per run (a window session, or a script file of a headless test run).
    public var runs: [TimelineRun]

    /// Creates a document of the current schema version.
    public init(runs: [TimelineRun]) {
        schema = TimelineDocument.schemaName
        version = TimelineDocument.schemaVersion
        nominalFrameTime = FrameTiming.nominalFrameTime
        hitchFactor = FrameTiming.hitchFactor
        self.runs = runs
    }

    /// Every transition of every run, in order, with the run's name.
    public var allTransitions: [(run: String, record: TransitionRecord)] {
        runs.flatMap { run in run.transitions.map { (run.name, $0) } }
    }

    enum CodingKeys: String, CodingKey {
        case schema
        case version = "schema_version"
        case nominalFrameTime = "nominal_frame_time"
        case hitchFactor = "hitch_factor"
        case runs
    }

    /// Decodes and checks the schema name and version.
    /// - Throws: `DecodingError` naming the coding path of the bad value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(String.self, forKey: .schema)
        guard schema == TimelineDocument.schemaName else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: c,
                debugDescription: "expected \"\(TimelineDocument.schemaName)\", found \"\(schema)\"")
        }
        version = try c.decode(Int.self, forKey: .version)
        guard (1...TimelineDocument.schemaVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription:
                    "version \(version) is not supported (this sceneflow reads 1 to \(TimelineDocument.schemaVersion))")
        }
        nominalFrameTime = try c.decodeIfPresent(Double.self, forKey: .nominalFrameTime) ?? FrameTiming.nominalFrameTime
        hitchFactor = try c.decodeIfPresent(Double.self, forKey: .hitchFactor) ?? FrameTiming.hitchFactor
        guard nominalFrameTime > 0, nominalFrameTime < 10, nominalFrameTime.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .nominalFrameTime, in: c,
                debugDescription:
                    "the nominal frame time must be more than 0 and under 10 seconds, not \(nominalFrameTime)")
        }
        guard hitchFactor >= 1, hitchFactor.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .hitchFactor, in: c, debugDescription: "the hitch factor must be 1 or more, not \(hitchFactor)")
        }
        runs = try c.decode([TimelineRun].self, forKey: .runs)
    }
}

/// The timeline of one run: its transitions and its events.
public struct TimelineRun: Equatable, Sendable, Codable {
    /// Which clock the run's times are on.
    public enum ClockKind: String, Sendable, Codable {
        /// Headless: time advances one 1/60 s frame per step; measured equals requested.
        case virtual
        /// The window: real monotonic time.
        case wall
    }
    /// `play` for a window session, else the script file.
    public var name: String
    /// The prototype's name.
    public var prototype: String
    /// The clock the times are on.
    public var clock: ClockKind
    /// Completed transitions, oldest first, then the one still running when the run ended
    /// (with no completion).
    public var transitions: [TransitionRecord]
    /// Every recorded event, oldest first.
    public var events: [TimelineEventEntry]

    /// Creates a run.
    public init(
        name: String, prototype: String, clock: ClockKind, transitions: [TransitionRecord],
        events: [TimelineEventEntry]
    ) {
        self.name = name
        self.prototype = prototype
        self.clock = clock
        self.transitions = transitions
        self.events = events
    }

    /// A run from a session's timeline; `running` (the transition in progress when the run
    /// ended, if any) is added after the completed ones.
    public init(
        name: String, prototype: String, clock: ClockKind, timeline: Timeline, running: TransitionRecord? = nil
    ) {
        self.init(
            name: name, prototype: prototype, clock: clock,
            transitions: timeline.transitions + (running.map { [$0] } ?? []),
            events: timeline.reportedEvents.map(TimelineEventEntry.init))
    }
}

/// One event as written to JSON: times, a type name and a one-line summary.
public struct TimelineEventEntry: Equatable, Sendable, Codable {
    /// Clock time, seconds.
    public var time: Double
    /// Wall-clock seconds after present (window, frame-triggered events only).
    public var wall: Double?
    /// `TimelineEvent.typeName`, e.g. `lifecycle`.
    public var type: String
    /// `TimelineEvent.summary`, e.g. `details.did_appear(animated)`.
    public var text: String

    /// Creates an entry.
    public init(time: Double, wall: Double?, type: String, text: String) {
        self.time = time
        self.wall = wall
        self.type = type
        self.text = text
    }

    /// The entry for a recorded event.
    public init(_ event: TimelineEvent) {
        self.init(time: event.time, wall: event.wallTime, type: event.typeName, text: event.summary)
    }
}
