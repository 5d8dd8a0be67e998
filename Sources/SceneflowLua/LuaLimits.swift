/// The limits a prototype file or a script runs under (DESIGN.md §8).
public struct LuaLimits: Sendable, Equatable {
    /// The most memory one Lua state may hold, in bytes (default 256 MiB).
    public var memoryBytes: Int
    /// The most VM instructions running `prototype.lua` or a script file's top level may take
    /// (default 50 million, well under a second).
    public var loadInstructions: Int
    /// The most VM instructions one resume of a test, or one Lua-function action, may take
    /// before it must wait for the prototype (default 10 million).
    public var stepInstructions: Int
    /// How long a gesture or expectation waits for the prototype to settle, in clock
    /// seconds (default 5).
    public var settleTimeout: Double
    /// How long one test may run, in clock seconds (default 1800: 30 minutes of simulated use,
    /// so a 1 000-step flow passes; a test's own `clock_limit` and `--clock-limit` change it).
    /// Virtual time is cheap (a `wait` loop costs about 0.1 ms of real time per simulated
    /// second), so the real-time watchdog `testWallSeconds` stops runaway Lua code and this
    /// stops runaway waiting.
    public var testTimeout: Double
    /// The wall-clock watchdog: how long one test's Lua code may run in all, in real seconds
    /// (default 30). Checked by the instruction-count hook, so an endless loop is stopped.
    public var testWallSeconds: Double
    /// The most navigation actions (`app:go`, `app:replace`, `app:present`, `app:back`, `app:dismiss`) one
    /// call of a Lua-function action may ask for (default 100), so a `present`/`dismiss` loop
    /// fails at once instead of queueing millions of transitions.
    public var actionsPerCall: Int

    /// Creates limits; every parameter has the default documented on its property.
    public init(
        memoryBytes: Int = 256 << 20, loadInstructions: Int = 50_000_000,
        stepInstructions: Int = 10_000_000, settleTimeout: Double = 5, testTimeout: Double = 1800,
        testWallSeconds: Double = 30, actionsPerCall: Int = 100
    ) {
        self.actionsPerCall = actionsPerCall
        self.testWallSeconds = testWallSeconds
        self.memoryBytes = memoryBytes
        self.loadInstructions = loadInstructions
        self.stepInstructions = stepInstructions
        self.settleTimeout = settleTimeout
        self.testTimeout = testTimeout
    }

    /// Where `testTimeout` came from when it is not the default, as a message names it:
    /// `--clock-limit` or `test.clock_limit in sceneflow.lua`; nil for the default.
    public var testTimeoutOrigin: String? = nil
    /// Where `testWallSeconds` came from when it is not the default: `--timeout` or
    /// `test.timeout in sceneflow.lua`; nil for the default.
    public var testWallSecondsOrigin: String? = nil

    /// The shortest real-time limit of a test (`--timeout`, `test.timeout` in
    /// `sceneflow.lua`), seconds: 1 ms. Below it a limit could not be told from none (the
    /// watchdog wakes every few milliseconds) and would read "0 s" in a message.
    public static let minimumTestWallSeconds = 0.001

    /// The defaults.
    public static let standard = LuaLimits()

    /// `256 MiB`, `512 KiB` or `100 bytes`.
    var memoryText: String {
        if memoryBytes >= 1 << 20, memoryBytes % (1 << 20) == 0 { return "\(memoryBytes >> 20) MiB" }
        if memoryBytes >= 1 << 10, memoryBytes % (1 << 10) == 0 { return "\(memoryBytes >> 10) KiB" }
        return "\(memoryBytes) bytes"
    }
}
