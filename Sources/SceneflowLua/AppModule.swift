import Foundation
import SceneflowCore

/// The `app` object passed to a prototype's Lua-function actions, and the protected call of
/// such a function.
///
/// Registration table (methods, called with `:`):
/// - `app:go(scene [, transition="push_left" [, duration=0.35 [, curve="ease_in_out"]]])`
/// - `app:replace(scene [, transition="push_left" [, duration=0.35 [, curve]]])`: as `go`,
///   replacing the top of the navigation stack instead of pushing (a splash moving on)
/// - `app:present(scene [, transition="cover_up" [, duration=0.35 [, curve]]])`, or `app:present(scene, {overlay = true, …})`
/// - `app:back()`, `app:dismiss()`
/// - `app:scene()` → the name of the scene on top of the stack
/// - `app.state` (a field) → the prototype's own state table: a fresh deep copy of the
///   `state = {...}` that `prototype.lua` returned, made by `resetState()`; actions may read
///   and change it, scripts read it with `state` and `expect.state`.
///
/// Each forwards to `AppActions.perform`. A bad scene, transition or curve name raises a Lua
/// error at the calling line (`prototype.lua:7: app:go: no scene "thnks"; did you mean
/// "thanks"?`) that ends the call and is returned as its `Diagnostic`.
final class AppModule {
    private let state: LuaState
    private let source: LuaSource
    private let prototype: Prototype
    private var target: (any AppActions)?
    private var appRef: Int32 = -2
    /// Actions asked for by the running call (see `LuaLimits.actionsPerCall`).
    private var performed = 0
    /// True when the last `call` was stopped by the `deadline` it was given (the running
    /// test's watchdog), not by its own limits.
    private(set) var ranPastDeadline = false
    private let initialStateRef: Int32?
    /// The keys `app.state` has had (a Lua table, key → true): those of the fresh state and
    /// those found after each action (`noteStateKeys`), so `expect.state(key, nil)` tells a key
    /// an action cleared from one the state never had (a misspelt one).
    private var stateKeysRef: Int32?

    init(state: LuaState, source: LuaSource, prototype: Prototype, initialStateRef: Int32?) {
        self.state = state
        self.source = source
        self.prototype = prototype
        self.initialStateRef = initialStateRef
        state.pushModule([
            ("go", { [weak self] in self?.navigate("go", $0) ?? Self.gone }),
            ("replace", { [weak self] in self?.navigate("replace", $0) ?? Self.gone }),
            ("present", { [weak self] in self?.navigate("present", $0) ?? Self.gone }),
            ("back", { [weak self] in self?.plain(.back, "back", $0) ?? Self.gone }),
            ("dismiss", { [weak self] in self?.plain(.dismiss, "dismiss", $0) ?? Self.gone }),
            (
                "scene",
                { [weak self] stack in
                    guard let self else { return Self.gone }
                    stack.push(self.target?.currentScene ?? self.prototype.start)
                    return .values(1)
                }
            ),
        ])
        appRef = state.main.ref()
        resetState()
    }

    /// Sets `app.state` to a fresh deep copy of the prototype's initial state.
    func resetState() {
        let main = state.main
        let base = main.top
        defer { main.setTop(base) }
        main.pushRef(appRef)
        let app = main.top
        state.pushHelper("copy_state")
        if let initialStateRef { main.pushRef(initialStateRef) } else { main.pushNil() }
        guard case .success = state.call(args: 1, results: 1, instructions: state.limits.loadInstructions) else {
            return
        }
        main.rawSet("state", table: app)
        if let stateKeysRef { main.unref(stateKeysRef) }
        main.newTable()
        stateKeysRef = main.ref()
        noteStateKeys()
    }

    /// Adds the keys `app.state` has now to the keys it has had (at most
    /// `H.note_state_keys`'s number per look; the keys present are read again at each check).
    private func noteStateKeys() {
        guard let stateKeysRef else { return }
        let main = state.main
        let base = main.top
        defer { main.setTop(base) }
        state.pushHelper("note_state_keys")
        main.pushRef(stateKeysRef)
        pushState(onto: main)
        _ = state.call(args: 2, results: 0, instructions: state.limits.loadInstructions)
    }

