import Foundation
import SceneflowCore
import SceneflowSDL

/// `sceneflow check`'s image decoding against its floors (issue 19 item 5), in interleaved
/// rounds on a generated prototype of full-size screenshots (`MemoryBenchmark.generate`).
public enum CheckBenchmark {
    /// The figures, in milliseconds.
    public struct Result: Sendable {
        /// Scenes (one 1080 x 2400 px PNG each).
        public let scenes: Int
        /// Cores the process may use.
        public let cores: Int
        /// Decoding every image one after another (how `check` worked before).
        public let serialDecode: Benchmark.Stats
        /// Decoding every image on every core.
        public let parallelDecode: Benchmark.Stats
        /// A whole first `check` (Lua load, validation, every image decoded on every core) with
        /// an empty checked-image cache.
        public let coldCheck: Benchmark.Stats
        /// The same `check` again with the cache the first one wrote (images hashed, not decoded).
        public let warmCheck: Benchmark.Stats
    }

    /// Measures on a prototype of `scenes` generated screenshots kept in `folder` (written
    /// once), over `rounds` interleaved rounds.
    /// - Throws: `DiagnosticList`, `SDLError`, file errors.
    public static func run(scenes: Int, rounds: Int, folder: String) throws -> Result {
        try MemoryBenchmark.generate(scenes: scenes, in: folder)
        let prototype = try PrototypeOpener.open(folder, images: .header).prototype
        let file = prototypeFilePath(in: folder)
        let cacheFolder = NSTemporaryDirectory() + "sceneflow-check-bench-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
        var samples = Array(repeating: [Double](), count: 4)
        for round in 0..<rounds {
            let cacheFile = cacheFolder + "/\(round).txt"
            samples[0].append(
                try ScreenshotBenchmark.timed {
                    _ = PrototypeOpener.imageProblems(prototype, file: file, check: .decode, onEveryCore: false)
                })
            samples[1].append(
                try ScreenshotBenchmark.timed {
                    _ = PrototypeOpener.imageProblems(prototype, file: file, check: .decode)
                })
            samples[2].append(
                try ScreenshotBenchmark.timed {
                    let cache = CheckedImageCache(file: cacheFile)
                    _ = try PrototypeOpener.open(folder, images: .decode, checked: cache)
                    cache.save()
                })
            samples[3].append(
                try ScreenshotBenchmark.timed {
                    let cache = CheckedImageCache(file: cacheFile)
                    _ = try PrototypeOpener.open(folder, images: .decode, checked: cache)
                    cache.save()
                })
        }
        let s = samples.map(Benchmark.Stats.init)
        return Result(
            scenes: scenes, cores: ProcessInfo.processInfo.activeProcessorCount, serialDecode: s[0],
            parallelDecode: s[1], coldCheck: s[2], warmCheck: s[3])
    }
}
