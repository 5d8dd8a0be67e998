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
    /// What the top level declared (the tests, their options, the prototype path) as one byte
    /// string: equal digests mean equal declarations. A load for the next test compares only
    /// this with the first load's (`reusing:`), whatever the number of tests.
    public let declarationDigest: [UInt8]
    /// Whether this load declared what the load it reused did (`reusing:`): the same tests
    /// with the same options, the test it runs on the same line, the same prototype. True
    /// for a first load.
    public let matchesEarlierLoad: Bool
    /// The tests, prototype path and digest, for the next load of the file (`reusing:`).
    public var declarations: ScriptDeclarations {
        ScriptDeclarations(tests: tests, prototypePath: prototypePath, digest: declarationDigest)
    }
    /// The prototype once `loadPrototype(directory:)` succeeded.
    public private(set) var prototype: Prototype?
    /// Warnings from loading the prototype.
    public private(set) var prototypeWarnings: [Diagnostic] = []

    let state: LuaState
    let source: LuaSource
    let module = ScriptModule()
    /// The modules this script's Lua loaded with `require` so far, as paths from the working
    /// directory (`Scripts/lib/forms.lua`), sorted: what `sceneflow test --watch` must watch.
    public var requiredModules: [String] {
        module.modulePaths.sorted().map {
            module.scriptFolder.isEmpty ? $0 : (module.scriptFolder as NSString).appendingPathComponent($0)
        }
    }
    /// The keys this script's Lua asked `param(key)` for so far (given with `--param` or not).
    public var parametersRead: Set<String> { module.parametersRead }
    /// The clock time the running test's own time counts from: its start, or the end of the
    /// file's before_all hooks when they ran in it (their gestures and waits are the file's
    /// setup, no test's: red-team finding R3). Its `clock_limit`, clock seconds and the times
    /// of its steps and log count from here.
    public var testClockStart: Double { module.testStart }
    var app: AppModule?
    var session: Session?
    var declarationsRef: Int32 = -2
    /// The names a script can use, for a did-you-mean on a misspelt global.
    var globalNames: [String] = []
    var running: RunningTest?
    /// What kind of failure the last `.failed` step of `resume()` was: `.expectation` when the
    /// script API raised it through `api.fail` (an expectation, gesture or wait that did not
    /// hold), `.error` for anything else (a Lua runtime error, a bad argument, a limit).
    public internal(set) var lastFailureKind: TestFailureKind?
    /// True when the just-ended test's Lua raised its failure itself (an error, an
    /// expectation), false when a limit stopped it or nothing failed (see `stoppedInBeforeAll`).
    var endedByScriptError = false
    /// A limit that stopped the file's after_all hooks in the running test (see `stopped`).
    var afterAllStop: Diagnostic?
    /// The soft failures the after_all hooks had when a stop ended them (the list, as
    /// `unreportedSoftFailures` words it): a stop signal's `(after_all)` entry lists them.
    public internal(set) var afterAllSoftAtStop: String?

    /// A test being run: its coroutine and when it started.
    struct RunningTest {
        let index: Int
        let thread: LuaStack
        let threadRef: Int32
        let startTime: Double
        /// `LuaWatchdog.now` after which the watchdog stops the test's Lua code.
        let wallDeadline: Double
        /// False until the first resume, which passes the test's index to `decl.run`.
        var started = false
    }

    /// Reads and runs the script's top level, collecting `prototype(path)` and the tests.
    /// - Parameters:
    ///   - scriptPath: the `.lua` file, absolute or relative to the working directory.
    ///   - limits: memory, instruction and clock limits (default `LuaLimits.standard`).
    ///   - parameters: what `param("key")` returns (`sceneflow test --param key=value`).
    ///   - reusing: the first load of the same file, when this load is for one more test (the
    ///     runner loads the script afresh for every test): the top level then records only
    ///     each test's name and options, and this load takes its tests from `reusing`, so a
    ///     file of N tests costs little per test whatever N. `matchesEarlierLoad` says whether
    ///     it declared the same.
    ///   - test: with `reusing`, the 0-based position of the test this load runs; it is the
    ///     only test `start(test:)` can start.
    ///   - missingModules: collects the module files `require` looks for and does not find
    ///     (also when this load fails on them), for `sceneflow test --watch`.
    ///   - onParameterRead: called with each key `param(key)` asks for the first time in this
    ///     Lua state, as it asks (also when the load never finishes).
    /// - Throws: `DiagnosticList` naming the script: no such file, a syntax or runtime error
    ///   with its line, a limit hit, a bad `test(...)` or `prototype(...)` call, no tests.
    public init(
        scriptPath: String, limits: LuaLimits = .standard, parameters: [String: String] = [:],
        reusing earlier: ScriptDeclarations? = nil, test wanted: Int = 0, missingModules: MissingModules? = nil,
        onParameterRead: ((String) -> Void)? = nil
    ) throws(DiagnosticList) {
        self.scriptPath = scriptPath
        module.missingModules = missingModules
        module.parameters = parameters
        module.onParameterRead = onParameterRead
        source = LuaSource(file: scriptPath)
        let data: Data
        do {
            data = try LuaSourceFile.read(scriptPath)
        } catch {
            // A folder or file name that is not valid UTF-8 reaches Swift with U+FFFD in place
            // of its bad bytes (FileManager's listing), so that path cannot be opened: say why.
            let message =
                error != .missing
                ? LuaSourceFile.sizeMessage(error, path: scriptPath) ?? "cannot read the script: \(error)"
                : scriptPath.contains("\u{FFFD}")
                    ? "a folder or file name in this path is not valid UTF-8 (shown as \u{FFFD}); Sceneflow takes UTF-8 file names: rename it"
                    : PathText.holdsShownBytes(scriptPath)
                        ? "a folder or file name in this path is not valid UTF-8 (its bad bytes shown as \\xHH); Sceneflow takes UTF-8 file names: rename it"
                        : "no script at \(scriptPath)"
            throw DiagnosticList([Diagnostic(file: scriptPath, message: message)])
        }
        guard let state = LuaState(limits: limits) else {
            throw DiagnosticList([Diagnostic(file: scriptPath, message: "could not start Lua (out of memory?)")])
        }
        self.state = state
        state.subject = scriptPath
        let main = state.main
        module.scriptFolder = PathText.folder(of: scriptPath)
        module.scriptPath = scriptPath
        module.scriptLabel = source.label
        let environmentRef: Int32
        do {
            (environmentRef, declarationsRef) = try Self.startAPI(
                state: state, module: module, chunkName: source.chunkName, settleTimeout: limits.settleTimeout)
        } catch {
            throw DiagnosticList([
                Diagnostic(file: scriptPath, message: "could not start the script API: \(error.message)")
            ])
        }
        globalNames = Self.globalNames(state: state, environment: environmentRef)
        if earlier != nil {
            // test() then records little but for the wanted test (see `decl.digest`).
            main.pushRef(declarationsRef)
            main.push(Double(wanted + 1))
            main.rawSet("reloading", table: main.top - 1)
            main.pop()
        }
        let result = state.run(data, chunkName: source.chunkName) {
            main.pushRef(environmentRef)
            return .success(())
        }
        if case .failure(let failure) = result {
            let diagnostic = source.diagnostic(
                failure, limits: limits, instructions: limits.loadInstructions, names: globalNames)
            // An error at the top level of a required helper names the helper's line.
            throw DiagnosticList([
                module.withTraceFromWorkingDirectory(
                    diagnostic.line == nil ? module.placeInModule(diagnostic) : diagnostic)
            ])
        }
        main.pop()
        main.pushRef(declarationsRef)
        let decl = main.top
        main.rawGet("digest", table: decl)
        if case .failure(let failure) = state.call(args: 0, results: 1, instructions: limits.loadInstructions) {
            // An expect(x) left without a matcher at the top level (in a helper: at its line).
            let diagnostic = source.diagnostic(
                failure, limits: limits, instructions: limits.loadInstructions, names: globalNames)
            throw DiagnosticList([
                module.withTraceFromWorkingDirectory(
                    diagnostic.line == nil ? module.placeInModule(diagnostic) : diagnostic)
            ])
        }
        let digest = main.bytes(-1) ?? []
        declarationDigest = digest
        main.pop()
        // Reading every test out of Lua costs as much as the file has tests: only when needed.
        var listing: [LuaValue] = []
        if let earlier {
            // The same names and options, and the test this load runs on the same line.
            var line: Double?
            main.rawGet("tests", table: decl)
            main.rawGet(at: wanted + 1, table: main.top)
            if main.isTable(main.top) {
                main.rawGet("line", table: main.top)
                line = main.number(-1)
                main.pop()
            }
            main.pop(2)
            matchesEarlierLoad =
                earlier.digest == digest && earlier.tests.indices.contains(wanted)
                && line == Double(earlier.tests[wanted].line)
        } else {
            matchesEarlierLoad = true
            main.rawGet("listing", table: decl)
            if case .failure(let failure) = state.call(args: 0, results: 1, instructions: limits.loadInstructions) {
                throw DiagnosticList([
                    source.diagnostic(
                        failure, limits: limits, instructions: limits.loadInstructions, names: globalNames)
                ])
            }
            listing = state.snapshotTop().table?.sequence ?? []
            main.pop()
        }
        main.rawGet("prototype", table: decl)
        let declaredPrototype = main.string(-1)
        main.pop()
        main.rawGet("freeze", table: main.top)
        if case .failure(let failure) = state.call(args: 0, results: 0, instructions: limits.loadInstructions) {
            throw DiagnosticList([
                source.diagnostic(failure, limits: limits, instructions: limits.loadInstructions, names: globalNames)
            ])
        }
        main.pop()
        if let earlier {
            self.tests = earlier.tests
            prototypePath = earlier.prototypePath
            return
        }
        var tests: [ScriptTest] = []
        for (position, item) in listing.enumerated() {
            // Tests are run by their position in this list: never drop one (the verdicts of the
            // tests after it would move to the wrong names).
            guard let test = item.table, let name = test["name"].string, let line = test["line"].number, line >= 1
            else {
                let line = item.table?["line"].number.map { Int(saturating: $0) }.flatMap { $0 >= 1 ? $0 : nil }
                let named = item.table?["name"].string != nil
                throw DiagnosticList([
                    Diagnostic(
                        file: scriptPath, line: line,
                        message: named
                            ? "test \(position + 1) of the file has no line of the script it was declared at"
                            : "test \(position + 1) of the file has no readable name (it must be valid UTF-8 text)")
                ])
            }
            var declared = ScriptTest(name: name, line: Int(saturating: line))
            declared.skipReason = test["skip"].string
            // A skip whose reason cannot be read is still a skip, never a test that runs.
            if declared.skipReason == nil, test["skip"].typeName != "nil" {
                declared.skipReason = "skipped with skip() (its reason is not readable text)"
            }
            if case .boolean(true) = test["only"] { declared.only = true }
            declared.module = test["module"].string
            declared.clockLimit = test["clock_limit"].number
            declared.tags = (test["tags"].table?.sequence ?? []).compactMap(\.string)
            tests.append(declared)
        }
        if let twins = Self.canonicalTwins(tests, file: scriptPath) { throw DiagnosticList([twins]) }
        guard !tests.isEmpty else {
            throw DiagnosticList([
                Diagnostic(
                    file: scriptPath, message: "no tests: declare one with test(\"name\", function() ... end)")
            ])
        }
        self.tests = tests
        prototypePath = declaredPrototype.map { path in
            if path.hasPrefix("/") { return path }
            let folder = PathText.folder(of: scriptPath)
            return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        }
    }

    /// Loads `<directory>/prototype.lua` into this script's Lua state (its own environment),
    /// so Lua-function actions can be called between resumes.
    /// - Throws: `DiagnosticList` as `PrototypeLoader.load(directory:)`.
    @discardableResult
    public func loadPrototype(directory: String) throws(DiagnosticList) -> Prototype {
        let loaded = try PrototypeLoader.load(directory: directory, into: state)
        let prototype = loaded.prototype
        self.prototype = prototype
        prototypeWarnings = loaded.warnings
        let file = PrototypeLoader.prototypeFile(in: directory)
        app = AppModule(
            state: state, source: LuaSource(file: file), prototype: prototype, initialStateRef: loaded.initialStateRef)
        module.app = app
        let functionRefs = loaded.functionRefs
        module.freshPrototype = { [weak self] in self?.loadPrototypeAfresh(directory: directory, refs: functionRefs) }
        return prototype
    }

    /// Runs `prototype.lua` again in this state and points the first load's function
    /// references (`refs`, which the session's prototype holds) at the new load's functions,
    /// with a new `app`: the prototype's upvalues, globals, `app` and its environment's
    /// metatable are as loaded, whatever the file's `before_all` hooks made its actions do
    /// (red-team 33 G1: one tap in `before_all` made a test's one tap count 2). Keeps the
    /// first load when the file cannot be loaded again the same way (it changed).
    func loadPrototypeAfresh(directory: String, refs: [Int32]) {
        guard let prototype, let loaded = try? PrototypeLoader.load(directory: directory, into: state),
            loaded.functionRefs.count == refs.count, loaded.prototype.name == prototype.name
        else { return }
        for (old, new) in zip(refs, loaded.functionRefs) { state.main.copyRef(new, to: old) }
        app = AppModule(
            state: state, source: LuaSource(file: PrototypeLoader.prototypeFile(in: directory)), prototype: prototype,
            initialStateRef: loaded.initialStateRef)
        module.app = app
    }

    /// What renders and compares frames for the visual checks (held weakly; the runner owns it).
    public var visualChecks: (any VisualChecks)? {
        get { module.visualChecks }
        set {
            module.visualChecks = newValue
            // Each check joins the test's records as it is made: a runner rebuilding a stopped
            // worker's test from them names its baselines and failure images (red-team 46 A B1).
            newValue?.onRecord = { [weak module] record, amends in
                module?.record(amends ? .visualAmended(record) : .visual(record))
            }
        }
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
        let deadline = running?.wallDeadline
        guard
            var failure = session.performing(
                call,
                {
                    app.call(call.ref, app: session, argument: call.argument, text: call.text, deadline: deadline)
                })
        else { return nil }
        if app.ranPastDeadline, let running {
            // The test's watchdog came first: it is named, as when the script's own code runs on.
            let test = tests[running.index]
            let limits = state.limits
            let place = failure.line.map { "\(failure.file):\($0)" } ?? failure.file
            failure.file = scriptPath
            failure.line = test.line
            failure.message =
                "\(Self.runner(of: test, phase: module.records.phase, file: source.label)) ran its Lua code for more than \(formatSeconds(limits.testWallSeconds)) s of real time (the watchdog\(Self.configOrigin(limits.testWallSecondsOrigin))): the time ran out inside the prototype's Lua action at \(place); change the limit with --timeout\(Self.configOrigin(limits.testWallSecondsOrigin, joined: " or "))"
        }
        return failure
    }
}

