import SceneflowCore

/// The native table under the script API (`sf` in `ScriptPrelude`): small, non-yielding
/// reads and writes of the bound `Session`. Positions and times are points and clock seconds.
///
/// Registration table:
/// - `now()` → clock seconds; `settled()` → boolean; `scene()` → current scene name
/// - `find(label)` → x, y of the centre of the first element with exactly that label in the
///   current scene, or nil and a message with a did-you-mean and the labels on screen
/// - `screen_center()` → x, y of the device screen's centre
/// - `input(phase, x, y, time)` → schedules `InputEvent` (`"down"`, `"move"`, `"up"`)
/// - `back()` → performs `.back`; returns a message instead when there is nothing to go back to
/// - `check_scene(name)` → nil when `name` is the current scene, else the mismatch message
/// - `hint(name, candidate...)` → `; did you mean "x"?` or ""
final class ScriptModule {
    /// The session the script drives; set by `ScriptRuntime.bind(_:)`.
    var session: Session?

    /// Pushes the table onto `state`'s main stack.
    func push(into state: LuaState) {
        state.pushModule([
            (
                "now",
                { [weak self] s in
                    ScriptModule.with(self, s) {
                        s.push($0.now)
                        return .values(1)
                    }
                }
            ),
            (
                "settled",
                { [weak self] s in
                    ScriptModule.with(self, s) {
                        s.push($0.isSettled)
                        return .values(1)
                    }
                }
            ),
            (
                "scene",
                { [weak self] s in
                    ScriptModule.with(self, s) {
                        s.push($0.currentScene)
                        return .values(1)
                    }
                }
            ),
            ("find", { [weak self] s in ScriptModule.with(self, s) { Self.find($0, s) } }),
            (
                "screen_center",
                { [weak self] s in
                    ScriptModule.with(self, s) {
                        let center = $0.prototype.device.bounds.center
                        s.push(center.x)
                        s.push(center.y)
                        return .values(2)
                    }
                }
            ),
            ("input", { [weak self] s in ScriptModule.with(self, s) { Self.input($0, s) } }),
            ("back", { [weak self] s in ScriptModule.with(self, s) { Self.back($0, s) } }),
            ("check_scene", { [weak self] s in ScriptModule.with(self, s) { Self.checkScene($0, s) } }),
            (
                "hint",
                { s in
                    let name = s.string(1) ?? ""
                    let candidates = s.top < 2 ? [] : (2...s.top).compactMap { s.string($0) }
                    s.push(NearestName.hint(for: name, among: candidates))
                    return .values(1)
                }
            ),
        ] + ControlScriptFunctions.functions { [weak self] in self?.session })
    }

    private static func with(
        _ module: ScriptModule?, _ stack: LuaStack, _ body: (Session) -> LuaCallbackResult
    ) -> LuaCallbackResult {
        guard let session = module?.session else { return .error("the script is not bound to a running prototype") }
        return body(session)
    }

    private static func find(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let label = stack.string(1) ?? ""
        let sceneName = session.currentScene
        let elements = session.scene(sceneName)?.elements ?? []
        if let element = elements.first(where: { $0.label == label }) {
            stack.push(element.frame.center.x)
            stack.push(element.frame.center.y)
            return .values(2)
        }
        let labels = elements.map(\.label)
        var message = "no element labelled \"\(label)\" in scene \"\(sceneName)\""
        message += NearestName.hint(for: label, among: labels)
        message +=
            labels.isEmpty
            ? " (the scene has no elements)"
            : " (labels on screen: " + labels.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        stack.pushNil()
        stack.push(message)
        return .values(2)
    }

    private static func input(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard let phaseName = stack.string(1), let phase = InputEvent.Phase(rawValue: phaseName),
            let x = stack.number(2), let y = stack.number(3), let time = stack.number(4)
        else { return .error("input: expected (\"down\"|\"move\"|\"up\", x, y, time)") }
        session.schedule(InputEvent(phase, Point(x: x, y: y), at: time))
        return .values(0)
    }

    private static func back(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        guard session.stack.count > 1 else {
            stack.push("nothing to go back to: \"\(session.currentScene)\" is the only scene on the stack")
            return .values(1)
        }
        session.perform(.back, source: "script back()")
        return .values(0)
    }

    private static func checkScene(_ session: Session, _ stack: LuaStack) -> LuaCallbackResult {
        let name = stack.string(1) ?? ""
        let current = session.currentScene
        if name == current { return .values(0) }
        var message = "expected scene \"\(name)\" but the current scene is \"\(current)\""
        if session.prototype.scenes[name] == nil {
            message +=
                "; there is no scene \"\(name)\""
                + NearestName.hint(for: name, among: session.prototype.sceneOrder)
        }
        stack.push(message)
        return .values(1)
    }
}
