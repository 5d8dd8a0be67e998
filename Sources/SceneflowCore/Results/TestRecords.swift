/// One `log.message` / `log.debug` / `log.warn` (or `print`) entry of a running test.
public struct TestLogEntry: Codable, Equatable, Sendable {
    /// How loud the entry is.
    public enum Level: String, Codable, Sendable {
        /// `log.debug`: kept in the JSON report only.
        case debug
        /// `log.message` and `print`.
        case message
        /// `log.warn`: the test passes *with warnings*.
        case warning
    }
    /// The level.
    public var level: Level
    /// Clock time of the call, in seconds since the test started.
    public var clockTime: Double
    /// The script line of the call, when known.
    public var line: Int?
    /// The text logged.
    public var message: String

    /// Creates an entry.
    public init(level: Level, clockTime: Double, line: Int?, message: String) {
        self.level = level
        self.clockTime = clockTime
        self.line = line
        self.message = message
    }
}

/// One step of a test: a call of a gesture, wait or expectation of the script API.
public struct TestStepRecord: Codable, Equatable, Sendable {
    /// The call as written with its arguments, e.g. `tap("Sign in")`.
    public var call: String
    /// The script line of the call, when known.
    public var line: Int?
    /// Clock time when the call started, in seconds since the test started.
    public var clockStart: Double
    /// Clock time when it returned; nil when it did not (the step failed or the test stopped).
    public var clockEnd: Double?
    /// Wall-clock time the step took, in seconds; nil when it did not return.
    public var wallSeconds: Double?
    /// True when the step returned, false when the test failed in it.
    public var passed: Bool
    /// How many steps enclose this one: 0 at the test's top level, 1 inside one
    /// `step(name, fn)`, and so on (issue 20; Playwright's nested `test.step`).
    public var depth: Int
    /// The name given to `step(name, fn)` when this step is such a group, else nil (a call of
    /// the script API).
    public var group: String?

    /// Creates a step record.
    public init(
        call: String, line: Int?, clockStart: Double, clockEnd: Double? = nil, wallSeconds: Double? = nil,
        passed: Bool = false, depth: Int = 0, group: String? = nil
    ) {
        self.call = call
        self.line = line
        self.clockStart = clockStart
        self.clockEnd = clockEnd
        self.wallSeconds = wallSeconds
        self.passed = passed
        self.depth = depth
        self.group = group
    }

    private enum CodingKeys: String, CodingKey {
        case call, line, clockStart, clockEnd, wallSeconds, passed, depth, group
    }

    /// Reads a step; `depth` and `group` may be missing (results written before steps nested).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        call = try c.decode(String.self, forKey: .call)
        line = try c.decodeIfPresent(Int.self, forKey: .line)
        clockStart = try c.decode(Double.self, forKey: .clockStart)
        clockEnd = try c.decodeIfPresent(Double.self, forKey: .clockEnd)
        wallSeconds = try c.decodeIfPresent(Double.self, forKey: .wallSeconds)
        passed = try c.decode(Bool.self, forKey: .passed)
        depth = try c.decodeIfPresent(Int.self, forKey: .depth) ?? 0
        group = try c.decodeIfPresent(String.self, forKey: .group)
    }
}
