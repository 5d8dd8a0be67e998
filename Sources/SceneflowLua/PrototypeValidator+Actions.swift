import SceneflowCore

extension PrototypeValidator {
    /// An action made by `go`, `replace`, `back`, `present` or `dismiss`, or a Lua function.
    mutating func validateAction(_ value: LuaValue, path: String) -> Action? {
        switch value {
        case .function(let ref):
            return .script(ref)
        case .table(let table) where table.isAction:
            return validateTaggedAction(table, path: path)
        case .string(let s) where sceneNames.contains(s):
            error(path, "expected an action, got the string \"\(s)\"; write go(\"\(s)\")")
        default:
            error(
                path,
                "expected an action such as go(\"scene\"), replace(\"scene\"), back(), present(\"scene\"), dismiss() or a function, got \(describe(value))"
            )
        }
        return nil
    }

    mutating func validateTaggedAction(_ table: LuaTable, path: String) -> Action? {
        let op = table["op"].string ?? "?"
        let line = table["line"].number.map { Int(saturating: $0) }.flatMap { $0 > 0 ? $0 : nil }
        let nargs = Int(saturating: table["nargs"].number ?? 0)
        switch op {
        case "back", "dismiss":
            if nargs > 0 { error(path, "\(op)() takes no arguments", line: line) }
            return op == "back" ? .back : .dismiss
        default:
            break
        }
        let isGo = op == "go" || op == "replace"  // replace takes go's arguments and defaults
        if nargs > 4 {
            error(
                path, "\(op)() takes at most 4 arguments (scene, transition, duration, curve), got \(nargs)", line: line
            )
        }
        var ok = true
        var scene = ""
        switch table["scene"] {
        case .string(let s) where sceneNames.contains(s): scene = s
        case .string(let s):
            error(path, noScene(s), line: line)
            ok = false
        case let other:
            error(path, "\(op)() needs a scene name (a string) first, got \(describe(other))", line: line)
            ok = false
        }
        if !isGo, case .table(let options) = table["kind"], !options.isAction {
            return validateOverlayPresent(options, scene: ok ? scene : nil, path: path, line: line)
        }
        let transition = validateTransition(
            table, defaultKind: isGo ? .pushLeft : .coverUp, what: op, path: path, line: line)
        guard ok, let transition else { return nil }
        switch op {
        case "go": return .go(scene: scene, transition: transition)
        case "replace": return .replace(scene: scene, transition: transition)
        default: return .present(scene: scene, transition: transition)
        }
    }

    /// The transition of a `go`, `replace` or `present` table: `kind`, `duration` (seconds, 0 to `Transition.maxDuration`) and
    /// `curve`, each optional.
    mutating func validateTransition(
        _ table: LuaTable, defaultKind: TransitionKind, what: String, path: String, line: Int?
    ) -> Transition? {
        var ok = true
        var kind = defaultKind
        switch table["kind"] {
        case .none: break
        case .string(let s):
            if let k = TransitionKind(rawValue: s) {
                kind = k
            } else {
                error(path, TransitionKind.unknownNameMessage(s), line: line)
                ok = false
            }
        case let other:
            error(
                path, "\(what)(): the transition must be a name such as \"push_left\", got \(describe(other))",
                line: line)
            ok = false
        }
        var duration = Transition.defaultDuration
        switch table["duration"] {
        case .none: break
        case .number(let d) where d >= 0 && d <= Transition.maxDuration: duration = d
        case let other:
            error(
                path,
                "\(what)(): the duration must be a number of seconds from 0 to \(formatNumber(Transition.maxDuration)), got \(describe(other))",
                line: line)
            ok = false
        }
        var curve = Transition.defaultCurve
        switch table["curve"] {
        case .none: break
        case .string(let s):
            if let c = TimingCurve(rawValue: s) {
                curve = c
            } else {
                error(path, TimingCurve.unknownNameMessage(s), line: line)
                ok = false
            }
        case let other:
            error(
                path, "\(what)(): the curve must be a name such as \"ease_in_out\", got \(describe(other))", line: line)
            ok = false
        }
        return ok ? Transition(kind: kind, duration: duration, curve: curve) : nil
    }
}