extension ScriptRuntime {
    /// Runs `ScriptPrelude` and every section of `ScriptAPISections` in `state`, leaving
    /// nothing on the stack. Returns registry references to the script environment and the
    /// declarations table.
    static func startAPI(
        state: LuaState, module: ScriptModule, chunkName: String, settleTimeout: Double
    ) throws(LuaFailure) -> (environment: Int32, declarations: Int32) {
        let main = state.main
        guard main.loadEmbedded(ScriptPrelude.source, chunkName: ScriptPrelude.chunkName) else {
            throw state.takeFailure(from: main)
        }
        state.pushHelper("sandbox")
        module.push(into: state)
        main.push(chunkName)
        main.push(settleTimeout)
        if case .failure(let failure) = state.call(args: 4, results: 3, instructions: state.limits.loadInstructions) {
            throw failure
        }
        let apiRef = main.ref()
        let declarations = main.ref()
        let environment = main.ref()
        for section in ScriptAPISections.all {
            guard main.loadEmbedded(section.source, chunkName: "=[sceneflow \(section.name)]") else {
                throw state.takeFailure(from: main)
            }
            main.pushRef(apiRef)
            if case .failure(let failure) = state.call(
                args: 1, results: 0, instructions: state.limits.loadInstructions)
            {
                throw failure
            }
        }
        module.apiRef = apiRef
        return (environment, declarations)
    }

