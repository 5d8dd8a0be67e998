import Foundation
import SceneflowCore
import SceneflowSDL

/// Screenshot-assertion figures for `sceneflow bench` (issue 5): comparing two frames at the
/// prototype's full pixel size exactly and with pixelmatch's tolerance, rendering plus reading
/// back a settled frame, and a check from PNG files (decoding included) timed side by side with
/// ImageMagick's `compare -metric AE` on the same pair.
public enum VisualBenchmark {
    /// The figures, in milliseconds.
    public struct Result: Sendable {
        /// Frame size in pixels.
        public let width: Int
        /// Frame height in pixels.
        public let height: Int
        /// Exact comparison of the two frames in memory.
        public let exact: Benchmark.Stats
        /// Tolerant comparison (threshold 0.1, anti-aliasing skipped) in memory.
        public let tolerant: Benchmark.Stats
        /// Drawing a settled frame offscreen and reading its pixels back.
        public let renderAndCapture: Benchmark.Stats
        /// Sceneflow's check from the two PNG files (`FileComparison`): decode both, compare
        /// exactly.
        public let fromFiles: Benchmark.Stats
        /// ImageMagick's `compare -metric AE` on the same files; nil when it is not installed.
        public let imageMagick: Benchmark.Stats?
        /// Sceneflow's check of a file against an identical copy (no decoding needed).
        public let identicalFiles: Benchmark.Stats
        /// ImageMagick on the identical pair; nil when it is not installed.
        public let imageMagickIdentical: Benchmark.Stats?
    }

    /// Measures on the start scene of `prototype` against a copy with a 60x60 px block changed
    /// (a small visual regression), `runs` times each.
    /// - Throws: `SDLError`, `ImageLoadError`, file errors.
    public static func run(_ prototype: Prototype, runs: Int) throws -> Result {
        let renderer = try OffscreenRenderer(device: prototype.device)
        let images = renderer.makeTextureCache(directory: prototype.directory)
        let session = Session(prototype: prototype)
        try renderer.draw(session.frame(), images: images)
        let a = try renderer.capture()
        var b = a
        ImageComparison.fill(&b, PixelRect(x: a.width / 3, y: a.height / 3, width: 60, height: 60), (220, 30, 30, 255))
        var captured = a
        let render = try timed(runs) {
            try renderer.draw(session.frame(), images: images)
            try renderer.capture(into: &captured)
        }
        let exact = try timed(runs) { _ = try ImageComparison.compare(expected: a, actual: b) }
        let tolerant = try timed(runs) {
            _ = try ImageComparison.compare(
                expected: a, actual: b, options: ImageCompareOptions(threshold: 0.1, ignoreAntialiasing: true))
        }
        let folder = NSTemporaryDirectory() + "sceneflow-visual-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pathA = folder + "/a.png"
        let pathB = folder + "/b.png"
        try OffscreenRenderer.savePNG(a, to: pathA)
        try OffscreenRenderer.savePNG(b, to: pathB)
        let pathC = folder + "/c.png"
        try FileManager.default.copyItem(atPath: pathA, toPath: pathC)
        let files = try timed(runs) { _ = try FileComparison.compare(pathA, pathB) }
        let same = try timed(runs) { _ = try FileComparison.compare(pathA, pathC) }
        var magick: Benchmark.Stats?
        var magickSame: Benchmark.Stats?
        if let compare = ["/usr/bin/compare", "/usr/local/bin/compare"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) {
            func run(_ other: String) throws {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: compare)
                process.arguments = ["-metric", "AE", pathA, other, "null:"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
            }
            magick = try timed(runs) { try run(pathB) }
            magickSame = try timed(runs) { try run(pathC) }
        }
        return Result(
            width: a.width, height: a.height, exact: exact, tolerant: tolerant, renderAndCapture: render,
            fromFiles: files, imageMagick: magick, identicalFiles: same, imageMagickIdentical: magickSame)
    }

    private static func timed(_ runs: Int, _ body: () throws -> Void) throws -> Benchmark.Stats {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return Benchmark.Stats(samples)
    }
}
