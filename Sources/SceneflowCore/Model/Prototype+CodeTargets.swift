extension Prototype {
    /// The scene names `source` (the text of `prototype.lua`) passes to `go("…")`,
    /// `replace("…")` or `present("…")` calls (also `app:go('…')`) more often than the
    /// prototype's fixed actions target them: the extra calls are in Lua functions, which may
    /// go there when they run. Comments, and strings that are not a call's direct argument
    /// (`print('app:go("e")')`), are left out (`LuaCallScan`). A text scan, not an
    /// evaluation: a name built at run time is not seen. The fallback for a function whose
    /// lines are unknown (see `codeTargets(in:lines:)`).
    public func codeTargets(in source: String) -> Set<String> { codeTargets(calls: LuaCallSites(source)) }

    /// `codeTargets(in:)` for a source already scanned into `calls`.
    public func codeTargets(calls: LuaCallSites) -> Set<String> {
        var named: [String: Int] = [:]
        for call in calls.all { named[call.name, default: 0] += 1 }
        var fixed: [String: Int] = [:]
        for scene in orderedScenes {
            for target in scene.actions.compactMap(\.action.targetScene) { fixed[target, default: 0] += 1 }
        }
        return Set(named.filter { scenes[$0.key] != nil && $0.value > fixed[$0.key, default: 0] }.keys)
    }

    /// The scene names one Lua function may go to: the `go`/`replace`/`present` calls written
    /// on `lines` (1-based, the function's first to last line in `source`) that name a scene.
    public func codeTargets(in source: String, lines: ClosedRange<Int>) -> Set<String> {
        codeTargets(calls: LuaCallSites(source), lines: lines)
    }

    /// `codeTargets(in:lines:)` for a source already scanned into `calls`.
    public func codeTargets(calls: LuaCallSites, lines: ClosedRange<Int>) -> Set<String> {
        Set(calls.all.filter { lines.contains($0.line) && scenes[$0.name] != nil }.map(\.name))
    }

    /// Per scene, the scene names its Lua function actions may go to: for each function
    /// defined in `source` (chunk `chunkName`) with a known line range, the calls on those
    /// lines; for any other function, `wholeFile` (the whole-file `codeTargets(in:)`, which
    /// the loader has already worked out). Scenes without a function action are left out.
    public func sceneCodeTargets(in source: String, chunkName: String, wholeFile: Set<String>) -> [String: Set<String>]
    {
        sceneCodeTargets(calls: LuaCallSites(source), chunkName: chunkName, wholeFile: wholeFile)
    }

    /// `sceneCodeTargets(in:chunkName:wholeFile:)` for a source already scanned into `calls`:
    /// the loader scans `prototype.lua` once, not once per function.
    public func sceneCodeTargets(calls: LuaCallSites, chunkName: String, wholeFile: Set<String>) -> [String: Set<
        String
    >] {
        var result: [String: Set<String>] = [:]
        for scene in orderedScenes {
            for case .script(let function) in scene.actions.map(\.action) {
                if function.chunk == chunkName, let lines = function.lines {
                    result[scene.name, default: []].formUnion(codeTargets(calls: calls, lines: lines))
                } else {
                    result[scene.name, default: []].formUnion(wholeFile)
                }
            }
        }
        return result
    }
}

/// The `go`/`replace`/`present` calls Lua source text makes with a literal scene name, each
/// with its line: `prototype.lua` scanned once (`LuaCallScan`), then asked per function's lines.
public struct LuaCallSites: Sendable, Equatable {
    /// One call: the scene name as written between the quotes, and the 1-based line of that string.
    public struct Call: Sendable, Equatable {
        /// The scene name as written (escapes not decoded).
        public var name: String
        /// The 1-based line the name's string starts on.
        public var line: Int
    }

    /// Every call in source order, repeats kept.
    public let all: [Call]

    /// Scans `source` (Lua text): comments and strings that are not a call's direct argument are
    /// left out, as `LuaCallScan.calledNames(in:)` does.
    public init(_ source: String) { all = LuaCallScan.calls(in: source).map { Call(name: $0.name, line: $0.line) } }
}
