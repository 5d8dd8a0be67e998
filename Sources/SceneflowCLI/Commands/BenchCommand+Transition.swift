import Foundation
import SceneflowCore
import SceneflowRunner

extension BenchCommand {
    /// Times `crossfades` window crossfades (0.35 s, 390 x 844 window) on the first target
    /// with 1080 x 2400 px screenshots (else the first target) and prints measured vs
    /// requested duration, frame interval p95 and hitch ratio against the goals.
    func benchWindowCrossfades(_ targets: [String], noDisplay: Bool) -> ExitCode {
        var opened: [(String, LoadedPrototypeHandle)] = []
        for folder in targets {
            guard let loaded = openOrReport(folder) else { return .badInput }
            opened.append((folder, loaded))
            let device = loaded.prototype.device
            if device.pixelWidth == 1080 && device.pixelHeight == 2400 { break }
        }
        let (folder, loaded) =
            opened.first { $0.1.prototype.device.pixelWidth == 1080 && $0.1.prototype.device.pixelHeight == 2400 }
            ?? opened[0]
        let requested = 0.35
        let result: Benchmark.WindowTransitionResult
        do {
            result = try Benchmark.windowCrossfades(loaded, duration: requested, count: crossfades)
        } catch {
            printError("sceneflow bench: \(TerminalText.path(folder)): window crossfades: \(error)")
            return .software
        }
        let d = loaded.prototype.device
        let records = result.transitions
        printLine(
            "\(TerminalText.path(folder)): \(counted(records.count, "window crossfade")) of \(formatNumber(requested)) s, \(result.windowSize.width)x\(result.windowSize.height) window from \(d.pixelWidth)x\(d.pixelHeight) px, renderer \(result.renderer)\(noDisplay ? " — NO DISPLAY: dummy video driver, figures are not a display's" : "")"
        )
        let frame = FrameTiming.nominalFrameTime
        let measured = Benchmark.Stats(records.compactMap(\.measuredDuration).map { $0 * 1000 })
        let withinFrame = records.filter { r in r.measuredDuration.map { abs($0 - requested) <= frame + 1e-9 } ?? false
        }
        let intervals = Benchmark.Stats(records.flatMap(\.stats.intervals).map { $0 * 1000 })
        let hitchTime = records.reduce(0) { $0 + $1.stats.hitchTime }
        let duration = records.reduce(0) { $0 + ($1.measuredDuration ?? 0) }
        let ratio = duration > 0 ? hitchTime * 1000 / duration : 0
        let onTime = records.filter(\.stats.completionOnTime).count
        printLine(
            "  measured duration:       \(measured)   goal \(formatNumber(requested * 1000)) ms ± 1 frame: \(withinFrame.count)/\(records.count) within"
        )
        printLine("  frame interval:          \(intervals)   goal p95 ≤ 18.7 ms")
        printLine(
            "  hitch ratio:             \(String(format: "%.2f", ratio)) ms/s (\(counted(records.reduce(0) { $0 + $1.stats.hitches }, "hitch", "hitches")))   goal ≤ 5 ms/s"
        )
        printLine(
            "  completion rule:         \(onTime)/\(records.count) on the first frame at or after start + duration")
        if let timeline {
            do {
                try TimelineExport.write(result.document, json: timeline, csv: nil)
                printLine("  timeline written to \(OutputPath.shown(timeline))")
            } catch {
                printError("sceneflow bench: \(error)")
                return .software
            }
        }
        return .success
    }
}
