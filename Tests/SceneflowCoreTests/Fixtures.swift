import SceneflowCore

/// Shared builders for the Core tests: a small store-like prototype and timeline helpers.
enum Fixtures {
    static let device = Device(width: 360, height: 800, scale: 3)

    static func push(
        _ scene: String, _ kind: TransitionKind = .pushLeft, _ duration: Double = 0.35,
        _ curve: TimingCurve = .linear
    ) -> Action {
        .go(scene: scene, transition: Transition(kind: kind, duration: duration, curve: curve))
    }

    /// home --(Open, push_left)--> details --(Back)--> home;
    /// home --(Menu, present cover_up)--> drawer --(Close)--> dismiss.
    static func storePrototype(
        openTransition: Transition = Transition(kind: .pushLeft, duration: 0.35, curve: .linear)
    ) -> Prototype {
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "Background", frame: Rect(x: 0, y: 0, width: 360, height: 800),
                    onTap: .script(ScriptFunctionRef(id: 7))),
                Element(
                    label: "Open", frame: Rect(x: 16, y: 220, width: 96, height: 120),
                    onTap: .go(scene: "details", transition: openTransition),
                    onSwipe: [.up: .go(scene: "games", transition: .cut)]),
                Element(
                    label: "Menu", frame: Rect(x: 0, y: 24, width: 56, height: 56),
                    onTap: .present(scene: "drawer", transition: Transition(kind: .coverUp, duration: 0.3))),
            ],
            onSwipe: [.left: .go(scene: "games", transition: Transition(kind: .pushLeft, duration: 0.35))])
        let details = Scene(
            name: "details", image: "details.png",
            elements: [
                Element(label: "Back", frame: Rect(x: 0, y: 24, width: 56, height: 56), onTap: .back),
                Element(
                    label: "Rate", frame: Rect(x: 24, y: 600, width: 312, height: 64),
                    onTap: .script(ScriptFunctionRef(id: 42))),
            ])
        let drawer = Scene(
            name: "drawer", image: "drawer.png",
            elements: [Element(label: "Close", frame: Rect(x: 300, y: 24, width: 56, height: 56), onTap: .dismiss)])
        let games = Scene(name: "games", image: "games.png")
        return Prototype(name: "Store", device: device, start: "home", scenes: [home, details, drawer, games])
    }

    /// Schedules press and release at `point` (a tap) starting at `time`.
    static func scheduleTap(_ session: Session, at point: Point, time: Double) {
        session.schedule(InputEvent(.down, point, at: time))
        session.schedule(InputEvent(.up, point, at: time + 0.05))
    }

    /// Steps a session frame by frame at 60 Hz (presenting each frame) until `end`.
    static func run(_ session: Session, clock: VirtualClock, until end: Double) {
        while clock.now + 1e-9 < end {
            clock.advanceFrame()
            session.step(to: clock.now)
            session.framePresented()
        }
    }
}

extension Timeline {
    var queuedActions: [Action] {
        events.compactMap { if case .navigationQueued(let a, _) = $0.kind { return a } else { return nil } }
    }
    var ignoredInputs: [InputEvent] {
        events.compactMap { if case .inputIgnored(let e, _) = $0.kind { return e } else { return nil } }
    }
    var skipped: [(Action, String)] {
        events.compactMap { if case .actionSkipped(let a, let r) = $0.kind { return (a, r) } else { return nil } }
    }
    var actions: [Action] {
        events.compactMap { if case .action(let a, _) = $0.kind { return a } else { return nil } }
    }
    var started: [(from: String, to: String, transition: Transition)] {
        events.compactMap {
            if case .transitionStarted(let f, let t, let tr) = $0.kind { return (f, t, tr) } else { return nil }
        }
    }
    var gestures: [Gesture] {
        events.compactMap { if case .gesture(let g, _, _) = $0.kind { return g } else { return nil } }
    }
}

/// Lifecycle shorthands.
func will(_ s: String, _ animated: Bool = true) -> LifecycleEvent { .init(.willAppear, s, animated: animated) }
func did(_ s: String, _ animated: Bool = true) -> LifecycleEvent { .init(.didAppear, s, animated: animated) }
func willGo(_ s: String, _ animated: Bool = true) -> LifecycleEvent { .init(.willDisappear, s, animated: animated) }
func didGo(_ s: String, _ animated: Bool = true) -> LifecycleEvent { .init(.didDisappear, s, animated: animated) }
