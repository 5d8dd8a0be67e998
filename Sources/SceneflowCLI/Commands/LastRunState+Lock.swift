import Foundation

/// Runs of one suite at the same time (the shards of a suite run in parallel on one machine, a
/// `--filter` run beside a full one) keep each other's entries: a run merges what it ran into
/// the state as it is when the run saves, holding a lock on the cache folder, not into the
/// state it read when it started (red-team finding S3: the run that saved last wrote back what
/// it had read before the other's failure, so `--last-failed` ran nothing).
extension LastRunState {
    /// The lock's name in the cache folder: one lock for every state (a save takes
    /// milliseconds, so runs of other suites hardly ever wait for each other).
    static let lockName = "last-run.lock"
    /// The longest a run waits for another run's save (seconds): then it saves without the
    /// lock rather than never end.
    static let lockWait = 5.0

    /// Runs `body` holding the cache folder's lock (`flock` on `lockName`, which the kernel
    /// releases if the holder dies); without a cache folder, or when the lock cannot be made
    /// or waits past `lockWait`, runs it without.
    static func withSaveLock<T>(environment: [String: String], _ body: () -> T) -> T {
        guard let folder = folder(environment) else { return body() }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fd = open(folder + "/" + lockName, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return body() }
        defer { close(fd) }
        let deadline = ProcessInfo.processInfo.systemUptime + lockWait
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ProcessInfo.processInfo.systemUptime < deadline else {
                return body()
            }
            usleep(2_000)
        }
        defer { flock(fd, LOCK_UN) }
        return body()
    }

    /// Builds this run's state with `make` from the state saved for `inputs` now (read again,
    /// under the lock: another run may have saved since this one started), saves it, and says
    /// what `save` says.
    static func saveMerged(
        inputs: [String], environment: [String: String], complete: Bool, _ make: (LastRunState?) -> LastRunState
    ) -> (reason: String, older: StaleHandling)? {
        withSaveLock(environment: environment) {
            make(read(inputs: inputs, environment: environment)).save(environment: environment, complete: complete)
        }
    }
}
