import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow bench --test-files N`: the per-file cost of `sceneflow test` on N generated
/// one-test files (issue 19.1), with its floor and the ratios, in one run.
extension BenchCommand {
    /// Times the generated suite three ways, each `runs` times (medians): every file in this
    /// process (the floor: no worker), `--jobs 1` and `--jobs 2` (long-lived workers taking
    /// files from a queue, as `sceneflow test` runs them).
    func runTestFilesBenchmark(files: Int) -> ExitCode {
        do {
            let suite = try TestFilesBenchmark.makeSuite(files: files)
            defer { try? FileManager.default.removeItem(atPath: suite.folder) }
            var floor: [Double] = []
            var serial: [Double] = []
            var parallel: [Double] = []
            for _ in 0..<runs {
                floor.append(try TestFilesBenchmark.inProcess(suite.scripts))
                serial.append(try timePool(suite.scripts, jobs: 1))
                parallel.append(try timePool(suite.scripts, jobs: 2))
            }
            let floorMedian = Benchmark.Stats(floor).median
            let serialMedian = Benchmark.Stats(serial).median
            let parallelMedian = Benchmark.Stats(parallel).median
            func perFile(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000 / Double(files)) }
            print(
                "sceneflow test on \(files) one-test files (medians of \(runs) interleaved runs; \(ProcessInfo.processInfo.activeProcessorCount) cores):"
            )
            print("  in this process, no worker (floor): \(perFile(floorMedian)) per file")
            print(
                "  --jobs 1 (one worker):              \(perFile(serialMedian)) per file   \(String(format: "%.2f", serialMedian / floorMedian))x the floor   goal ≤ 1.10x"
            )
            print(
                "  --jobs 2 (two workers):             \(perFile(parallelMedian)) per file   \(String(format: "%.2f", serialMedian / parallelMedian))x faster than --jobs 1   goal ≥ 1.7x on 2 cores"
            )
            return .success
        } catch {
            printError("sceneflow bench: \(error)")
            return .software
        }
    }

    /// Seconds `TestWorkerPool` takes to run `scripts` with `jobs` workers.
    /// - Throws: `SuiteFailure` when a file does not pass.
    private func timePool(_ scripts: [String], jobs: Int) throws -> Double {
        var settings = TestSettings()
        settings.updateBaselines = false
        let start = DispatchTime.now().uptimeNanoseconds
        let results = TestWorkerPool(settings: settings, jobs: jobs).run(
            scripts, onOutcome: { _ in }, onResult: { _ in })
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard results.count == scripts.count,
            results.allSatisfy({ $0.loadProblems.isEmpty && $0.outcomes.allSatisfy(\.passed) })
        else {
            throw SuiteFailure(description: "the benchmark suite failed with --jobs \(jobs)")
        }
        return seconds
    }
}

/// A generated benchmark suite that did not pass.
private struct SuiteFailure: Error, CustomStringConvertible {
    let description: String
}
