import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// `sceneflow play`: the prototype in a window on the wall clock. A click is a tap, a drag a
/// swipe (through Core's gesture recognizer; a press on a star rating is captured by it),
/// Escape or Backspace goes back, closing the window or pressing Q quits. Tab focuses the
/// next star rating; arrows step it, Home/End give its minimum/maximum, Return or Space
/// commits (`on_change`). The title shows the prototype and the current scene.
public final class WindowPlayer {
    private let loaded: LoadedPrototype
    private let session: Session
    private let clock = WallClock()
    private let log: (String) -> Void
    /// Stop after this many seconds of wall time (nil: run until the window closes); used
    /// by benchmarks and smoke tests.
    public var quitAfter: Double?
    /// Called once with the seconds from start to the first presented frame.
    public var onFirstFrame: ((Double) -> Void)?
    /// The texture cache's byte budget (default `TextureCache.defaultByteBudget`, 256 MiB).
    public var textureBudget = TextureCache.defaultByteBudget

    /// Creates a player for an opened prototype; `log` receives one line per notable event
    /// (navigation, ignored input, Lua action errors).
    public init(_ loaded: LoadedPrototype, log: @escaping (String) -> Void = { print($0) }) {
        self.loaded = loaded
        self.session = Session(prototype: loaded.prototype)
        self.log = log
    }

    /// Opens the window and runs until it is closed.
    ///
    /// - Throws: `SDLError` when the window or renderer cannot be created (no display), and
    ///   `ImageLoadError` when a scene's image cannot be decoded when it is first shown.
    public func run() throws {
        let prototype = loaded.prototype
        let window = try Window(title: title(), device: prototype.device)
        let images = window.makeTextureCache(directory: prototype.directory)
        images.byteBudget = textureBudget
        var events: [WindowEvent] = []
        var lastTitle = ""
        var loggedEvents = 0
        var firstFrame = true
        var preloadedFor = ""
        while true {
            events.removeAll(keepingCapacity: true)
            window.pollEvents(into: &events)
            let now = clock.now
            for event in events {
                switch event {
                case .quit: return
                case .key("Q"): return
                case .back: session.perform(.back, source: "key Escape")
                case .pointerDown(let p): session.handle(InputEvent(.down, p, at: now))
                case .pointerMoved(let p): session.handle(InputEvent(.move, p, at: now))
                case .pointerUp(let p): session.handle(InputEvent(.up, p, at: now))
                case .key(let name): if let key = Self.controlKeys[name] { session.handleKey(key) }
                case .exposed: break
                }
            }
            session.step(to: now)
            if preloadedFor != session.currentScene && session.isSettled {
                preloadedFor = session.currentScene
                images.preload(reachableImages(from: preloadedFor))
            }
            try window.draw(session.frame(), images: images)
            window.present()
            session.framePresented()
            if firstFrame {
                firstFrame = false
                onFirstFrame?(clock.now)
            }
            for call in session.takeScriptCalls() {
                if let problem = loaded.call(call, session: session) { log("\(problem)") }
            }
            loggedEvents = report(from: loggedEvents)
            let newTitle = title()
            if newTitle != lastTitle {
                window.setTitle(newTitle)
                lastTitle = newTitle
            }
            if let quitAfter, clock.now >= quitAfter { return }
            if session.isSettled && events.isEmpty {
                window.waitEvents(timeout: 0.05)
            }
        }
    }

    /// Keys that move keyboard focus between controls and step the focused star rating.
    static let controlKeys: [String: ControlKey] = [
        "Tab": .focusNext, "Right": .increment, "Up": .increment, "Left": .decrement, "Down": .decrement,
        "Home": .minimum, "End": .maximum, "Return": .commit, "Space": .commit, "Keypad Enter": .commit,
    ]

    private func title() -> String {
        "\(loaded.prototype.name) — \(session.currentScene) — Sceneflow"
    }

    /// Images of the scenes one action away from `scene`, for background decoding.
    private func reachableImages(from scene: String) -> [(path: String, screen: ScreenArea)] {
        guard let current = loaded.prototype.scenes[scene] else { return [] }
        return current.actions.compactMap { $0.action.targetScene }
            .compactMap { loaded.prototype.scenes[$0] }
            .map { (path: $0.image, screen: $0.screen) }
    }

    /// Prints navigation and ignored input since event `index`; returns the new index.
    private func report(from index: Int) -> Int {
        let events = session.timeline.events
        for event in events[index...] {
            switch event.kind {
            case .action, .inputIgnored, .actionSkipped, .navigationQueued, .transitionCompleted:
                log(event.description)
            default: break
            }
        }
        return events.count
    }
}
