import Foundation
import SceneflowCore
import SceneflowLua

extension Benchmark {
    /// What a window crossfade run measured.
    public struct WindowTransitionResult: Sendable {
        /// The SDL renderer the window used, e.g. `software` or `opengl (vsync)`.
        public var renderer: String
        /// The window size in screen coordinates.
        public var windowSize: (width: Int, height: Int)
        /// The run's timeline (every crossfade there and back).
        public var document: TimelineDocument
        /// The completed transitions, in order.
        public var transitions: [TransitionRecord] { document.allTransitions.map(\.record) }
    }

    /// Opens `loaded` in a real window of `size` screen coordinates and plays `count`
    /// crossfades of `duration` seconds between the start scene and the next scene (there and
    /// back, with `pause` seconds settled in between), on the wall clock, recording the
    /// timeline as `sceneflow play` does. Stops after `timeout` seconds of wall time.
    ///
    /// - Throws: `SDLError` when no window can be made (no display), `ImageLoadError` for a
    ///   bad screenshot.
    public static func windowCrossfades(
        _ loaded: LoadedPrototype, size: (width: Int, height: Int) = (390, 844), duration: Double = 0.35,
        count: Int = 5, pause: Double = 0.25, timeout: Double = 60
    ) throws -> WindowTransitionResult {
        let prototype = loaded.prototype
        let start = prototype.start
        let other = prototype.sceneOrder.first { $0 != start } ?? start
        let player = WindowPlayer(loaded, log: { _ in })
        player.windowSize = size
        player.quitAfter = timeout
        let crossfade = Transition(kind: .crossfade, duration: duration, curve: .easeInOut)
        var settledSince: Double?
        var asked = 0
        player.onFrame = { [unowned player] session in
            guard session.isSettled else {
                settledSince = nil
                return
            }
            let now = session.now
            if settledSince == nil { settledSince = now }
            guard let since = settledSince, now - since >= pause else { return }
            if session.timeline.transitions.count >= count {
                player.stop()
            } else if asked == session.timeline.transitions.count {
                asked += 1
                let action: Action =
                    session.currentScene == start ? .go(scene: other, transition: crossfade) : .back
                player.request(action, source: "benchmark")
                settledSince = nil
            }
        }
        try player.run()
        return WindowTransitionResult(
            renderer: player.rendererName, windowSize: size, document: player.timelineDocument())
    }
}
