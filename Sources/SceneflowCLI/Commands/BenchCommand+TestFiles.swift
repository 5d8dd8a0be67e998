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
            var floor: [Cost] = []
            var serial: [Cost] = []
            var parallel: [Cost] = []
            for _ in 0..<runs {
                floor.append(try measure { _ = try TestFilesBenchmark.inProcess(suite.scripts) })
                serial.append(try measure { try runPool(suite.scripts, jobs: 1) })
                parallel.append(try measure { try runPool(suite.scripts, jobs: 2) })
            }
            func median(_ costs: [Cost], _ part: KeyPath<Cost, Double>) -> Double {
                Benchmark.Stats(costs.map { $0[keyPath: part] }).median
            }
            func perFile(_ seconds: Double) -> String { String(format: "%6.2f ms", seconds * 1000 / Double(files)) }
            func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
            let (floorWall, serialWall, parallelWall) = (
                median(floor, \.wall), median(serial, \.wall), median(parallel, \.wall)
            )
            let (floorCPU, serialCPU, parallelCPU) = (
                median(floor, \.cpu), median(serial, \.cpu), median(parallel, \.cpu)
            )
            let (serialRunner, parallelRunner) = (median(serial, \.runnerCPU), median(parallel, \.runnerCPU))
            printLine(
                "sceneflow test on \(files) one-test files (medians of \(runs) interleaved rounds; \(ProcessInfo.processInfo.activeProcessorCount) cores; per file: real time, CPU time of runner and workers):"
            )
            printLine("  in this process, no worker (floor): \(perFile(floorWall)) real, \(perFile(floorCPU)) CPU")
            printLine(
                "  --jobs 1 (one worker):              \(perFile(serialWall)) real, \(perFile(serialCPU)) CPU   \(ratio(serialWall / floorWall)) the floor's real time, \(ratio(serialCPU / floorCPU)) its CPU   goal ≤ 1.10x"
            )
            printLine(
                "  --jobs 2 (two workers):             \(perFile(parallelWall)) real, \(perFile(parallelCPU)) CPU   \(ratio(serialWall / parallelWall)) faster than --jobs 1   goal ≥ 1.7x on 2 idle cores"
            )
            printLine(
                "  of that CPU, the runner's (the rest is the workers'): --jobs 1 \(perFile(serialRunner)), --jobs 2 \(perFile(parallelRunner))"
            )
            return .success
        } catch {
            printError("sceneflow bench: \(error)")
            return .software
        }
    }

    /// Real and CPU seconds (this process and its reaped children, the workers) of one run,
    /// and the CPU seconds of this process alone (the runner, or the floor's own work).
    private struct Cost {
        let wall: Double
        let cpu: Double
        let runnerCPU: Double
    }

    /// The cost of `body`.
    private func measure(_ body: () throws -> Void) throws -> Cost {
        func cpu(_ who: Int32) -> Double {
            var usage = rusage()
            getrusage(who, &usage)
            return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        let (self0, children0) = (cpu(RUSAGE_SELF.rawValue), cpu(RUSAGE_CHILDREN.rawValue))
        let startWall = DispatchTime.now().uptimeNanoseconds
        try body()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - startWall) / 1e9
        let (self1, children1) = (cpu(RUSAGE_SELF.rawValue), cpu(RUSAGE_CHILDREN.rawValue))
        return Cost(wall: wall, cpu: self1 - self0 + children1 - children0, runnerCPU: self1 - self0)
    }

    /// Runs `scripts` through `TestWorkerPool` with `jobs` workers, as `sceneflow test` does.
    /// - Throws: `SuiteFailure` when a file does not pass.
    private func runPool(_ scripts: [String], jobs: Int) throws {
        var settings = TestSettings()
        settings.updateBaselines = nil
        let results = TestWorkerPool(settings: settings, jobs: jobs).run(
            scripts, onOutcome: { _ in }, onResult: { _ in })
        guard results.count == scripts.count,
            results.allSatisfy({ $0.loadProblems.isEmpty && $0.outcomes.allSatisfy(\.passed) })
        else {
            throw SuiteFailure(description: "the benchmark suite failed with --jobs \(jobs)")
        }
    }
}

/// A generated benchmark suite that did not pass.
private struct SuiteFailure: Error, CustomStringConvertible {
    let description: String
}
