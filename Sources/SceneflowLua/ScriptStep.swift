import SceneflowCore

/// One test declared by a script: `test("name", function() ... end)`.
public struct ScriptTest: Equatable, Sendable {
    /// The test's name as written.
    public let name: String
    /// The 1-based line of the `test(...)` call in the script file.
    public let line: Int
    /// Why the test is not run (`skip(name, fn, reason)`, or another test's `only`); nil
    /// when it runs.
    public var skipReason: String?
    /// Declared with `only(name, fn)`.
    public var only = false
    /// The module (its path from the script's folder, as `require` found it) whose code
    /// declared the test, when not the script itself: `line` is then that module's line.
    public var module: String?
    /// The test's own limit of clock time in seconds (`test(name, {clock_limit = s}, fn)`);
    /// nil: the runner's (`LuaLimits.testTimeout`, `--clock-limit`).
    public var clockLimit: Double?
    /// The test's tags (`test(name, {tags = {"smoke"}}, fn)`), in the order written: what
    /// `sceneflow test --tag` selects by.
    public var tags: [String] = []
    /// Creates a test description.
    public init(name: String, line: Int, skipReason: String? = nil) {
        self.name = name
        self.line = line
        self.skipReason = skipReason
    }
}

/// What one `ScriptRuntime.resume()` left the running test in.
public enum ScriptStep: Equatable, Sendable {
    /// The test waits for the prototype: advance the clock one frame, step the session (and
    /// call its script calls), then resume again.
    case waiting
    /// The test function returned.
    case passed
    /// An expectation failed, a gesture found no element, Lua raised an error or a limit was
    /// hit; the diagnostic names the script file and line.
    case failed(Diagnostic)
}
