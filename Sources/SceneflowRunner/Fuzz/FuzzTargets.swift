import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// The fuzz targets of issue 8 (run by `sceneflow-fuzz`, see `Scripts/fuzz.sh`): each takes
/// arbitrary bytes and must end in a result or a clear error, never a crash or a hang.
///
/// - `prototype`: the bytes are `prototype.lua` of a folder holding two small images; the
///   loader returns a validated model or a `DiagnosticList`.
/// - `image`: the bytes are an image file; the loader returns a picture (then its screen is
///   found with `screen = "auto"` and scaled) or an `ImageLoadError`.
/// - `script`: the bytes are a test script run headless against a fixed two-scene prototype;
///   the runner returns verdicts (tight limits: 1 s watchdog, 1 million instructions).
public final class FuzzTargets {
    /// The target names, in the order `Scripts/fuzz.sh` runs them.
    public static let names = ["prototype", "image", "script"]

    private let folder: String
    private let loader = PictureLoader(limits: ImageLimits(maxSide: 4096, maxPixels: 4_000_000))
    private let limits = LuaLimits(
        memoryBytes: 64 << 20, loadInstructions: 1_000_000, stepInstructions: 1_000_000, settleTimeout: 1,
        testTimeout: 10, testWallSeconds: 1)
    private lazy var runner = HeadlessTestRunner(
        options: HeadlessTestRunner.Options(prototype: folder + "/fixed", limits: limits))

    /// Makes a scratch folder with the fixed prototype (`fixed/`) and images for `prototype`
    /// inputs (`input/`). Throws file or `SDLError`s.
    public init() throws {
        folder = NSTemporaryDirectory() + "sceneflow-fuzz-\(getpid())"
        for sub in ["fixed", "input"] {
            let dir = folder + "/" + sub
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try OffscreenRenderer.savePNG(
                RGBAImage(width: 36, height: 80, fill: (200, 40, 40, 255)), to: dir + "/home.png")
            try OffscreenRenderer.savePNG(
                RGBAImage(width: 36, height: 80, fill: (40, 40, 200, 255)), to: dir + "/detail.png")
        }
        try Self.fixedPrototype.write(toFile: folder + "/fixed/prototype.lua", atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs `target` on `bytes`; returns a one-line outcome (for replay logs). Unknown
    /// targets return nil.
    @discardableResult
    public func run(_ target: String, _ bytes: Data) -> String? {
        switch target {
        case "prototype": return prototype(bytes)
        case "image": return image(bytes)
        case "script": return script(bytes)
        default: return nil
        }
    }

    private func prototype(_ bytes: Data) -> String {
        let dir = folder + "/input"
        FileManager.default.createFile(atPath: dir + "/prototype.lua", contents: bytes)
        do {
            let loaded = try PrototypeLoader.load(directory: dir, limits: limits)
            return "loaded \(counted(loaded.prototype.scenes.count, "scene"))"
        } catch {
            return counted(error.diagnostics.count, "diagnostic")
        }
    }

    private func image(_ bytes: Data) -> String {
        do {
            let picture = try loader.load(data: bytes, path: "input.png")
            _ = try picture.screenImage(for: .wholeImage, width: 36, height: 80)
            let found = (try? picture.screenImage(for: .auto, width: 36, height: 80)) != nil
            return "decoded \(picture.width)x\(picture.height), screen \(found ? "found" : "not found")"
        } catch {
            return "refused: \(error)"
        }
    }

    private func script(_ bytes: Data) -> String {
        let path = folder + "/fixed/input.lua"
        FileManager.default.createFile(atPath: path, contents: bytes)
        let result = runner.run(script: path)
        return "\(counted(result.outcomes.count, "test")), \(counted(result.loadProblems.count, "load problem"))"
    }

    private static let fixedPrototype = """
        return {
          name = "Fuzz",
          device = { width = 36, height = 80, scale = 1 },
          start = "home",
          scenes = {
            home = { image = "home.png", elements = {
              { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail", "push_left", 0.3) },
              { label = "Count", frame = { 2, 40, 30, 20 }, on_tap = function(app) app.state.n = (app.state.n or 0) + 1 end },
            } },
            detail = { image = "detail.png", elements = {
              { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() },
            } },
          },
        }

        """
}
