import Foundation
import SceneflowCore
import SceneflowSDL

/// `expect.screenshot` and `--frames` capture against their floors (issue 19 item 2), timed in
/// interleaved rounds so that load from other processes falls on every figure alike.
public enum ScreenshotBenchmark {
    /// The figures, in milliseconds.
    public struct Result: Sendable {
        /// Frame size in pixels.
        public let width: Int
        /// Frame height in pixels.
        public let height: Int
        /// `expect.screenshot` on a baseline file not yet decoded in this run (renderer and
        /// textures warm): render, capture, decode the baseline, compare.
        public let firstCall: Benchmark.Stats
        /// `expect.screenshot` again on the same unchanged baseline.
        public let repeatedCall: Benchmark.Stats
        /// Decoding the baseline PNG alone (`PictureLoader.load`: libpng through SDL_image).
        public let decode: Benchmark.Stats
        /// Drawing the settled frame and reading it back into a reused buffer.
        public let renderAndCapture: Benchmark.Stats
        /// Comparing the frame with the decoded baseline in memory (exact, equal images).
        public let compare: Benchmark.Stats
        /// One `--frames-hash-only` capture as `FrameRecorder` does it: draw, read back into
        /// its reused buffer, hash.
        public let frameCapture: Benchmark.Stats
        /// The same with a fresh, filled buffer per frame (how captures worked before).
        public let frameCaptureFreshBuffer: Benchmark.Stats

        /// The floor of a first call: decode + render and capture + compare (sum of medians).
        public var firstCallFloor: Double { decode.median + renderAndCapture.median + compare.median }
    }

    /// Measures on the start scene of `prototype` over `rounds` interleaved rounds.
    /// - Throws: `SDLError`, `ImageLoadError`, file errors.
    public static func run(_ prototype: Prototype, rounds: Int) throws -> Result {
        let folder = NSTemporaryDirectory() + "sceneflow-screenshot-bench-\(UUID().uuidString)"
        let shots = folder + "/__screenshots__/bench"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = Session(prototype: prototype)
        let renderer = try OffscreenRenderer(device: prototype.device)
        let images = renderer.makeTextureCache(directory: prototype.directory)
        try renderer.draw(session.frame(), images: images)
        let frame = try renderer.capture()
        let baseline = shots + "/home.png"
        let copy = folder + "/home-copy.png"
        try OffscreenRenderer.savePNG(frame, to: baseline)
        try FileManager.default.copyItem(atPath: baseline, toPath: copy)
        let checker = ScreenshotChecker(
            prototype: prototype, script: folder + "/bench.lua", reportFolder: folder + "/report", mode: .never)
        let request = ScreenshotRequest(name: "home")
        func call() throws {
            checker.begin(test: "bench", index: 0)
            guard case .passed = checker.screenshot(request, session: session, final: true) else {
                throw BenchmarkFailure(message: "expect.screenshot did not pass on its own baseline")
            }
        }
        try call()  // renderer and textures made, as after a run's first check
        var buffer = frame
        var samples = Array(repeating: [Double](), count: 7)
        for _ in 0..<rounds {
            // The baseline is replaced by an equal file: a new file to the cache, decoded again.
            try? FileManager.default.removeItem(atPath: baseline)
            try FileManager.default.copyItem(atPath: copy, toPath: baseline)
            samples[0].append(try timed(call))
            samples[1].append(try timed(call))
            samples[2].append(try timed { _ = try PictureLoader().load(path: baseline) })
            samples[3].append(
                try timed {
                    try renderer.draw(session.frame(), images: images)
                    try renderer.capture(into: &buffer)
                })
            samples[4].append(try timed { _ = try ImageComparison.compare(expected: frame, actual: buffer) })
            var hash: UInt64 = 0
            samples[5].append(
                try timed {
                    try renderer.draw(session.frame(), images: images)
                    try renderer.capture(into: &buffer)
                    hash = FrameHash.of(buffer)
                })
            samples[6].append(
                try timed {
                    try renderer.draw(session.frame(), images: images)
                    var fresh = RGBAImage(width: frame.width, height: frame.height, fill: (0, 0, 0, 255))
                    try renderer.capture(into: &fresh)
                    hash ^= FrameHash.of(fresh)
                })
            if hash != 0 { buffer.pixels[0] = frame.pixels[0] }  // keeps the hashes from being dropped
        }
        let s = samples.map(Benchmark.Stats.init)
        return Result(
            width: frame.width, height: frame.height, firstCall: s[0], repeatedCall: s[1], decode: s[2],
            renderAndCapture: s[3], compare: s[4], frameCapture: s[5], frameCaptureFreshBuffer: s[6])
    }

    /// Milliseconds `body` takes.
    static func timed(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
