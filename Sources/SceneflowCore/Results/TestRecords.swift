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

    /// Creates a step record.
    public init(
        call: String, line: Int?, clockStart: Double, clockEnd: Double? = nil, wallSeconds: Double? = nil,
        passed: Bool = false
    ) {
        self.call = call
        self.line = line
        self.clockStart = clockStart
        self.clockEnd = clockEnd
        self.wallSeconds = wallSeconds
        self.passed = passed
    }
}
