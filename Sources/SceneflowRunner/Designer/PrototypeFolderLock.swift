import Foundation

/// An exclusive lock on a prototype folder (`flock` on the folder itself) held while its
/// `prototype.lua` is read, edited and written: two `hotspot` commands, or a command and the
/// window's edit mode, each read the file, changed it and renamed their copy over it, and the
/// later one silently undid the other (red-team finding R9). Advisory: other programs (an
/// editor) are not held back. Released when the process ends, whatever ends it.
///
/// Never taken by a blocking `flock`: a process holding the lock for long (a `hotspot` stopped
/// with Ctrl-Z, anything else locking the folder) froze the window, which then ignored its keys
/// and stop signals, and left `hotspot` waiting silently for ever (red-team finding R2). The
/// lock is tried (`LOCK_NB`) and the caller waits, bounded, in its own way.
enum PrototypeFolderLock {
    /// The folder the lock is taken on for the prototype in `folder`: the one that holds its
    /// `prototype.lua` once symbolic links are followed, so two folders sharing one file by
    /// links (one flow, screenshots in two languages) take one lock (red-team finding 9-R10);
    /// `folder` itself when the file cannot be resolved.
    static func lockedFolder(_ folder: String) -> String {
        let named = folder.isEmpty ? "." : folder
        guard let real = realpath((named as NSString).appendingPathComponent("prototype.lua"), nil) else {
            return named
        }
        defer { free(real) }
        return (String(cString: real) as NSString).deletingLastPathComponent
    }

    /// The longest an edit waits for another process's lock, in seconds of real time: `hotspot`
    /// then fails (exit 75), and the window refuses the edit.
    static let longestWait = 10.0
    /// Seconds between two tries of a waiting `holding(_:waitingAtMost:onWait:_:)`.
    static let retryInterval = 0.05

    /// Runs `body` holding the lock on `folder` when no other process holds it; nil (nothing
    /// run) when one does. Runs it without the lock when the folder cannot be opened or locked
    /// (a file system without `flock`): the edit then goes on as before rather than failing.
    static func ifFree<T, E: Error>(_ folder: String, _ body: () throws(E) -> T) throws(E) -> T? {
        try holding(folder, waitingAtMost: 0, onWait: {}, body)
    }

    /// Runs `body` holding the lock on `folder`, waiting while another process holds it for at
    /// most `seconds` of real time (trying again every `retryInterval`); `onWait` is called once
    /// when the wait begins. Nil (nothing run) when the lock was still held after `seconds`. A
    /// stop signal ends the wait as it ends the process (its default action); no signal is
    /// taken for a reason to try again. Runs `body` without the lock when the folder cannot be
    /// opened or locked.
    static func holding<T, E: Error>(
        _ folder: String, waitingAtMost seconds: Double, onWait: () -> Void, _ body: () throws(E) -> T
    ) throws(E) -> T? {
        let fd = open(lockedFolder(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        let deadline = ProcessInfo.processInfo.systemUptime + seconds
        var waited = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return try body() }
            if errno == EINTR { continue }
            guard ProcessInfo.processInfo.systemUptime < deadline else { return nil }
            if !waited { onWait() }
            waited = true
            usleep(useconds_t(retryInterval * 1_000_000))
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
