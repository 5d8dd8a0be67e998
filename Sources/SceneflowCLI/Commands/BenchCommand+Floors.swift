import Foundation
import SceneflowCore
import SceneflowRunner

/// Issue 19's figures beside their floors: each line shows the figure's median, the floor's
/// median and their ratio, from interleaved rounds of one run.
extension BenchCommand {
    /// `bench --floors`: the figures of issue 19 against their floors on the first PROTOTYPE
    /// (default Prototypes/Notes).
    func runFloorBenchmarks() -> ExitCode {
        let folder = folders.first ?? "Prototypes/Notes"
        do {
            let loaded = try PrototypeOpener.open(folder, images: .header)
            let prototype = loaded.prototype
            printScreenshotFloors(try ScreenshotBenchmark.run(prototype, rounds: max(runs, 9)))
            printIdleFloors(try IdleBenchmark.run(loaded, seconds: 10, rounds: 2))
            printCheckFloors(
                try CheckBenchmark.run(
                    scenes: scenes, rounds: max(runs / 2, 3),
                    folder: NSTemporaryDirectory() + "sceneflow-bench-check-\(scenes)"))
            return .success
        } catch let error as DiagnosticList {
            for d in error.diagnostics { printError("\(d)") }
            return .badInput
        } catch {
            printError("sceneflow bench: \(error)")
            return .software
        }
    }

    /// `  label: 12.3 ms   floor (what) 10.1 ms   ratio 1.22x   goal …`.
    func printAgainstFloor(_ label: String, _ figure: Double, floor: Double, _ what: String, goal: String) {
        let ratio = floor > 0 ? figure / floor : .nan
        printLine(
            "  \(label): \(String(format: "%.2f ms", figure))   floor (\(what)) \(String(format: "%.2f ms", floor))   ratio \(String(format: "%.2fx", ratio))   goal \(goal)"
        )
    }

    /// The `expect.screenshot` and `--frames` capture lines (issue 19 item 2).
    func printScreenshotFloors(_ r: ScreenshotBenchmark.Result) {
        printLine(
            "expect.screenshot against its floor, \(r.width)x\(r.height) px (medians of \(r.firstCall.sorted.count) interleaved rounds):"
        )
        printLine(
            "  floor parts: decode \(String(format: "%.2f", r.decode.median)) ms, render + capture \(String(format: "%.2f", r.renderAndCapture.median)) ms, compare \(String(format: "%.2f", r.compare.median)) ms"
        )
        printAgainstFloor(
            "first call, baseline not yet decoded", r.firstCall.median, floor: r.firstCallFloor,
            "decode + render + compare", goal: "≤ 1.3x")
        printAgainstFloor(
            "repeated call, cached baseline     ", r.repeatedCall.median,
            floor: r.renderAndCapture.median + r.compare.median,
            "render + compare", goal: "≤ 5 ms")
        printAgainstFloor(
            "--frames-hash-only capture per frame", r.frameCapture.median, floor: r.renderAndCapture.median,
            "draw + readback", goal: "near the floor")
        printAgainstFloor(
            "  the same, fresh filled buffer    ", r.frameCaptureFreshBuffer.median, floor: r.renderAndCapture.median,
            "draw + readback", goal: "(how it was)")
    }

    /// The `check` lines (issue 19 item 5).
    func printCheckFloors(_ r: CheckBenchmark.Result) {
        printLine(
            "check, \(r.scenes) scenes of 1080x2400 px on \(r.cores) cores (medians of \(r.coldCheck.sorted.count) interleaved rounds):"
        )
        let serial = r.serialDecode.median
        printAgainstFloor(
            "decode every image, every core", r.parallelDecode.median, floor: serial / Double(r.cores),
            "one core's time / cores", goal: "≥ 1.8x faster than one core on 2 cores")
        printLine(
            "    one core: \(String(format: "%.0f ms", serial)), speed-up \(String(format: "%.2fx", serial / r.parallelDecode.median))"
        )
        printAgainstFloor(
            "second check, unchanged images", r.warmCheck.median, floor: r.coldCheck.median, "first check",
            goal: "≤ 0.10x")
    }

    /// The idle window lines (issue 19 item 3).
    func printIdleFloors(_ r: IdleBenchmark.Result) {
        let player = Benchmark.Stats(r.player).median
        let floor = Benchmark.Stats(r.floor).median
        printLine(
            "idle window, 390x844, renderer \(r.renderer), 10 s after a 2 s settle (\(r.player.count) interleaved rounds):"
        )
        printLine(
            "  CPU while nothing moves: \(String(format: "%.2f %%", player)) of a core   floor (a window asleep in SDL_WaitEventTimeout) \(String(format: "%.2f %%", floor))   goal ≤ 1 %; frames presented while idle: \(r.framesWhileIdle.map(String.init).joined(separator: ", "))"
        )
    }
}
