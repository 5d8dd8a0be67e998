import Foundation
import SceneflowCore

/// The structure checks (`ImageStructure`) already passed, by file identity: device, inode,
/// size and the modification and status-change times in nanoseconds, so a file written again
/// or replaced is checked again. Every script file's load checks its prototype's screenshots,
/// and the pixel-data check inflates each one (~20 ms for 1080x2400 px): without this memo
/// the sample suite went from 0.2 s to 1.1 s of CPU.
///
/// Passes are kept in this process and, when `persists` (`sceneflow test` sets it for its runs,
/// not for `--list`), in `$XDG_CACHE_HOME/sceneflow/sound-images.txt` (else
/// `~/.cache/sceneflow/…`), one line per file identity, appended as found (a line is one
/// `write` in append mode, so worker processes may add at once); the file is emptied past
/// `maxFileBytes`. Problems are never kept: a damaged file is checked, and named, every time.
/// A cache that cannot be read or written is simply not used. Thread-safe.
public enum StructureVerdicts {
    /// Whether passes are also read from and written to the cache file (off by default: a
    /// command that only reads never writes to the user's cache folder).
    nonisolated(unsafe) public static var persists = false
    /// Names what a line vouches for: bump it whenever the structure check gets stricter.
    static let version = "structure-9"
    /// The largest cache file kept (1 MiB, about 15 000 lines); a larger one is emptied.
    static let maxFileBytes = 1 << 20
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sound: CacheLineSet?

    /// The cache file from the environment, or nil when neither `XDG_CACHE_HOME` nor `HOME` is set.
    static var file: String? {
        CacheFolder.path().map { $0 + "/sound-images.txt" }
    }

    /// The identity of the file at `path` as one cache line, or nil when it cannot be stat'ed.
    public static func identity(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return
            "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(version)"
    }

    /// The problem `check` finds in the file at `path`, or nil when it is sound; `check` runs
    /// only for a file identity not known to have passed.
    static func problem(at path: String, check: () -> ImageProblem?) -> ImageProblem? {
        guard let id = identity(path) else { return check() }
        lock.lock()
        if sound == nil { sound = persists ? load() : CacheLineSet() }
        let known = sound!.contains(id)
        lock.unlock()
        if known { return nil }
        if let problem = check() { return problem }
        lock.lock()
        sound!.insert(id)
        lock.unlock()
        if persists { append(id) }
        return nil
    }

    private static func load() -> CacheLineSet {
        // Only a regular file is read (a FIFO put there would block every worker for ever:
        // red-team finding Q13); anything else is a cache that is not used.
        guard let file else { return CacheLineSet() }
        let data: Data
        do { data = try RegularFile.read(file, limit: maxFileBytes) } catch {
            // Past its limit, the file starts again empty (it is never read whole).
            if case .tooLarge = error, let fd = openRegular(file, O_TRUNC) { close(fd) }
            return CacheLineSet()
        }
        return CacheLineSet(data)
    }

    private static func append(_ id: String) {
        guard let file else { return }
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard let fd = openRegular(file, O_APPEND | O_CREAT) else { return }
        defer { close(fd) }
        let line = Array((id + "\n").utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The cache file opened for writing with `flags`, only when it is (or is made as) a
    /// regular file: never through a symbolic link, and without blocking on a FIFO
    /// (`O_NONBLOCK`, then `fstat`); nil otherwise.
    private static func openRegular(_ file: String, _ flags: Int32) -> Int32? {
        let fd = open(file, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | flags, 0o644)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return fd
    }
}