    /// The keys of the script environment, sorted.
    static func globalNames(state: LuaState, environment: Int32) -> [String] {
        let main = state.main
        let base = main.top
        defer { main.setTop(base) }
        let lister = "local env = ...; local t = {}; for k in pairs(env) do t[#t + 1] = k end; return t"
        guard main.load(lister, chunkName: "=[sceneflow globals]") else { return [] }
        main.pushRef(environment)
        guard case .success = state.call(args: 1, results: 1, instructions: state.limits.loadInstructions) else {
            return []
        }
        return (state.snapshotTop().table?.sequence ?? []).compactMap(\.string).sorted()
    }

    /// The refusal of the first test of `tests` whose name a report shows as an earlier one's
    /// (`ShownName.firstTwins`): the same text in another Unicode form (`"caf\u{E9}"` and
    /// `"cafe\u{301}"`: Lua, comparing bytes, takes both), a name that differs only in white
    /// space, invisible or control characters (`"x"` and `"x "`, a zero-width space,
    /// `"x\u{1}"` and `"x\u{2}"`: red-team 15 A3, 16 A-F1), or in what one report writes a
    /// character as (`"a # b"` and `"a ＃ b"` in TAP, an escape character and the text
    /// `\u{1B}` on the console: red-team 17 F1, F2). At the second's line, naming both with
    /// their characters spelled out. A name shown as `(after_all)`, the entry of a file's
    /// failed after_all hooks, is refused the same way. Nil when there is none.
    static func canonicalTwins(_ tests: [ScriptTest], file: String) -> Diagnostic? {
        // The after_all entry's name first: a test shown as it is refused too (red-team 45 A W1).
        guard let twins = ShownName.firstTwins([ShownName.afterAllEntry] + tests.map(\.name)) else { return nil }
        let test = tests[twins.second - 1]
        func place(_ test: ScriptTest) -> String { test.module.map { "\($0):\(test.line)" } ?? "line \(test.line)" }
        func spelled(_ name: String) -> String {
            name.unicodeScalars.map {
                $0 == "\\"
                    ? "\\\\"
                    : $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F
                        ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}"
            }
            .joined()
        }
        guard twins.first > 0 else {
            return Diagnostic(
                file: file, line: test.module == nil ? test.line : nil,
                message:
                    "test \"\(TerminalText.oneLine(test.name))\" (\(place(test))) looks the same as \"\(ShownName.afterAllEntry)\", the entry reports give a failing after_all hook, in \(twins.whereAlike) (\"\(spelled(test.name))\"): a report cannot tell them apart; choose another name"
            )
        }
        let first = tests[twins.first - 1]
        // Swift compares strings canonically: equal here, they differ only in form.
        let how =
            first.name == test.name
            ? "has the name of the test at \(place(first)) in another Unicode form"
            : twins.everywhere
                ? "looks the same as the test at \(place(first)) in a report (they differ only in white space, invisible or control characters)"
                : "looks the same as the test at \(place(first)) in \(twins.whereAlike), which shows both as \"\(twins.shownAs)\""
        return Diagnostic(
            file: file, line: test.module == nil ? test.line : nil,
            message:
                "test \"\(TerminalText.oneLine(test.name))\" (\(place(test))) \(how) (\"\(spelled(test.name))\" and \"\(spelled(first.name))\"): a report cannot tell them apart; rename one"
        )
    }
}
