import Foundation
import SceneflowCore

/// Loads `prototype.lua` from a prototype folder into a validated `Prototype`.
///
/// The file runs in a sandbox (base without `dofile`, `loadfile`, `require` and binary
/// `load`; `string`, `table`, `math`, `utf8`; no `io`, `os`, `package`, `debug`) under the
/// instruction and memory limits of `LuaLimits`, with the globals `go`, `replace`, `back`,
/// `present` and `dismiss`. See DESIGN.md §3 for the format.
public struct PrototypeLoader {
    /// The names `prototype.lua` can use, for did-you-mean on a misspelt global.
    static let globals = [
        "go", "replace", "back", "present", "dismiss", "assert", "error", "ipairs", "next", "pairs", "pcall",
        "print", "select", "setmetatable", "getmetatable", "tonumber", "tostring", "type",
        "string", "table", "math", "utf8", "load",
    ]

    /// Loads and validates `<directory>/prototype.lua`.
    ///
    /// - Parameters:
    ///   - directory: the prototype folder, absolute or relative to the working directory;
    ///     diagnostics name `<directory>/prototype.lua` as given.
    ///   - limits: memory and instruction limits (default `LuaLimits.standard`).
    ///   - text: the source to run instead of the file's (an edit checked before it is saved,
    ///     `HotspotWriter`); diagnostics still name `<directory>/prototype.lua`.
    /// - Returns: the prototype with the Lua state that holds its Lua-function actions.
    /// - Throws: `DiagnosticList` with every problem found (errors first; warnings such as
    ///   duplicate labels are included when there are errors): no such folder, no
    ///   `prototype.lua`, a syntax or runtime error (with the line), a limit hit, a value that
    ///   is not a table, and each invalid or unknown entry with its table path.
    public static func load(
        directory: String, limits: LuaLimits = .standard, text: String? = nil
    ) throws(DiagnosticList) -> LoadedPrototype {
        let file = prototypeFile(in: directory)
        guard let state = LuaState(limits: limits) else {
            throw DiagnosticList([Diagnostic(file: file, message: "could not start Lua (out of memory?)")])
        }
        let loaded = try load(directory: directory, into: state, text: text)
        return LoadedPrototype(
            state: state, file: file, prototype: loaded.prototype, warnings: loaded.warnings,
            initialStateRef: loaded.initialStateRef)
    }

    /// `<directory>/prototype.lua` without a doubled slash.
    static func prototypeFile(in directory: String) -> String {
        directory.hasSuffix("/") ? directory + "prototype.lua" : directory + "/prototype.lua"
    }

    /// What `load(directory:into:)` gives: the prototype, its warnings and a registry
    /// reference to the `state` table it returned (nil when it has none).
    struct LoadResult {
        let prototype: Prototype
        let warnings: [Diagnostic]
        let initialStateRef: Int32?
        /// The registry references of every function the returned table holds, in the
        /// snapshot's order (the same on every load of the same file).
        var functionRefs: [Int32] = []
    }

    /// Runs `prototype.lua` (or `text` in its place) in its own sandbox environment of `state`
    /// and validates the result.
    static func load(directory: String, into state: LuaState, text override: String? = nil) throws(DiagnosticList)
        -> LoadResult
    {
        let file = prototypeFile(in: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw DiagnosticList([
                Diagnostic(file: directory, message: "no prototype folder at \(TerminalText.path(directory))")
            ])
        }
        guard isDirectory.boolValue else {
            throw DiagnosticList([
                Diagnostic(file: directory, message: "\(directory) is a file, not a prototype folder")
            ])
        }
        let data: Data
        do {
            if let override { data = Data(override.utf8) } else { data = try LuaSourceFile.read(file) }
        } catch .missing {
            throw DiagnosticList([
                Diagnostic(
                    file: file,
                    message:
                        "missing prototype.lua: the folder \(directory) needs a prototype.lua that returns the prototype table"
                )
            ])
        } catch {
            let message = LuaSourceFile.sizeMessage(error, path: file) ?? "cannot read prototype.lua: \(error)"
            throw DiagnosticList([Diagnostic(file: file, message: message)])
        }
        let source = LuaSource(file: file)
        let text = String(decoding: data, as: UTF8.self)
        let caller = state.subject
        state.subject = file
        let result = state.run(text, chunkName: source.chunkName) { state.callHelper("prototype_env") }
        state.subject = caller.isEmpty ? file : caller
        if case .failure(let failure) = result {
            throw DiagnosticList([
                source.diagnostic(
                    failure, limits: state.limits, instructions: state.limits.loadInstructions, names: globals)
            ])
        }
        let root = state.snapshotTop()
        var initialStateRef: Int32?
        if state.main.isTable(-1) {
            state.main.rawGet("state", table: state.main.top)
            if state.main.isTable(-1) { initialStateRef = state.main.ref() } else { state.main.pop() }
        }
        state.main.pop()
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        var validator = PrototypeValidator(file: file, directory: absolute)
        let folderName = URL(fileURLWithPath: absolute).lastPathComponent
        guard let prototype = validator.validate(root, folderName: folderName), !validator.hasErrors else {
            let located = validator.diagnostics.map { SourceLineFinder.locate($0, in: text) }
            let errors = located.filter { $0.severity == .error } + [validator.omittedErrors].compactMap { $0 }
            let warnings = located.filter { $0.severity == .warning }
            throw DiagnosticList(errors + warnings)
        }
        var withCode = prototype
        let calls = CallSitesCache.shared.sites(of: text)
        withCode.codeTargets = prototype.codeTargets(calls: calls)
        withCode.sceneCodeTargets = prototype.sceneCodeTargets(
            calls: calls, chunkName: source.chunkName, wholeFile: withCode.codeTargets)
        return LoadResult(
            prototype: withCode, warnings: validator.diagnostics, initialStateRef: initialStateRef,
            functionRefs: root.functionRefIDs)
    }
}
