import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// The CPU an idle `play` window uses against its floor (issue 19 item 3): the same window
/// and frame, presented once, with the thread asleep in `SDL_WaitEventTimeout`. Both are
/// measured as process CPU time (every thread, the renderer's included) over wall time.
public enum IdleBenchmark {
    /// The figures: percent of one core.
    public struct Result: Sendable {
        /// `WindowPlayer` with nothing moving, each round.
        public let player: [Double]
        /// A bare window that presented one frame and waits for events, each round.
        public let floor: [Double]
        /// Frames the player presented while idle, each round.
        public let framesWhileIdle: [Int]
        /// The renderer the windows used.
        public let renderer: String
    }

    /// CPU seconds this process has used, all threads.
    static func processCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Measures `rounds` interleaved rounds of `seconds` each after a 2 s settle, on `loaded`.
    /// - Throws: `SDLError` when no window can be made.
    public static func run(_ loaded: LoadedPrototype, seconds: Double, rounds: Int) throws -> Result {
        let settle = 2.0
        var player: [Double] = []
        var floor: [Double] = []
        var frames: [Int] = []
        var renderer = ""
        for _ in 0..<rounds {
            do {  // the floor: one frame, then asleep waiting for events
                let prototype = loaded.prototype
                let window = try Window(title: prototype.name, device: prototype.device, size: (390, 844))
                let images = window.makeTextureCache(directory: prototype.directory)
                try window.draw(Session(prototype: prototype).frame(), images: images)
                window.present()
                let clock = WallClock()
                while clock.now < settle {
                    _ = window.pollEvents()
                    window.waitEvents(timeout: 0.25)
                }
                let cpu = processCPU()
                let start = clock.now
                while clock.now < start + seconds {
                    _ = window.pollEvents()
                    window.waitEvents(timeout: WindowPlayer.idleWakeInterval)
                }
                floor.append((processCPU() - cpu) / (clock.now - start) * 100)
            }
            let playing = WindowPlayer(loaded, log: { _ in })
            playing.windowSize = (390, 844)
            playing.quitAfter = settle + seconds
            var mark: (cpu: Double, wall: Double, frames: Int)?
            let clock = WallClock()
            playing.onFrame = { [unowned playing] _ in
                if mark == nil && clock.now >= settle { mark = (processCPU(), clock.now, playing.framesPresented) }
            }
            try playing.run()
            if let mark {
                player.append((processCPU() - mark.cpu) / (clock.now - mark.wall) * 100)
                frames.append(playing.framesPresented - mark.frames)
            }
            renderer = playing.rendererName
        }
        return Result(player: player, floor: floor, framesWhileIdle: frames, renderer: renderer)
    }
}
