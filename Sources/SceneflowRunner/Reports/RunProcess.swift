import Foundation

/// Which `sceneflow test` run a process works for, as the report folder's journal names it
/// (`pid:start:namespace`: the run's main process, its start time in clock ticks since boot,
/// field 22 of `/proc/PID/stat`, and its PID namespace, the inode of `/proc/PID/ns/pid`): a
/// journal line of another run still going is that run's, never taken for a killed run's. The
/// start time tells a live run from a later process that reuses a dead run's number; the
/// namespace, a run in a container that shares the folder, whose numbers mean nothing here
/// (red-team 62 B C1-NS): such a run is taken as still going while its journal was written in
/// the last `foreignRunHours`.
public enum RunProcess {
    /// This process's run: its own identity; a `--jobs` worker takes its parent's
    /// (`adoptParent`). Nil when `/proc` cannot be read.
    nonisolated(unsafe) public static var current: String? = identity(of: getpid())

    /// How long a journal line of a run in another PID namespace counts as a run still going,
    /// after the journal was last written: 24 hours.
    public static let foreignRunHours = 24.0

    /// Makes this process (a worker) work for its parent's run.
    public static func adoptParent() {
        current = identity(of: getppid())
    }

    /// `pid:start:namespace` of process `pid`, nil when it is not there or `/proc` cannot be
    /// read.
    static func identity(of pid: Int32) -> String? {
        guard let start = startTime(of: pid) else { return nil }
        return "\(pid):\(start):\(namespace(of: pid) ?? 0)"
    }

    /// The start time of process `pid` in clock ticks since boot (field 22 of its stat).
    private static func startTime(of pid: Int32) -> UInt64? {
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
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }

    /// The inode of process `pid`'s PID namespace, nil when it cannot be read.
    private static func namespace(of pid: Int32) -> UInt64? {
        var info = stat()
        guard stat("/proc/\(pid)/ns/pid", &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }

    /// Whether the run `identity` names is still going and is not this process's run: its
    /// process is there with the same start time, or it ran in another PID namespace and
    /// `journalAge` (seconds since its journal was last written) is under `foreignRunHours`.
    static func isOtherLiveRun(_ identity: String, journalAge: Double = 0) -> Bool {
        guard identity != current else { return false }
        let parts = identity.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, let pid = Int32(parts[0]), pid > 0, UInt64(parts[1]) != nil else { return false }
        if parts.count == 3, let theirs = UInt64(parts[2]), let ours = namespace(of: getpid()), theirs != 0,
            ours != theirs
        {
            return journalAge < foreignRunHours * 3600
        }
        return self.identity(of: pid).map { $0.split(separator: ":").prefix(2) == parts.prefix(2) } ?? false
    }
}
