/// One way the prototype leads from one scene to another: an action declared in the scene
/// (an element's tap, swipe, double tap or long press, a star rating's navigation, a scene-wide
/// swipe or its timed `on_after`) and the stack it starts from. `sceneflow render --to` draws
/// the transition of such a route (issue 13 item 3), so it animates as the wired element does
/// in `play` and `test`.
public struct TransitionRoute: Equatable, Sendable {
    /// Where the action is declared, e.g. `scenes.entry.elements[2].on_tap`.
    public var path: String
    /// The accessibility label of the element declaring it, or nil for a scene-wide action.
    public var label: String?
    /// The action to perform (`go`, `present`, `replace`, or `back` / `dismiss` for a way back).
    public var action: Action
    /// The transition drawn: the action's own, or for a way back the reverse of the arrival.
    public var transition: Transition
    /// The navigation stack to perform it on, bottom to top.
    public var stack: [Navigator.Entry]

    /// A route.
    public init(path: String, label: String?, action: Action, transition: Transition, stack: [Navigator.Entry]) {
        self.path = path
        self.label = label
        self.action = action
        self.transition = transition
        self.stack = stack
    }

    /// `"Rate" (scenes.entry.elements[2].on_tap)` or the path alone.
    public var source: String {
        label.map { "\"\($0)\" (\(path))" } ?? path
    }

    /// The routes from scene `from` to scene `to` in declaration order: the actions of `from`
    /// that go, present or replace to `to`, then the `back()` / `dismiss()` actions of `from`
    /// that land on `to` after the shortest way the prototype leads from `to` to `from` (a
    /// `back()` after one step; a `dismiss()` after a `present` and steps that present nothing
    /// more), drawn as the reverse of the arrival they undo.
    public static func routes(in prototype: Prototype, from: String, to: String) -> [TransitionRoute] {
        let forward = forwardRoutes(in: prototype, from: from, to: to)
        guard let scene = prototype.scenes[from], let way = shortestWay(in: prototype, from: to, to: from) else {
            return forward
        }
        var stack = prototype.restingStack(for: to)
        for hop in way {
            let isModal = { if case .present = hop.action { true } else { false } }()
            if case .replace = hop.action, let replaced = stack.popLast() {
                stack.append(Navigator.Entry(scene: hop.target, arrival: hop.transition, isModal: replaced.isModal))
            } else if case .tab = hop.action, let replaced = stack.popLast() {
                // Another tab's root stands where the tab bar's stack started (in a presented
                // form, presented as the form was), as `Navigator` switches tabs.
                stack.append(Navigator.Entry(scene: hop.target, arrival: replaced.arrival, isModal: replaced.isModal))
            } else {
                stack.append(Navigator.Entry(scene: hop.target, arrival: hop.transition, isModal: isModal))
            }
        }
        let base = prototype.restingStack(for: to).count
        let modals = stack.indices.filter { stack[$0].isModal }
        var back: [TransitionRoute] = []
        for (path, action) in scene.actions {
            let undone: Navigator.Entry?
            switch action {
            case .back where stack.count == base + 1: undone = stack.last
            case .dismiss where modals.last == base: undone = stack[base]
            default: undone = nil
            }
            guard let undone else { continue }
            back.append(
                TransitionRoute(
                    path: path, label: scene.label(declaring: path), action: action,
                    transition: undone.arrival.reversed, stack: stack))
        }
        return forward + back
    }

    /// One step of a way through the prototype: an action leading to `target`.
    struct Hop {
        var target: String
        var action: Action
        var transition: Transition
    }

    /// The shortest sequence of forward actions (first declared first) leading from `from` to
    /// `to`, or nil when none does.
    static func shortestWay(in prototype: Prototype, from: String, to: String) -> [Hop]? {
        var ways: [String: [Hop]] = [from: []]
        var queue = [from]
        while !queue.isEmpty {
            let here = queue.removeFirst()
            if here == to { return ways[here] }
            for (_, action) in prototype.scenes[here]?.actions ?? [] {
                guard let transition = action.forwardTransition, let target = action.targetScene, ways[target] == nil
                else { continue }
                ways[target] = ways[here]! + [Hop(target: target, action: action, transition: transition)]
                queue.append(target)
            }
        }
        return nil
    }

    /// The actions of `from` that go, present or replace to `to`, on the stack `from` shows
    /// on at rest.
    static func forwardRoutes(in prototype: Prototype, from: String, to: String) -> [TransitionRoute] {
        guard let scene = prototype.scenes[from] else { return [] }
        let stack = prototype.restingStack(for: from)
        return scene.actions.compactMap { path, action in
            guard let transition = action.forwardTransition, action.targetScene == to else { return nil }
            return TransitionRoute(
                path: path, label: scene.label(declaring: path), action: action, transition: transition, stack: stack)
        }
    }

    /// This route drawing `transition` instead of its own (for a way back: the arrival is the
    /// reverse, so the drawn transition is `transition`).
    public func drawing(_ transition: Transition) -> TransitionRoute {
        var copy = self
        copy.transition = transition
        switch action {
        case .go(let scene, _): copy.action = .go(scene: scene, transition: transition)
        case .present(let scene, _): copy.action = .present(scene: scene, transition: transition)
        case .replace(let scene, _): copy.action = .replace(scene: scene, transition: transition)
        case .tab(let scene, _): copy.action = .tab(scene: scene, transition: transition)
        case .back:
            copy.stack[copy.stack.count - 1].arrival = transition.reversed
        case .dismiss:
            if let modal = copy.stack.lastIndex(where: \.isModal) { copy.stack[modal].arrival = transition.reversed }
        case .script:
            break
        }
        return copy
    }
}

extension Action {
    /// The transition of a `go`, `present`, `replace` or a tab switch; nil for other actions.
    var forwardTransition: Transition? {
        switch self {
        case .go(_, let t), .present(_, let t), .replace(_, let t), .tab(_, let t): t
        default: nil
        }
    }
}

extension Scene {
    /// The label of the element whose action `path` names (`scenes.x.elements[2].on_tap`), or
    /// nil for a scene-wide action.
    func label(declaring path: String) -> String? {
        (elements + (design.landscape?.elements ?? [])).first { !$0.path.isEmpty && path.hasPrefix($0.path + ".") }?
            .label
    }
}

extension Prototype {
    /// The first scene that presents `overlay` (an element or scene action naming it with
    /// `present`), in declaration order; nil when none does (a Lua function may).
    public func presenter(of overlay: String) -> String? {
        orderedScenes.first { scene in
            scene.actions.contains { if case .present(overlay, _) = $0.action { true } else { false } }
        }?.name
    }

    /// The stack on which `scene` shows at rest: an overlay scene over the scene that presents
    /// it (the start scene when none does), any other scene alone.
    public func restingStack(for scene: String) -> [Navigator.Entry] {
        guard let style = scenes[scene]?.design.overlay else {
            return [Navigator.Entry(scene: scene, arrival: .cut, isModal: false)]
        }
        let below = presenter(of: scene) ?? start
        let presented = scenes[below]?.actions.lazy.compactMap { entry -> Transition? in
            if case .present(scene, let t) = entry.action { t } else { nil }
        }.first
        let kind: TransitionKind = style.position == .bottom ? .coverUp : .crossfade
        return [
            Navigator.Entry(scene: below == scene ? start : below, arrival: .cut, isModal: false),
            Navigator.Entry(
                scene: scene, arrival: presented ?? Transition(kind: kind, duration: 0.3, curve: .easeOut),
                isModal: true),
        ]
    }
}
