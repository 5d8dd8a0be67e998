import Foundation

/// Which `sceneflow test` run a process works for, as the report folder's journal names it
/// (`pid:start`, the run's main process and its start time in clock ticks since boot, field 22
/// of `/proc/PID/stat`): a journal line of another run still going is that run's, never taken
/// for a killed run's. The start time tells a live run from a later process that reuses a dead
/// run's number.
public enum RunProcess {
    /// This process's run: its own identity; a `--jobs` worker takes its parent's
    /// (`adoptParent`). Nil when `/proc` cannot be read.
    nonisolated(unsafe) public static var current: String? = identity(of: getpid())

    /// Makes this process (a worker) work for its parent's run.
    public static func adoptParent() {
        current = identity(of: getppid())
    }

    /// `pid:start` of process `pid`, nil when it is not there or `/proc` cannot be read.
    static func identity(of pid: Int32) -> String? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        // The command name (field 2) is in parentheses and may hold spaces and `)`: the fields
        // after the last `)` start with field 3, so the start time (22) is the 20th of them.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let start = UInt64(fields[19]) else { return nil }
        return "\(pid):\(start)"
    }

    /// Whether the run `identity` names is still going and is not this process's run.
    static func isOtherLiveRun(_ identity: String) -> Bool {
        guard identity != current, let pid = Int32(identity.prefix { $0 != ":" }), pid > 0 else { return false }
        return self.identity(of: pid) == identity
    }
}
