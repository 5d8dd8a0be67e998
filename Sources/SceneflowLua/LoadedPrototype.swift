import SceneflowCore

/// A loaded, validated prototype together with the Lua state that holds its Lua-function
/// actions (`Action.script`). Keep it alive as long as the prototype runs.
public final class LoadedPrototype {
    /// The validated prototype (the opener completes facts only images tell, such as a
    /// scroll scene's content height).
    public var prototype: Prototype
    /// Problems that do not stop the prototype (for example two elements with one label).
    public let warnings: [Diagnostic]
    private let state: LuaState
    private let app: AppModule

    init(state: LuaState, file: String, prototype: Prototype, warnings: [Diagnostic], initialStateRef: Int32?) {
        self.state = state
        self.prototype = prototype
        self.warnings = warnings
        self.app = AppModule(
            state: state, source: LuaSource(file: file), prototype: prototype, initialStateRef: initialStateRef)
    }

    /// Replaces `app.state` with a fresh deep copy of the `state` table `prototype.lua`
    /// returned (an empty table when it returned none). Call it when the prototype restarts.
    public func resetState() { app.resetState() }

    /// Calls a Lua-function action with an `app` object forwarding `app:go(...)`,
    /// `app:replace(...)`, `app:back()`, `app:present(...)`, `app:dismiss()` and `app:scene()` to `app`.
    /// Runs in protected mode under the step instruction budget.
    /// - Returns: nil on success, else a diagnostic naming `prototype.lua` and the line (a Lua
    ///   error, a bad scene name in `app:go` with a did-you-mean, a limit hit).
    public func call(_ ref: ScriptFunctionRef, app: some AppActions) -> Diagnostic? {
        self.app.call(ref, app: app)
    }

    /// Calls the function of a `ScriptCall` taken from `session.takeScriptCalls()`.
    public func call(_ call: ScriptCall, session: Session) -> Diagnostic? {
        session.performing(call) { app.call(call.ref, app: session, argument: call.argument, text: call.text) }
    }
}
