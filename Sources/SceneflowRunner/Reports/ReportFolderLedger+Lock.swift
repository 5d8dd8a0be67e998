import Foundation
import SceneflowCore

/// The report folder's lock (`flock` on the folder): two runs into one folder at once (red-team 63 B D1, 62 B C2) each
/// write a file (noting it in the journal, writing it, noting it written) and end (reading the
/// journal, removing the last run's files, writing the list) as one step under it, so a run's
/// end never removes a file the other run is writing, nor misses one it has just written.
extension ReportFolderLedger {
    /// How long a run waits for the lock, in seconds (2 s): a run holds it only while it writes
    /// one file or ends; past that, the other is taken as stuck and the run goes on without it.
    static let lockWait = 2.0

    /// Runs `body` holding `folder`'s lock (the folder is made when missing). A lock that
    /// cannot be had (the folder cannot be made or opened, the wait past `lockWait`) costs only
    /// the lock: `body` runs anyway.
    public static func holdingLock<T>(_ folder: String, _ body: () throws -> T) rethrows -> T {
        let fd = lock(folder)
        defer {
            if fd >= 0 {
                flock(fd, LOCK_UN)
                close(fd)
            }
        }
        return try body()
    }

    /// `holdingLock` in the processes that journal their report files (`sceneflow test`'s
    /// workers: `keepsUnlistedFiles`); `body` alone elsewhere.
    public static func holdingLockWhenListed<T>(_ folder: String, _ body: () throws -> T) rethrows -> T {
        keepsUnlistedFiles ? try holdingLock(folder, body) : try body()
    }

    /// The locked folder's descriptor (`flock` on the folder itself: no file is added to
    /// it), or -1 when the lock cannot be had.
    private static func lock(_ folder: String) -> Int32 {
        let path = folder.isEmpty ? "." : folder
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
        var fd = open(path, flags)
        if fd < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            fd = open(path, flags)
        }
        guard fd >= 0 else { return -1 }
        let deadline = Date().addingTimeInterval(lockWait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                return -1
            }
            usleep(2_000)
        }
        return fd
    }
}
