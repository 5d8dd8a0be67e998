/// Why a test failed, as JUnit tells the two apart (`<failure>` and `<error>`).
public enum TestFailureKind: String, Codable, Sendable {
    /// A check of the script API did not hold: an expectation (`expect.*`, `expect(x).*`), a
    /// gesture that found no element, a wait that timed out. Raised through the API's own
    /// failure path (`api.fail`).
    case expectation
    /// Anything else: a Lua runtime error (`error(...)`, indexing nil, a bad argument), a limit
    /// (the watchdog, memory, the clock-time timeout), an interruption.
    case error
}
