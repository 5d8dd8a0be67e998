import Foundation
import SceneflowCore

/// One Lua regression script: its declarations, its prototype and its tests, all in one Lua
/// state (DESIGN.md §4). The runner loads the prototype, binds a `Session`, then for each
/// test calls `start(test:)` and `resume()` once per frame until it passes or fails.
///
/// The script's top level runs in a sandbox (as `prototype.lua`, under the same limits) with
/// the globals of `ScriptPrelude`; the prototype gets its own environment in the same state.
public final class ScriptRuntime {
    /// The script file as given; diagnostics name it.
    public let scriptPath: String
    /// The folder given by `prototype "path"`, resolved against the script's folder; nil
    /// when the script names none (the CLI's `--prototype` must then give one).
    public let prototypePath: String?
    /// The tests in declaration order.
    public let tests: [ScriptTest]
    /// The prototype once `loadPrototype(directory:)` succeeded.
    public private(set) var prototype: Prototype?
    /// Warnings from loading the prototype.
    public private(set) var prototypeWarnings: [Diagnostic] = []

    let state: LuaState
    let source: LuaSource
    let module = ScriptModule()
    var app: AppModule?
    var session: Session?
    var testRefs: [ScriptFunctionRef] = []
    var running: RunningTest?

    /// A test being run: its coroutine and when it started.
    struct RunningTest {
        let index: Int
        let thread: LuaStack
        let threadRef: Int32
        let startTime: Double
    }

    /// Reads and runs the script's top level, collecting `prototype(path)` and the tests.
    /// - Parameters:
    ///   - scriptPath: the `.lua` file, absolute or relative to the working directory.
    ///   - limits: memory, instruction and clock limits (default `LuaLimits.standard`).
    /// - Throws: `DiagnosticList` naming the script: no such file, a syntax or runtime error
    ///   with its line, a limit hit, a bad `test(...)` or `prototype(...)` call, no tests.
    public init(scriptPath: String, limits: LuaLimits = .standard) throws(DiagnosticList) {
        self.scriptPath = scriptPath
        source = LuaSource(file: scriptPath)
        guard let data = FileManager.default.contents(atPath: scriptPath) else {
            throw DiagnosticList([Diagnostic(file: scriptPath, message: "no script at \(scriptPath)")])
        }
        guard let state = LuaState(limits: limits) else {
            throw DiagnosticList([Diagnostic(file: scriptPath, message: "could not start Lua (out of memory?)")])
        }
        self.state = state
        let main = state.main
        guard main.load(ScriptPrelude.source, chunkName: ScriptPrelude.chunkName) else {
            let message = main.errorText()
            throw DiagnosticList([Diagnostic(file: scriptPath, message: "could not load the script API: \(message)")])
        }
        state.pushHelper("sandbox")
        module.push(into: state)
        main.push(source.chunkName)
        main.push(limits.settleTimeout)
        if case .failure(let failure) = state.call(args: 4, results: 2, instructions: limits.loadInstructions) {
            throw DiagnosticList([
                Diagnostic(file: scriptPath, message: "could not start the script API: \(failure.message)")
            ])
        }
        let declarationsRef = main.ref()
        let environmentRef = main.ref()
        let text = String(decoding: data, as: UTF8.self)
        let result = state.run(text, chunkName: source.chunkName) {
            main.pushRef(environmentRef)
            return .success(())
        }
        if case .failure(let failure) = result {
            throw DiagnosticList([
                source.diagnostic(
                    failure, limits: limits, instructions: limits.loadInstructions, names: ScriptPrelude.globals)
            ])
        }
        main.pop()
        main.pushRef(declarationsRef)
        let declarations = state.snapshotTop().table
        main.pop()
        var tests: [ScriptTest] = []
        for item in declarations?["tests"].table?.sequence ?? [] {
            guard let test = item.table, let name = test["name"].string,
                case .function(let ref) = test["fn"], let line = test["line"].number
            else { continue }
            tests.append(ScriptTest(name: name, line: Int(line)))
            testRefs.append(ref)
        }
        guard !tests.isEmpty else {
            throw DiagnosticList([
                Diagnostic(
                    file: scriptPath, message: "no tests: declare one with test(\"name\", function() ... end)")
            ])
        }
        self.tests = tests
        prototypePath = declarations?["prototype"].string.map { path in
            if path.hasPrefix("/") { return path }
            let folder = (scriptPath as NSString).deletingLastPathComponent
            return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        }
    }

    /// Loads `<directory>/prototype.lua` into this script's Lua state (its own environment),
    /// so Lua-function actions can be called between resumes.
    /// - Throws: `DiagnosticList` as `PrototypeLoader.load(directory:)`.
    @discardableResult
    public func loadPrototype(directory: String) throws(DiagnosticList) -> Prototype {
        let (prototype, warnings) = try PrototypeLoader.load(directory: directory, into: state)
        self.prototype = prototype
        prototypeWarnings = warnings
        let file = PrototypeLoader.prototypeFile(in: directory)
        app = AppModule(state: state, source: LuaSource(file: file), prototype: prototype)
        return prototype
    }

    /// Makes the script drive `session` (its gestures, waits and expectations).
    public func bind(_ session: Session) {
        self.session = session
        module.session = session
    }

    /// Calls a Lua-function action of the prototype (from `session.takeScriptCalls()`) with an
    /// `app` object forwarding to `session`.
    /// - Returns: nil on success, else a diagnostic naming `prototype.lua` and the line.
    public func call(_ call: ScriptCall, session: Session) -> Diagnostic? {
        guard let app else {
            return Diagnostic(file: scriptPath, message: "no prototype loaded to call a Lua function of")
        }
        return app.call(call.ref, app: session, argument: call.argument)
    }
}
