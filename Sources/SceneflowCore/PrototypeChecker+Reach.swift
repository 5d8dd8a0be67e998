/// How a scene can be reached from the start scene, shared by `check`, `inspect` and `graph`.
public enum SceneReach: Equatable, Sendable {
    /// Through fixed links: `go`/`present` actions and turning the device
    /// (`PrototypeChecker.reachableScenes`), or it is the start scene.
    case fixed
    /// No fixed link leads here, but a reachable scene has a Lua function action (an element
    /// gesture, a scene swipe, a timed `after`, a star rating's `on_changing`/`on_change`), and
    /// `prototype.lua` names this scene in a `go`/`present` call that no fixed action accounts
    /// for: "reached by code".
    case code
    /// Nothing leads here: unreachable.
    case none
}

extension PrototypeChecker {
    /// Every scene's `SceneReach`, by name. Reached by code: once a scene reached so far has
    /// a Lua function action, the scenes its functions may name (`Prototype.codeTargets`) and
    /// what their fixed links lead to from there.
    public static func reach(_ prototype: Prototype) -> [String: SceneReach] {
        var result: [String: SceneReach] = [:]
        for name in reachableScenes(prototype) { result[name] = .fixed }
        func hasFunction(_ name: String) -> Bool {
            prototype.scenes[name]?.actions.contains { if case .script = $0.action { true } else { false } } ?? false
        }
        if result.keys.contains(where: hasFunction) {
            var todo = prototype.codeTargets.filter { result[$0] == nil }.sorted()
            while let name = todo.popLast() {
                guard result[name] == nil, let scene = prototype.scenes[name] else { continue }
                result[name] = .code
                todo += scene.actions.compactMap(\.action.targetScene) + (scene.design.landscapeScene.map { [$0] } ?? [])
            }
        }
        for name in prototype.scenes.keys where result[name] == nil { result[name] = SceneReach.none }
        return result
    }
}
