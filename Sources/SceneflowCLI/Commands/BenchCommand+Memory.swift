import Foundation
import SceneflowCore
import SceneflowRunner

/// `--texture-budget MB` (play and bench): the texture cache's byte budget.
func textureBudgetBytes(_ parsed: ParsedArguments) throws(UsageError) -> Int {
    guard let text = parsed.value("--texture-budget") else { return 256 << 20 }
    guard let mb = Int(text), mb >= 16, mb <= 65_536 else {
        throw UsageError(
            message: "--texture-budget needs a whole number of megabytes from 16 to 65536, not \"\(text)\"")
    }
    return mb << 20
}

extension BenchCommand {
    /// `sceneflow bench --memory`: generates (once, in the temporary folder) a prototype of
    /// `scenes` 1080x2400 px screenshots and plays it through; prints the texture cache's
    /// peak and the process's peak resident memory (goal: ≤ 512 MB for 100 scenes).
    func runMemoryBenchmark() -> ExitCode {
        let folder = NSTemporaryDirectory() + "sceneflow-memory-\(scenes)-scenes"
        do {
            try MemoryBenchmark.generate(scenes: scenes, in: folder)
            if window {
                let env = ProcessInfo.processInfo.environment
                if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty {
                    printError("sceneflow bench --memory --window: no display (set DISPLAY, e.g. run Xvfb)")
                    return .software
                }
            } else {
                setenv("SDL_VIDEODRIVER", "dummy", 1)
            }
            let report = try MemoryBenchmark.playThrough(folder, window: window, budget: textureBudget)
            printLine(
                "memory, \(counted(scenes, "scene")) of 1080x2400 px (\(TerminalText.path(folder))), \(window ? "window" : "headless, offscreen"):"
            )
            printLine("  \(report)   goal: peak resident ≤ 512 MB")
            return .success
        } catch let error as DiagnosticList {
            for d in error.diagnostics { printError("\(d)") }
            return .badInput
        } catch {
            printError("sceneflow bench --memory: \(error)")
            return .software
        }
    }
}
