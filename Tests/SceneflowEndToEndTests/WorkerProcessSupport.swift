import Foundation
import Testing

/// The worker processes of a `sceneflow test` run, read from `/proc`, so that tests wait for
/// what a run has done in its own terms (a worker started, a worker busy in Lua for some CPU
/// time) instead of sleeping for a guessed real time that a loaded machine can overrun.
enum WorkerProcesses {
    /// Fields of `/proc/PID/stat` after the command name: state is [0], the parent [1],
    /// user and system CPU ticks [11] and [12].
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
            let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// The live child processes of `parent`.
    static func children(of parent: Int32) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap { Int32($0) }.filter { pid in
            guard let fields = statFields(pid), fields.count > 1 else { return false }
            return Int32(fields[1]) == parent && alive(pid)
        }
    }

    /// True while `pid` runs (exists and is not a zombie).
    static func alive(_ pid: Int32) -> Bool {
        guard let fields = statFields(pid), let state = fields.first else { return false }
        return state != "Z" && state != "X"
    }

    /// CPU seconds (user + system) `pid` has used.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let fields = statFields(pid), fields.count > 12, let user = Double(fields[11]),
            let system = Double(fields[12])
        else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits until `count` children of `parent` have each used `cpu` seconds of CPU time (busy
    /// in a test's Lua code: loading a small file takes a few milliseconds), up to `limit`
    /// seconds of real time. Returns those children, or nil when the limit passed first.
    static func waitUntilBusy(_ parent: Int32, count: Int = 1, cpu: Double = 0.5, limit: Double = 60) -> [Int32]? {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            let busy = children(of: parent).filter { cpuSeconds($0) >= cpu }
            if busy.count >= count { return busy }
            usleep(20_000)
        }
        return nil
    }

    /// Waits until none of `pids` runs, up to `limit` seconds; returns the ones still running.
    static func waitUntilGone(_ pids: [Int32], limit: Double = 20) -> [Int32] {
        let deadline = Date().addingTimeInterval(limit)
        while pids.contains(where: alive) && Date() < deadline { usleep(10_000) }
        return pids.filter(alive)
    }

    /// Starts `sceneflow arguments…` in `folder` without waiting, with the dummy video driver
    /// and `environment` added; standard output goes to `folder/stdout.txt`, standard error is
    /// discarded.
    static func start(
        _ arguments: [String], in folder: TempFolder, environment: [String: String] = [:]
    ) throws -> Process {
        let process = Process()
        process.executableURL = try #require(Sceneflow.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        FileManager.default.createFile(atPath: folder.file("stdout.txt"), contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: folder.file("stdout.txt"))
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
