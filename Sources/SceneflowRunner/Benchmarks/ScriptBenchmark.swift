import Foundation
import SceneflowCore
import SceneflowLua

/// Script-runner figures for `sceneflow bench` (issue 3): a long scripted flow stepped
/// headless on the virtual clock without rasterising, and the cost of one Lua API call.
/// Both run on a generated two-scene prototype in a temporary folder (images are 1x1 PNG
/// headers only, since nothing is drawn).
public enum ScriptBenchmark {
    /// Results of `scriptedFlow`.
    public struct FlowResult: Sendable {
        /// Steps (tap + 0.35 s push transition) per second of real time, one sample per run.
        public let stepsPerSecond: Benchmark.Stats
        /// Frames stepped per run.
        public let frames: Int
    }

    /// Runs a script of `steps` × (`tap "Next"` → 0.35 s push → `expect.scene`) through
    /// `HeadlessTestRunner`, `runs` times.
    /// - Throws: an error when the generated files cannot be written or the flow fails.
    public static func scriptedFlow(steps: Int, runs: Int) throws -> FlowResult {
        let folder = try makeFolder(
            script: """
                prototype "proto"
                test("flow", function()
                  for i = 1, \(steps) do
                    tap "Next"
                    expect.scene(i % 2 == 1 and "b" or "a")
                  end
                end)
                """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var samples: [Double] = []
        var frames = 0
        for _ in 0..<runs {
            let runner = HeadlessTestRunner(options: .init(limits: LuaLimits(testTimeout: Double(steps) + 60)))
            let start = DispatchTime.now().uptimeNanoseconds
            let result = runner.run(script: folder + "/flow.lua")
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            guard let outcome = result.outcomes.first, outcome.passed else {
                throw BenchmarkFailure(
                    message:
                        "the benchmark flow failed: \(result.loadProblems.first?.description ?? result.outcomes.first?.failure?.description ?? "?")"
                )
            }
            frames = outcome.frames
            samples.append(Double(steps) / seconds)
        }
        return FlowResult(stepsPerSecond: Benchmark.Stats(samples), frames: frames)
    }

    /// Microseconds per call of `scene()` (a native read through the prelude) and of
    /// `element("Next")` (a locator over the scene's elements), net of an empty loop, measured
    /// inside Lua with `os.clock` over `calls` calls, `runs` times.
    /// - Throws: as `scriptedFlow`.
    public static func apiCallOverhead(calls: Int, runs: Int) throws -> (
        scene: Benchmark.Stats, element: Benchmark.Stats
    ) {
        let folder = try makeFolder(
            script: """
                prototype "proto"
                test("calls", function()
                  local n = \(calls)
                  local t0 = os.clock()
                  for _ = 1, n do local _ = n end
                  local empty = os.clock() - t0
                  t0 = os.clock()
                  for _ = 1, n do scene() end
                  local s = os.clock() - t0
                  t0 = os.clock()
                  for _ = 1, n do element("Next") end
                  local e = os.clock() - t0
                  log.message((s - empty) / n * 1e6, (e - empty) / n * 1e6)
                end)
                """)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var scene: [Double] = []
        var element: [Double] = []
        for _ in 0..<runs {
            let result = HeadlessTestRunner().run(script: folder + "/flow.lua")
            guard let message = result.outcomes.first?.log.first?.message else {
                throw BenchmarkFailure(message: "the API call benchmark did not report")
            }
            let parts = message.split(separator: " ").compactMap { Double($0) }
            guard parts.count == 2 else { throw BenchmarkFailure(message: "unexpected report \(message)") }
            scene.append(parts[0])
            element.append(parts[1])
        }
        return (Benchmark.Stats(scene), Benchmark.Stats(element))
    }

    /// Milliseconds of real time one `tap` spends waiting on a scene of `elements` elements for
    /// an element that appears after 3 s of clock (a timed `replace`): 180 retry frames on an
    /// unchanged settled scene, then the tap. Run through `HeadlessTestRunner`, `runs` times;
    /// also the real time per retry frame (the run's time over its frames).
    /// - Throws: as `scriptedFlow`.
    public static func bigSceneWait(elements: Int, runs: Int) throws -> (
        wait: Benchmark.Stats, perFrame: Benchmark.Stats
    ) {
        let prototype = """
            local many = {}
            for i = 1, \(elements) do
              many[i] = { label = "Item " .. i, frame = { (i - 1) % 300, (i - 1) // 300 * 10 % 600, 1, 1 } }
            end
            return {
              device = { width = 390, height = 844, scale = 3 },
              start = "a",
              scenes = {
                a = { image = "a.png", after = 3, on_after = replace("b", "none"), elements = many },
                b = { image = "b.png", elements = { { label = "Target", frame = { 20, 700, 350, 60 } } } },
              },
            }
            """
        let folder = try makeFolder(
            script: """
                prototype "proto"
                test("wait", function() tap "Target" end)
                """, prototype: prototype)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var waits: [Double] = []
        var perFrame: [Double] = []
        for _ in 0..<runs {
            let result = HeadlessTestRunner().run(script: folder + "/flow.lua")
            guard let outcome = result.outcomes.first, outcome.passed, let seconds = outcome.wallSeconds,
                outcome.frames > 0
            else {
                throw BenchmarkFailure(
                    message:
                        "the big-scene wait failed: \(result.loadProblems.first?.description ?? result.outcomes.first?.failure?.description ?? "?")"
                )
            }
            waits.append(seconds * 1000)
            perFrame.append(seconds * 1000 / Double(outcome.frames))
        }
        return (Benchmark.Stats(waits), Benchmark.Stats(perFrame))
    }

    private static func makeFolder(script: String, prototype custom: String? = nil) throws -> String {
        let folder = NSTemporaryDirectory() + "sceneflow-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/proto", withIntermediateDirectories: true)
        let prototype = """
            return {
              device = { width = 390, height = 844, scale = 3 },
              start = "a",
              scenes = {
                a = { image = "a.png", elements = { { label = "Next", frame = { 20, 700, 350, 60 }, on_tap = go("b", "push_left", 0.35) } } },
                b = { image = "b.png", elements = { { label = "Next", frame = { 20, 700, 350, 60 }, on_tap = go("a", "push_left", 0.35) } } },
              },
            }
            """
        try (custom ?? prototype).write(toFile: folder + "/proto/prototype.lua", atomically: true, encoding: .utf8)
        for name in ["a", "b"] {
            try Data(onePixelPNG).write(to: URL(fileURLWithPath: "\(folder)/proto/\(name).png"))
        }
        try script.write(toFile: folder + "/flow.lua", atomically: true, encoding: .utf8)
        return folder
    }

    /// A valid 1x1 opaque PNG.
    static let onePixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
        0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF, 0xC0, 0x00,
        0x00, 0x03, 0x01, 0x01, 0x00, 0x18, 0xDD, 0x8D, 0xB0, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
        0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

/// A benchmark that could not produce its figure.
public struct BenchmarkFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
