import Foundation
import SceneflowCore
import SceneflowLua

/// The per-file cost of `sceneflow test` on a suite of many small script files (issue 19.1):
/// a generated suite, and its floor, every file run in this process one after the other.
public enum TestFilesBenchmark {
    /// Writes `files` one-test scripts (`tap "Next"`, a 0.35 s push, `expect.scene`) beside a
    /// two-scene prototype of 1x1 px images into a new temporary folder.
    /// - Returns: the folder and the script paths in name order.
    /// - Throws: an error when a file cannot be written.
    public static func makeSuite(files: Int) throws -> (folder: String, scripts: [String]) {
        let folder = NSTemporaryDirectory() + "sceneflow-bench-files-\(UUID().uuidString)"
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
        try prototype.write(toFile: folder + "/proto/prototype.lua", atomically: true, encoding: .utf8)
        for name in ["a", "b"] {
            try Data(ScriptBenchmark.onePixelPNG).write(to: URL(fileURLWithPath: "\(folder)/proto/\(name).png"))
        }
        var scripts: [String] = []
        for index in 0..<files {
            let path = folder + "/" + String(format: "t%05d.lua", index)
            try "prototype \"proto\"\ntest(\"next\", function() tap \"Next\"; expect.scene \"b\" end)\n".write(
                toFile: path, atomically: false, encoding: .utf8)
            scripts.append(path)
        }
        return (folder, scripts)
    }

    /// Seconds to run `scripts` one after the other in this process (no worker), the floor of
    /// a run's per-file cost; throws when a test does not pass.
    /// - Throws: `BenchmarkFailure` naming the first file that did not pass.
    public static func inProcess(_ scripts: [String]) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for script in scripts {
            let result = HeadlessTestRunner(options: .init(baselineMode: .never)).run(script: script)
            guard result.loadProblems.isEmpty, result.outcomes.allSatisfy(\.passed) else {
                throw BenchmarkFailure(message: "the benchmark suite failed in \(script)")
            }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
