import Foundation
import SceneflowCore
import SceneflowSDL

/// `sceneflow render` as `play` and `test` show it (issue 13 item 3): the frame comes from a
/// `Session` composed exactly as in the window and the headless runner, so an overlay is drawn
/// over the scene that presents it (dimmed, placed, sized), star ratings sit where they are
/// placed, and a transition is the one wired to the element that leads there, started on the
/// stack it starts from and stepped to the moment asked for.
extension StillRenderer {
    /// What to draw: a scene at rest, or a transition from it (`route`).
    public struct Plan: Sendable {
        /// The scene at rest, or the outgoing scene.
        public var scene: String
        /// The way to the incoming scene, or nil for the scene at rest.
        public var route: TransitionRoute?
        /// One line saying which transition is drawn and why (which element leads there,
        /// which others do too), or nil at rest.
        public var note: String?
        /// How the device is held.
        public var orientation: Orientation

        /// The transition drawn, if any.
        public var transition: Transition? { route?.transition }
    }

    /// The plan for `scene` (at rest) or for the transition from `scene` to `to`: the first
    /// route the prototype declares (`TransitionRoute.routes`: an action of `scene` leading
    /// there, else its `back()` / `dismiss()` when `to` leads to it), with `kind`, `duration`
    /// and `curve` replacing the route's when given; with no route, a `go` (a `present` for an
    /// overlay scene) with the transition given or the default one.
    public static func plan(
        _ prototype: Prototype, scene: String, to: String?, kind: TransitionKind? = nil, duration: Double? = nil,
        curve: TimingCurve? = nil, orientation: Orientation = .portrait
    ) -> Plan {
        let from = prototype.scene(shownFor: scene, held: orientation)
        guard let to else { return Plan(scene: from, route: nil, note: nil, orientation: orientation) }
        let routes = TransitionRoute.routes(in: prototype, from: from, to: to)
        let overridden = kind != nil || duration != nil || curve != nil
        func given(_ base: Transition) -> Transition {
            Transition(kind: kind ?? base.kind, duration: duration ?? base.duration, curve: curve ?? base.curve)
        }
        guard let first = routes.first else {
            let style = prototype.scenes[to]?.design.overlay
            let base =
                style.map {
                    Transition(kind: $0.position == .bottom ? .coverUp : .crossfade, duration: 0.3, curve: .easeOut)
                }
                ?? Transition(kind: .crossfade)
            let transition = given(base)
            let action: Action =
                style == nil ? .go(scene: to, transition: transition) : .present(scene: to, transition: transition)
            let route = TransitionRoute(
                path: "", label: nil, action: action, transition: transition, stack: prototype.restingStack(for: from))
            let note =
                "render: nothing in scene \"\(from)\" leads to \"\(to)\"; drawing \(action) (--transition, --duration and --curve choose another)"
            return Plan(scene: from, route: route, note: note, orientation: orientation)
        }
        let route = overridden ? first.drawing(given(first.transition)) : first
        var note = "render: \(from) -> \(to): \(route.transition), "
        note += overridden ? "given on the command line, for \(first.source)" : "the transition of \(first.source)"
        let others = routes.dropFirst()
        if !others.isEmpty {
            note +=
                "; also leading there: "
                + others.map { "\($0.source) \($0.transition)" }.joined(separator: ", ")
                + " (--transition, --duration and --curve draw another)"
        }
        return Plan(scene: from, route: route, note: note, orientation: orientation)
    }

    /// The frame `plan` shows `at` seconds after its transition starts (clamped to the end),
    /// or the scene at rest: composed by a session as the window and the test runner compose it.
    public static func frame(_ prototype: Prototype, _ plan: Plan, at: Double) -> FrameDescription {
        let session = Session(prototype: prototype)
        guard let route = plan.route else {
            session.restore(prototype.restingStack(for: plan.scene), orientation: plan.orientation)
            return session.frame()
        }
        session.restore(route.stack, orientation: plan.orientation)
        session.perform(route.action, source: "render")
        session.step(to: min(max(at, 0), route.transition.duration))
        return session.frame()
    }

    /// Draws `plan` at `at` seconds and returns the pixels (the device's pixel size, turned
    /// when the frame shows in landscape).
    ///
    /// Images are read with `loader` (give the one the prototype was opened with, holding a
    /// `PictureHandoff`, so the screenshots checked then are not decoded again).
    ///
    /// - Throws: `SDLError`, `ImageLoadError` (an image that cannot be decoded).
    public static func render(
        _ prototype: Prototype, _ plan: Plan, at: Double, labels: Bool = false, loader: PictureLoader = PictureLoader()
    ) throws -> RGBAImage {
        let renderer = try OffscreenRenderer(device: prototype.device)
        let images = renderer.makeTextureCache(directory: prototype.directory, loader: loader)
        try renderer.draw(frame(prototype, plan, at: at), images: images)
        if labels { try renderer.draw(labelOverlay(prototype, plan, at: at)) }
        return try renderer.capture()
    }

    /// The window's `H` overlay for `plan` at `at` seconds (`render --labels`): a box over
    /// every element of the scene that shows (the incoming one once a transition is past
    /// halfway; scrolled and clipped as the session shows them) with its accessibility label,
    /// as `DesignerState.overlay` makes it with `H` on.
    public static func labelOverlay(_ prototype: Prototype, _ plan: Plan, at: Double) -> Overlay {
        let session = Session(prototype: prototype)
        if let route = plan.route {
            session.restore(route.stack, orientation: plan.orientation)
            session.perform(route.action, source: "render")
            session.step(to: min(max(at, 0), route.transition.duration))
        } else {
            session.restore(prototype.restingStack(for: plan.scene), orientation: plan.orientation)
        }
        var shown = session.scene(session.currentScene)
        let outline = session.visibleOutline
        shown?.elements = outline.elements
        var designer = DesignerState()
        designer.showsElements = true
        return designer.overlay(for: shown, at: 0, clips: outline.clips)
    }

    /// A note for `render --labels` when some label text could not be drawn: the characters
    /// no installed font has (drawn as boxes), with the package that adds CJK faces, or why no
    /// text could be drawn at all; nil when every character had a face.
    public static func labelFontNote() -> String? {
        if let problem = FontMeasure.problem { return "render: labels drawn without text: \(problem)" }
        let missing = FontMeasure.missing
        guard !missing.isEmpty else { return nil }
        let shown = missing.prefix(8).map { "\(Character($0)) (U+\(String($0.value, radix: 16, uppercase: true)))" }
        let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
        return
            "render: no installed font has \(shown.joined(separator: ", "))\(more); drawn as boxes (install fonts-noto-cjk for Chinese, Japanese and Korean)"
    }
}
