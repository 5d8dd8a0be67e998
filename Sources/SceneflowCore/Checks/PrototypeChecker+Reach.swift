/// How a scene can be reached from the start scene, shared by `check`, `inspect` and `graph`.
public enum SceneReach: Equatable, Sendable {
    /// Through fixed links: `go`/`present` actions and turning the device
    /// (`PrototypeChecker.reachableScenes`), or it is the start scene.
    case fixed
    /// No fixed link leads here, but a Lua function action (an element gesture, a scene swipe,
    /// a timed `after`, a star rating's `on_changing`/`on_change`) of a scene reached so far
    /// names this scene in a `go`/`replace`/`present` call written in its own lines (when the
    /// loader knows them; else anywhere in `prototype.lua` beyond the fixed actions):
    /// "reached by code". `check` gives it no unreachable warning.
    case code
    /// Nothing leads here: unreachable.
    case none
}

extension PrototypeChecker {
    /// Every scene's `SceneReach`, by name. Reached by code: the scenes the Lua function
    /// actions of a scene reached so far may name (`Prototype.sceneCodeTargets`, else
    /// `Prototype.codeTargets`) and what their fixed links lead to from there; the functions
    /// of an unreachable scene count for nothing.
    public static func reach(_ prototype: Prototype) -> [String: SceneReach] {
        var result: [String: SceneReach] = [:]
        for name in reachableScenes(prototype) { result[name] = .fixed }
        func functionTargets(_ name: String) -> Set<String> {
            let hasFunction =
                prototype.scenes[name]?.actions.contains { if case .script = $0.action { true } else { false } }
                ?? false
            guard hasFunction else { return [] }
            return prototype.sceneCodeTargets[name] ?? prototype.codeTargets
        }
        var reached = result.keys.sorted()
        while let from = reached.popLast() {
            var todo = functionTargets(from).filter { result[$0] == nil }.sorted()
            while let name = todo.popLast() {
                guard result[name] == nil, let scene = prototype.scenes[name] else { continue }
                result[name] = .code
                reached.append(name)
                todo +=
                    scene.actions.compactMap(\.action.targetScene) + (scene.design.landscapeScene.map { [$0] } ?? [])
            }
        }
        for name in prototype.scenes.keys where result[name] == nil { result[name] = SceneReach.none }
        return result
    }
}