    /// Pushes the table of keys `app.state` has had (key → true) onto `stack`, or nil.
    /// The state keys prototype.lua names (`LuaSourceNames.stateKeys`), read at the
    /// first question: a state key it names is one an action may set later, never a typo.
    private lazy var sourceNames: Set<String> = {
        guard let data = try? RegularFile.read(source.file, limit: RegularFile.cacheLimit) else { return [] }
        return LuaSourceNames.stateKeys(in: String(decoding: data, as: UTF8.self))
    }()

    /// Whether prototype.lua names `key` as a state key (`LuaSourceNames.stateKeys`).
    func sourceNames(_ key: String) -> Bool { sourceNames.contains(key) }

    func pushStateKeys(onto stack: LuaStack) {
        guard let stateKeysRef else { return stack.pushNil() }
        stack.pushRef(stateKeysRef)
    }

    /// Pushes the current `app.state` table onto `stack` (any thread of the state).
    func pushState(onto stack: LuaStack) {
        stack.pushRef(appRef)
        stack.rawGet("state", table: stack.top)
        stack.remove(-2)
    }

    private var main: LuaStack { state.main }

    private static let gone = LuaCallbackResult.error("app: the prototype is no longer loaded")

    /// An error when the running call already asked for `LuaLimits.actionsPerCall` actions.
    private func overLimit(_ name: String) -> LuaCallbackResult? {
        performed += 1
        let limit = state.limits.actionsPerCall
        guard performed > limit else { return nil }
        return .error(
            "app:\(name): more than \(limit) navigation actions in one call (a present/dismiss or go/back cycle?)")
    }

    private func plain(_ action: Action, _ name: String, _ stack: LuaStack) -> LuaCallbackResult {
        guard let target else { return .error("app:\(name): the prototype is not running") }
        if let refused = overLimit(name) { return refused }
        target.perform(action, source: "app:\(name)()")
        return .values(0)
    }

    private func navigate(_ op: String, _ stack: LuaStack) -> LuaCallbackResult {
        guard let target else { return .error("app:\(op): the prototype is not running") }
        if let refused = overLimit(op) { return refused }
        var entries: [(key: LuaKey, value: LuaValue)] = [
            (.name("op"), .string(op)), (.name("nargs"), .number(Double(max(0, stack.top - 1)))),
        ]
        for (offset, key) in ["scene", "kind", "duration", "curve"].enumerated() {
            let index = Int32(offset + 2)
            // present(scene, {overlay = true, …}) passes its options as a table, as in a scene's table
            let options = op == "present" && key == "kind" && stack.typeName(index) == "table"
            let value: LuaValue =
                options
                ? stack.snapshot(index, actionRef: state.actionRef)
                : stack.string(index).map { .string($0) }
                    ?? stack.number(index).map { .number($0) }
                    ?? (stack.isNil(index) ? .none : .other(stack.typeName(index)))
            entries.append((.name(key), value))
        }
        var validator = PrototypeValidator(file: source.file, directory: prototype.directory)
        validator.sceneNames = prototype.sceneOrder
        let action = validator.validateTaggedAction(LuaTable(entries: entries, isAction: true), path: "app")
        guard let action, validator.diagnostics.isEmpty else {
            let message = validator.diagnostics.first?.message ?? "invalid action"
            return .error("app:\(op): " + message.replacingOccurrences(of: "\(op)(): ", with: ""))
        }
        if let problem = undeclaredOverlay(validator) { return .error("app:\(op): " + problem) }
        target.perform(action, source: "app:\(op)()")
        return .values(0)
    }

