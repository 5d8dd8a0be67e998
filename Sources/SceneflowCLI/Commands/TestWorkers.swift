import Foundation
import SceneflowCore
import SceneflowRunner

/// A `--jobs` worker: runs its script files serially and writes a `JSONReport` of the
/// results to `output` (atomically), printing nothing.
enum TestWorker {
    static func run(_ scripts: [String], settings: TestSettings, output: String) -> ExitCode {
        let started = Date()
        let interruption = Interruption.install(worker: true)
        let runner = HeadlessTestRunner(options: settings.runnerOptions)
        runner.shouldStop = { interruption.signal != nil }
        // A parent killed with SIGKILL cannot forward the stop: a watcher notices the orphaning
        // (the parent id changes) and stops this worker as a SIGTERM would, busy Lua included.
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { usleep(100_000) }
            kill(getpid(), SIGTERM)
        }
        let results = scripts.map { runner.run(script: $0) }
        do {
            let data = try JSONReport(results, startedAt: started).data()
            try AtomicFile.write(String(decoding: data, as: UTF8.self), to: output)
        } catch {
            printError("sceneflow test worker: could not write \(output): \(error)")
            return .software
        }
        return .success
    }
}

/// Runs script files in up to `jobs` worker processes (`sceneflow test FILE --worker-json
/// TMP` with the same options), one file per worker at a time, and hands the results back in
/// file order as soon as every earlier file is done, so the console reads as a serial run.
/// A worker that dies without results becomes a load problem of its file: nothing is lost
/// silently.
final class TestWorkerPool {
    private let settings: TestSettings
    private let jobs: Int

    init(settings: TestSettings, jobs: Int) {
        self.settings = settings
        self.jobs = jobs
    }

    func run(_ scripts: [String], onResult: (ScriptFileResult) -> Void) -> [ScriptFileResult] {
        let folder = NSTemporaryDirectory() + "sceneflow-jobs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var results: [ScriptFileResult?] = Array(repeating: nil, count: scripts.count)
        var running: [(index: Int, process: Process, output: String, errors: String)] = []
        var forwarded: Set<Int32> = []
        var next = 0
        var shown = 0
        let interruption = Interruption.install()
        while shown < scripts.count {
            while running.count < jobs && next < scripts.count && interruption.signal == nil {
                let output = (folder as NSString).appendingPathComponent("\(next).json")
                let errors = (folder as NSString).appendingPathComponent("\(next).err")
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = ["test", scripts[next], "--worker-json", output] + settings.workerArguments
                _ = FileManager.default.createFile(atPath: errors, contents: nil)
                process.standardError = FileHandle(forWritingAtPath: errors)
                process.standardOutput = FileHandle.nullDevice
                do {
                    try process.run()
                    running.append((next, process, output, errors))
                } catch {
                    results[next] = ScriptFileResult(
                        file: scripts[next],
                        loadProblems: [Diagnostic(file: scripts[next], message: "could not start a worker: \(error)")])
                }
                next += 1
            }
            if let signal = interruption.signal {
                // Forward the signal once to each worker; it ends its test as interrupted.
                for job in running where job.process.isRunning && !forwarded.contains(job.process.processIdentifier) {
                    forwarded.insert(job.process.processIdentifier)
                    kill(job.process.processIdentifier, signal)
                }
            }
            // Ask each worker once: one that ends between two questions would otherwise leave
            // `running` without its results being collected, and the run would wait forever.
            let finished = Set(running.filter { !$0.process.isRunning }.map(\.index))
            for job in running where finished.contains(job.index) {
                results[job.index] = collect(job.index, scripts[job.index], job.process, job.output, job.errors)
            }
            running.removeAll { finished.contains($0.index) }
            while shown < scripts.count, let result = results[shown] {
                onResult(result)
                shown += 1
            }
            if interruption.signal != nil && running.isEmpty {
                // Files never started are reported once as not run (interrupted).
                for index in shown..<scripts.count where results[index] == nil {
                    results[index] = ScriptFileResult.notRun(scripts[index])
                }
                while shown < scripts.count, let result = results[shown] {
                    onResult(result)
                    shown += 1
                }
            }
            if shown < scripts.count { usleep(5_000) }
        }
        return results.compactMap { $0 }
    }

    private func collect(_ index: Int, _ file: String, _ process: Process, _ output: String, _ errors: String)
        -> ScriptFileResult
    {
        if let data = FileManager.default.contents(atPath: output), let report = try? JSONReport.read(data),
            let result = report.files.first
        {
            return result
        }
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        let tail = stderr.split(separator: "\n").suffix(5).joined(separator: " | ")
        return ScriptFileResult(
            file: file,
            loadProblems: [
                Diagnostic(
                    file: file,
                    message:
                        "the worker running this file exited with status \(process.terminationStatus) without results"
                        + (tail.isEmpty ? "" : ": \(tail)"))
            ])
    }
}
