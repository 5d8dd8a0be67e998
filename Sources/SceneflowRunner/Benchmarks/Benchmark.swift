import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// The measurements behind `sceneflow bench`. Figures are wall-clock times from a monotonic
/// clock; compare runs side by side on the same machine and quote medians and ratios.
public enum Benchmark {
    /// Summary statistics of a list of samples (milliseconds).
    public struct Stats: Sendable, CustomStringConvertible {
        /// The samples, sorted ascending.
        public let sorted: [Double]
        /// Creates stats from unsorted samples.
        public init(_ samples: [Double]) { sorted = samples.sorted() }
        /// The q-quantile (0…1), nearest-rank.
        public func quantile(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(rank, 0), sorted.count - 1)]
        }
        /// The median.
        public var median: Double { quantile(0.5) }
        /// `median 5.1 ms, p95 7.2 ms, min 4.8 ms, max 9.0 ms (n = 120)`.
        public var description: String {
            "median \(ms(median)), p95 \(ms(quantile(0.95))), min \(ms(sorted.first ?? .nan)), max \(ms(sorted.last ?? .nan)) (n = \(sorted.count))"
        }
        private func ms(_ v: Double) -> String { String(format: "%.2f ms", v) }
    }

    /// Milliseconds from opening the prototype (Lua load and validation, header checks) to
    /// the first frame presented in a new window, over `runs` fresh windows and caches.
    ///
    /// - Throws: `DiagnosticList` for a bad prototype; `SDLError` when no window can be made.
    public static func timeToFirstFrame(_ folder: String, runs: Int) throws -> Stats {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let loaded = try PrototypeOpener.open(folder, images: .header)
            let prototype = loaded.prototype
            let window = try Window(title: prototype.name, device: prototype.device)
            let images = window.makeTextureCache(directory: prototype.directory)
            let session = Session(prototype: prototype)
            _ = window.pollEvents()
            try window.draw(session.frame(), images: images)
            window.present()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return Stats(samples)
    }

    /// Milliseconds per frame of a crossfade drawn offscreen at the device's full pixel size
    /// (images decoded before timing), and per frame including reading the pixels back.
    ///
    /// - Throws: `SDLError`, `ImageLoadError`.
    public static func crossfadeFrames(_ prototype: Prototype, frames: Int) throws -> (
        draw: Stats, drawAndCapture: Stats
    ) {
        let renderer = try OffscreenRenderer(device: prototype.device)
        let images = renderer.makeTextureCache(directory: prototype.directory)
        let scenes = prototype.sceneOrder
        let from = prototype.start
        let to = scenes.first { $0 != from } ?? from
        let transition = Transition(kind: .crossfade, duration: 0.35, curve: .easeInOut)
        try renderer.draw(
            FrameComposer.frame(prototype: prototype, from: from, to: to, transition: transition, linearProgress: 0.5),
            images: images)
        var image = try renderer.capture()
        var draw: [Double] = []
        var both: [Double] = []
        for i in 0..<frames {
            let t = Double(i % 21) / 20
            let frame = FrameComposer.frame(
                prototype: prototype, from: from, to: to, transition: transition, linearProgress: t)
            let start = DispatchTime.now().uptimeNanoseconds
            try renderer.draw(frame, images: images)
            let drawn = DispatchTime.now().uptimeNanoseconds
            try renderer.capture(into: &image)
            let captured = DispatchTime.now().uptimeNanoseconds
            draw.append(Double(drawn - start) / 1e6)
            both.append(Double(captured - start) / 1e6)
        }
        return (Stats(draw), Stats(both))
    }

    /// Microseconds per scripted logic step without rasterising: a tap delivered through the
    /// recognizer, a push transition stepped frame by frame to completion, and back again.
    public static func logicSteps(_ prototype: Prototype, rounds: Int) -> Stats {
        let session = Session(prototype: prototype)
        let clock = VirtualClock()
        let start = prototype.scenes[prototype.start]
        let target = start?.elements.first { $0.onTap?.targetScene != nil }
        var samples: [Double] = []
        for _ in 0..<rounds {
            let begin = DispatchTime.now().uptimeNanoseconds
            var steps = 0
            if let target {
                session.schedule(InputEvent(.down, target.frame.center, at: clock.now))
                session.schedule(InputEvent(.up, target.frame.center, at: clock.now + 0.05))
            }
            repeat {
                clock.advanceFrame()
                session.step(to: clock.now)
                session.framePresented()
                steps += 1
            } while !session.isSettled
            session.reset()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e3 / Double(steps))
        }
        return Stats(samples)
    }
}
