extension Prototype {
    /// The scene names `source` (the text of `prototype.lua`) names in `go("…")`,
    /// `replace("…")` or `present("…")` calls (also `app:go('…')`) more often than the
    /// prototype's fixed actions target them: the extra calls are in Lua functions, which may
    /// go there when they run. Lua comments are left out (a commented-out `go` leads nowhere).
    /// A text scan, not an evaluation: a name built at run time is not seen.
    public func codeTargets(in source: String) -> Set<String> {
        var named: [String: Int] = [:]
        let call = #/(?:^|[^A-Za-z0-9_])(?:go|replace|present)\s*(?:\(\s*)?(?:"([^"\n]*)"|'([^'\n]*)')/#
            .anchorsMatchLineEndings()
        let longComment = #/--\[(=*)\[[\s\S]*?\]\1\]/#
        let lineComment = #/--[^\n]*/#
        let code = source.replacing(longComment, with: "").replacing(lineComment, with: "")
        for match in code.matches(of: call) {
            if let name = match.output.1 ?? match.output.2 { named[String(name), default: 0] += 1 }
        }
        var fixed: [String: Int] = [:]
        for scene in orderedScenes {
            for target in scene.actions.compactMap(\.action.targetScene) { fixed[target, default: 0] += 1 }
        }
        return Set(named.filter { scenes[$0.key] != nil && $0.value > fixed[$0.key, default: 0] }.keys)
    }
}
