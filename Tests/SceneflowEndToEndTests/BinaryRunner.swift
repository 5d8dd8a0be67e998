import Foundation
import Testing

/// The result of one run of the built `sceneflow` binary.
struct RunResult: CustomStringConvertible {
    /// The exit status (or the signal number when `signalled`).
    let status: Int32
    /// True when the child died from a signal (a crash, or killed after the timeout).
    let signalled: Bool
    /// True when the run was killed because it took longer than its timeout.
    let timedOut: Bool
    let stdout: String
    let stderr: String
    /// Wall-clock seconds the child ran.
    let seconds: Double

    /// Standard output and standard error together.
    var output: String { stdout + stderr }
    /// The non-empty lines of standard error.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    /// The non-empty lines of standard output.
    var outputLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// True when nothing suggests the binary crashed.
    var didNotCrash: Bool {
        !signalled && !timedOut && !output.contains("Fatal error") && !output.contains("Segmentation fault")
            && !output.contains("Illegal instruction") && !output.contains("Stack dump")
    }

    var description: String {
        "exit \(status)\(signalled ? " (signal)" : "")\(timedOut ? " (timed out)" : "") after \(String(format: "%.2f", seconds)) s\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
    }
}

/// Runs the `sceneflow` executable built next to the test bundle as a child process.
enum Sceneflow {
    /// The package root (three levels above this file).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built binary: `$SCENEFLOW_BIN`, else `sceneflow` in the directory of the running
    /// test bundle (or one of its parents, for macOS bundles), else `swift build --show-bin-path`.
    static let binary: URL? = locate()

    private static func locate() -> URL? {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["SCENEFLOW_BIN"], fm.isExecutableFile(atPath: override) {
            return URL(fileURLWithPath: override)
        }
        var starts: [URL] = []
        if let main = Bundle.main.executableURL { starts.append(main) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]))
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") { starts.append(bundle.bundleURL) }
        for start in starts {
            var dir = start.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = dir.appendingPathComponent("sceneflow")
                if fm.isExecutableFile(atPath: candidate.path) { return candidate }
                dir = dir.deletingLastPathComponent()
            }
        }
        // Last resort: ask SwiftPM for the default bin path of the package.
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["swift", "build", "--show-bin-path"]
        probe.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        probe.standardOutput = pipe
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let candidate = URL(fileURLWithPath: path).appendingPathComponent("sceneflow")
        return fm.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Runs `sceneflow arguments…` in `directory` (default: the package root) with
    /// `SDL_VIDEODRIVER=dummy`, without `CI` (so missing baselines are recorded on a CI machine
    /// as on a developer's) and with `XDG_CACHE_HOME` in a scratch folder (the `--last-failed`
    /// state never reaches the home folder) unless `environment` says otherwise; kills it
    /// after `timeout`.
    /// `executable` runs another built binary instead (e.g. `sceneflow-fuzz`).
    ///
    /// - Parameter environment: variables to set (a nil value removes the variable).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:],
        timeout: Double = 60, executable: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunResult {
        let binary = try #require(
            executable ?? binary,
            "the sceneflow binary was not found next to the test bundle; run `swift build` first or set SCENEFLOW_BIN",
            sourceLocation: sourceLocation)
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_AUDIODRIVER"] = "dummy"
        env["CI"] = nil
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sceneflow-e2e-out-\(UUID().uuidString)")
        // The --last-failed state of the run goes to its scratch folder unless asked otherwise.
        env["XDG_CACHE_HOME"] = scratch.appendingPathComponent("cache").path
        for (key, value) in environment { env[key] = value }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = env
        process.currentDirectoryURL = directory ?? packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let start = Date()
        try process.run()
        var timedOut = false
        while process.isRunning {
            if Date().timeIntervalSince(start) > timeout {
                timedOut = true
                break
            }
            usleep(10_000)
        }
        if timedOut {
            // SIGKILL: the child inherits the test process's signal mask, where SIGTERM may be blocked.
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        try out.close()
        try err.close()
        return RunResult(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdout: String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self),
            seconds: seconds)
    }
}
