import SceneflowLua

extension HeadlessTestRunner {
    /// Called from a SIGINT/SIGTERM handler: stops the Lua code running now (a busy loop
    /// included) at its next instruction-count hook; the runner then ends the test as
    /// interrupted because `shouldStop` returns true. Async-signal-safe (sets a flag).
    public static func stopLuaFromSignalHandler() { LuaStop.requestFromSignalHandler() }
}