    /// Calls the Lua function `ref` with `app` (and `argument`, when given, as the second
    /// argument: a star rating's value; or `text`: a state control's state) in protected mode. If the function returns an
    /// action (`return go("thanks")`), that action is performed too; any other value it
    /// returns (a table that is not an action, a string) is an error naming the function's
    /// first line and what it returned.
    /// `deadline` (`LuaWatchdog.now`): the running test's watchdog, which stops the
    /// call when it comes before the call's own 10 s (`ranPastDeadline` then says so).
    /// - Returns: nil on success, else the error with the prototype file and line.
    func call(
        _ ref: ScriptFunctionRef, app: any AppActions, argument: Double? = nil, text: String? = nil,
        deadline: Double? = nil
    ) -> Diagnostic? {
        ranPastDeadline = false
        let main = state.main
        let base = main.top
        defer { main.setTop(base) }
        target = app
        performed = 0
        defer { target = nil }
        // What the call left in the state (it may fail half-way), before the stack is reset.
        defer { noteStateKeys() }
        main.pushRef(ref.id)
        guard main.isFunction(-1) else {
            return Diagnostic(file: source.file, message: "no Lua function with reference \(ref.id)")
        }
        main.pushRef(appRef)
        if let argument { main.pushNumber(argument) } else if let text { main.push(text) }
        let instructions = state.limits.stepInstructions
        let args: Int32 = argument == nil && text == nil ? 1 : 2
        let caller = state.subject
        state.subject = source.file
        defer { state.subject = caller }
        if case .failure(let failure) = state.call(
            args: args, results: 1, instructions: instructions, deadline: deadline)
        {
            if failure.budgetExhausted, let deadline, LuaWatchdog.now >= deadline {
                ranPastDeadline = true
            }
            return source.diagnostic(failure, limits: state.limits, instructions: instructions, subject: "the action")
        }
        // Read raw (no metamethod runs): an action, or nothing. Anything else (a table that is
        // not an action, a scene name as a string) fails the step: ignoring it hid mistakes.
        let returned = state.snapshotTop()
        if case .none = returned { return nil }
        guard case .table(let table) = returned, table.isAction else {
            var validator = PrototypeValidator(file: source.file, directory: prototype.directory)
            validator.sceneNames = []
            var what = validator.describe(returned)
            if what.count > 80 { what = String(what.prefix(80)) + "…" }
            return Diagnostic(
                file: source.file, line: ref.lines?.lowerBound,
                message:
                    "the Lua function of this action returned \(what), which is not an action: return an action such as go(\"scene\"), back(), present(\"scene\") or dismiss(), or nothing"
            )
        }
        var validator = PrototypeValidator(file: source.file, directory: prototype.directory)
        validator.sceneNames = prototype.sceneOrder
        guard let action = validator.validateAction(.table(table), path: "returned action") else {
            return validator.diagnostics.first
        }
        // An overlay's style is its scene's, from the presents written in the scenes' tables:
        // one no table declares would show full screen, not moved, not dismissed by a tap
        // outside (red-team 13 F7).
        if let problem = undeclaredOverlay(validator) {
            return Diagnostic(
                file: source.file, line: ref.lines?.lowerBound,
                message: "the Lua function of this action returned " + problem)
        }
        app.perform(action, source: "returned \(action)")
        return nil
    }

    /// Why an overlay present a Lua function made (`validator` read it) cannot show as asked:
    /// an overlay's style is its scene's, read from the presents written in the scenes' tables,
    /// so one no table declares would show full screen, not moved, not dismissed by a tap
    /// outside (red-team 13 F7); nil when every such present matches its scene's style.
    private func undeclaredOverlay(_ validator: PrototypeValidator) -> String? {
        for (scene, style) in validator.overlayStyles where prototype.scenes[scene]?.design.overlay != style {
            return
                "present(\"\(scene)\", {overlay = true, …}), but \"\(scene)\" is not presented as an overlay with these options by any present written in the scenes' tables, where an overlay's style is read: write that present once in a table (an element's on_tap, a scene's on_after); a Lua function may then make it"
        }
        return nil
    }
}
