/// Which hooks a fresh load of a script file runs for a test that already ended
/// (`ScriptRuntime.start(test:last:first:hooksOnly:)`): the file's before_all hooks run first
/// for their globals (their log and steps are dropped), then these.
public enum HooksOnly: String, Sendable, Codable {
    /// The test's after_each hooks, then, when it is the file's last test, the after_all hooks:
    /// a limit stopped the test's Lua state before its after_each hooks (the state cannot be
    /// trusted), or the test ended its worker process.
    case afterEach = "after_each"
    /// Only the file's after_all hooks: its last test ended (its worker process, or by a
    /// limit) after its after_each hooks.
    case afterAll = "after_all"
}
