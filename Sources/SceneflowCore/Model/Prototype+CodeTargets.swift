extension Prototype {
    /// The scene names `source` (the text of `prototype.lua`) passes to `go("…")`,
    /// `replace("…")` or `present("…")` calls (also `app:go('…')`) more often than the
    /// prototype's fixed actions target them: the extra calls are in Lua functions, which may
    /// go there when they run. Comments, and strings that are not a call's direct argument
    /// (`print('app:go("e")')`), are left out (`LuaCallScan`). A text scan, not an
    /// evaluation: a name built at run time is not seen. The fallback for a function whose
    /// lines are unknown (see `codeTargets(in:lines:)`).
    public func codeTargets(in source: String) -> Set<String> {
        var named: [String: Int] = [:]
        for name in LuaCallScan.calledNames(in: source) { named[name, default: 0] += 1 }
        var fixed: [String: Int] = [:]
        for scene in orderedScenes {
            for target in scene.actions.compactMap(\.action.targetScene) { fixed[target, default: 0] += 1 }
        }
        return Set(named.filter { scenes[$0.key] != nil && $0.value > fixed[$0.key, default: 0] }.keys)
    }

    /// The scene names one Lua function may go to: the `go`/`replace`/`present` calls written
    /// on `lines` (1-based, the function's first to last line in `source`) that name a scene.
    public func codeTargets(in source: String, lines: ClosedRange<Int>) -> Set<String> {
        let all = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.lowerBound >= 1, lines.lowerBound <= all.count else { return [] }
        let text = all[(lines.lowerBound - 1)..<min(lines.upperBound, all.count)].joined(separator: "\n")
        return Set(LuaCallScan.calledNames(in: text).filter { scenes[$0] != nil })
    }

    /// Per scene, the scene names its Lua function actions may go to: for each function
    /// defined in `source` (chunk `chunkName`) with a known line range, the calls on those
    /// lines; for any other function, `wholeFile` (the whole-file `codeTargets(in:)`, which
    /// the loader has already worked out). Scenes without a function action are left out.
    public func sceneCodeTargets(in source: String, chunkName: String, wholeFile: Set<String>) -> [String: Set<String>]
    {
        var result: [String: Set<String>] = [:]
        for scene in orderedScenes {
            for case .script(let function) in scene.actions.map(\.action) {
                if function.chunk == chunkName, let lines = function.lines {
                    result[scene.name, default: []].formUnion(codeTargets(in: source, lines: lines))
                } else {
                    result[scene.name, default: []].formUnion(wholeFile)
                }
            }
        }
        return result
    }
}
