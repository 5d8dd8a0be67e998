import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow bench`: speed figures on the sample prototypes.
struct BenchCommand: Subcommand {
    static let name = "bench"
    static let abstract = "Measure time to first frame, crossfade frame time and logic step cost."
    static let discussion = """
        Goals (DESIGN.md §7): first frame in the window ≤ 300 ms for a 6-scene 1080x2400
        prototype; a headless crossfade frame at full resolution p95 ≤ 16.7 ms. Without a
        display the window is made with SDL's dummy video driver (software renderer), and
        the output says so. Build with -c release for meaningful figures.
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "Prototype folders (default: every folder in Prototypes/).", repeating: true,
            optional: true)
    ]
    static let options = [
        OptionSpec(name: "--frames", valueName: "N", help: "Crossfade frames to time (default 120)."),
        OptionSpec(name: "--runs", valueName: "N", help: "Windows to open for time to first frame (default 5)."),
        OptionSpec(
            name: "--memory", valueName: nil,
            help: "Instead: play a generated prototype of --scenes 1080x2400 screenshots through and report memory."),
        OptionSpec(name: "--scenes", valueName: "N", help: "Scenes of the --memory prototype (default 100)."),
        OptionSpec(
            name: "--window", valueName: nil, help: "With --memory: draw in a window (needs a display), not offscreen."),
        OptionSpec(
            name: "--texture-budget", valueName: "MB", help: "With --memory: the texture cache budget (default 256)."),
        OptionSpec(
            name: "--crossfades", valueName: "N",
            help: "Window crossfades to time for transition fidelity (default 10; 0 skips them)."),
        OptionSpec(
            name: "--timeline", valueName: "FILE", help: "Write the window crossfades' timeline as JSON.",
            output: .textFile),
        OptionSpec(name: "--transition-only", valueName: nil, help: "Only time the window crossfades."),
        OptionSpec(
            name: "--test-files", valueName: "N",
            help:
                "Instead: per-file cost of 'sceneflow test' on N one-test files, in process (floor), --jobs 1 and 2 (--runs rounds)."
        ),
        OptionSpec(
            name: "--floors", valueName: nil,
            help: "Only the figures timed against their floors (screenshot checks, frame capture, check)."),
        helpOption,
    ]

    let folders: [String]
    let frames: Int
    let runs: Int
    let memory: Bool
    let scenes: Int
    let window: Bool
    let textureBudget: Int
    let crossfades: Int
    let timeline: String?
    let transitionOnly: Bool
    /// `--test-files N`: time `sceneflow test` on N generated files instead (issue 19.1).
    let testFiles: Int?
    let floorsOnly: Bool

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folders = parsed.positionals
        func count(_ option: String, _ fallback: Int) throws(UsageError) -> Int {
            guard let text = parsed.value(option) else { return fallback }
            guard let n = Int(text), n > 0, n <= 100_000 else {
                throw UsageError(message: "\(option) needs a whole number from 1 to 100000, not \"\(text)\"")
            }
            return n
        }
        frames = try count("--frames", 120)
        runs = try count("--runs", 5)
        memory = parsed.flag("--memory")
        scenes = try count("--scenes", 100)
        window = parsed.flag("--window")
        textureBudget = try textureBudgetBytes(parsed)
        if let text = parsed.value("--crossfades") {
            guard let n = Int(text), n >= 0, n <= 1000 else {
                throw UsageError(message: "--crossfades needs a whole number from 0 to 1000, not \"\(text)\"")
            }
            crossfades = n
        } else {
            crossfades = 10
        }
        timeline = parsed.value("--timeline")
        transitionOnly = parsed.flag("--transition-only")
        testFiles = parsed.value("--test-files") == nil ? nil : try count("--test-files", 2000)
        floorsOnly = parsed.flag("--floors")
    }

    func run() -> ExitCode {
        // One line at a time even through a pipe (`bench | tee`), so each figure shows as it
        // is measured (issue 20).
        StandardStreams.lineBufferOutput()
        if memory { return runMemoryBenchmark() }
        if let testFiles { return runTestFilesBenchmark(files: testFiles) }
        if floorsOnly { return runFloorBenchmarks() }
        var targets = folders
        if targets.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "Prototypes")) ?? []
            targets = names.sorted().map { "Prototypes/\($0)" }.filter {
                FileManager.default.fileExists(atPath: prototypeFilePath(in: $0))
            }
        }
        guard !targets.isEmpty else {
            printError("sceneflow bench: no prototypes given and none found in ./Prototypes")
            return .usage
        }
        let env = ProcessInfo.processInfo.environment
        let noDisplay = (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty
        if noDisplay && env["SDL_VIDEODRIVER"] == nil {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            printLine("no display: windows use SDL's dummy video driver (software renderer)")
        }
        if crossfades > 0 {
            let status = benchWindowCrossfades(targets, noDisplay: noDisplay)
            if status != .success || transitionOnly { return status }
        }
        for folder in targets {
            do {
                let loaded = try PrototypeOpener.open(folder, images: .header)
                let p = loaded.prototype
                printLine(
                    "\(TerminalText.path(folder)): \(counted(p.scenes.count, "scene")), \(p.device.pixelWidth)x\(p.device.pixelHeight) px"
                )
                let first = try Benchmark.timeToFirstFrame(folder, runs: runs)
                printLine("  time to first frame (window):     \(first)   goal ≤ 300 ms")
                let (draw, both) = try Benchmark.crossfadeFrames(p, frames: frames)
                printLine("  crossfade frame, headless draw:   \(draw)   goal p95 ≤ 16.7 ms")
                printLine("  crossfade frame, draw + readback: \(both)")
                let logic = Benchmark.logicSteps(p, rounds: 200)
                printLine(
                    "  logic step without rendering:     median \(String(format: "%.2f", logic.median)) µs, p95 \(String(format: "%.2f", logic.quantile(0.95))) µs per frame"
                )
                if let h = try Benchmark.labelOverlay(folder, frames: frames) {
                    let cost = h.labelled.median - h.plain.median
                    printLine("  window frame, scene \(h.scene):       \(h.plain)")
                    printLine("  ... with H (\(h.labels) labels):         \(h.labelled)")
                    printLine(
                        "  H overlay per frame: median +\(String(format: "%.2f", cost)) ms; first labelled frame \(String(format: "%.2f", h.first)) ms"
                    )
                }
                if let stars = try Benchmark.starRating(p, frames: frames) {
                    printLine("  scene \(stars.scene) draw, no controls:  \(stars.plain)")
                    printLine("  scene \(stars.scene) draw, star rating:  \(stars.withControls)")
                    printLine(
                        "  star-rating drag, per input event: median \(String(format: "%.2f", stars.dragSample.median)) µs"
                    )
                }
            } catch let error as DiagnosticList {
                for d in error.diagnostics { printError("\(d)") }
                return .badInput
            } catch {
                printError("sceneflow bench: \(TerminalText.path(folder)): \(error)")
                return .software
            }
        }
        return runScriptBenchmarks()
    }

    /// The script runner's figures (issue 3 goals: ≥ 500 steps/s, ≤ 5 µs per API call).
    private func runScriptBenchmarks() -> ExitCode {
        do {
            let flow = try ScriptBenchmark.scriptedFlow(steps: 1000, runs: runs)
            let s = flow.stepsPerSecond
            printLine("scripted flow, 1000 x (tap + 0.35 s push), headless, no rasterising (\(flow.frames) frames):")
            printLine(
                "  steps per second: median \(String(format: "%.0f", s.median)), min \(String(format: "%.0f", s.sorted.first ?? 0)), max \(String(format: "%.0f", s.sorted.last ?? 0)) (n = \(s.sorted.count))   goal ≥ 500"
            )
            let calls = try ScriptBenchmark.apiCallOverhead(calls: 200_000, runs: runs)
            printLine(
                "  Lua API call overhead: scene() median \(String(format: "%.2f", calls.scene.median)) µs, element(label) median \(String(format: "%.2f", calls.element.median)) µs   goal ≤ 5 µs"
            )
            let big = try ScriptBenchmark.bigSceneWait(elements: 10_000, runs: runs)
            printLine(
                "  tap waiting 3 s of clock on a 10 000-element scene: median \(String(format: "%.0f", big.wait.median)) ms, \(String(format: "%.2f", big.perFrame.median)) ms per frame   goal: bounded by clock time"
            )
            return runVisualBenchmarks()
        } catch {
            printError("sceneflow bench: \(error)")
            return .software
        }
    }

    /// Screenshot-assertion figures (issue 5 goals: exact ≤ 3 ms, tolerant ≤ 15 ms, render +
    /// capture ≤ 15 ms on 1080x2400; from files ≥ 20x faster than ImageMagick's compare).
    private func runVisualBenchmarks() -> ExitCode {
        let folder = folders.first ?? "Prototypes/Notes"
        do {
            let prototype = try PrototypeOpener.open(folder, images: .header).prototype
            let r = try VisualBenchmark.run(prototype, runs: max(runs, 5))
            printLine(
                "screenshot assertions, \(TerminalText.path(folder)) start scene, \(r.width)x\(r.height) px (a 60x60 px block changed):"
            )
            printLine("  exact compare:                  \(r.exact)   goal ≤ 3 ms")
            printLine("  tolerant compare (pixelmatch):  \(r.tolerant)   goal ≤ 15 ms")
            printLine("  render + capture settled frame: \(r.renderAndCapture)   goal ≤ 15 ms")
            printLine("  check from PNG files, changed pair (decode both + compare): \(r.fromFiles)")
            printLine("  check from PNG files, identical pair (bytes equal):      \(r.identicalFiles)")
            if let magick = r.imageMagick, let same = r.imageMagickIdentical {
                printLine("  ImageMagick compare -metric AE, changed pair:           \(magick)")
                printLine("  ImageMagick compare -metric AE, identical pair:         \(same)")
                printLine(
                    "  ratio of medians: Sceneflow is \(String(format: "%.1f", magick.median / r.fromFiles.median))x faster on the changed pair, \(String(format: "%.0f", same.median / r.identicalFiles.median))x on the identical pair   goal ≥ 20x"
                )
            } else {
                printLine("  ImageMagick's compare is not installed: no ratio (apt-get install imagemagick)")
            }
            printScreenshotFloors(try ScreenshotBenchmark.run(prototype, rounds: max(runs, 9)))
            return .success
        } catch let error as DiagnosticList {
            for d in error.diagnostics { printError("\(d)") }
            return .badInput
        } catch {
            printError("sceneflow bench: \(error)")
            return .software
        }
    }
}
