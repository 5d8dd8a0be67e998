import Foundation

/// Reads only regular files. Opening a FIFO for reading blocks until a writer comes (a FIFO
/// named like a scene image hung `test`, `inspect`, `graph` and `render` for ever, deaf to
/// SIGTERM) and a device can be endless, so every file Sceneflow reads — prototype.lua,
/// scripts, modules, images, timelines, baselines — is checked with `stat` first and opened
/// without blocking, then checked again with `fstat` on the open descriptor.
public enum RegularFile {
    /// Why a file could not be read.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// Nothing at the path (or a dangling symbolic link).
        case missing
        /// Something that is not a regular file: `kind` says what ("a FIFO", "a folder", …).
        case notRegular(kind: String)
        /// Larger than the caller's limit, bytes.
        case tooLarge(bytes: Int, limit: Int)
        /// The operating system's reason (permission denied, I/O error, …).
        case unreadable(reason: String)

        public var description: String {
            switch self {
            case .missing: "No such file or directory"
            case .notRegular(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let bytes, let limit): "is \(bytes) bytes, over the limit of \(limit)"
            case .unreadable(let reason): reason
            }
        }
    }

    /// What the file type bits of `mode` name, with an article ("a FIFO"), or nil for a
    /// regular file.
    public static func kind(ofMode mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// What is at `path` (following symbolic links), with an article, or nil for a regular
    /// file or nothing at all.
    public static func kind(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kind(ofMode: info.st_mode)
    }

    /// The most bytes Sceneflow reads of one of its own cache or state files (the last-run
    /// state, the image and detection caches, a report folder's ledger): 64 MiB, far above
    /// what a suite of thousands of tests writes. A larger one is damaged and is not used
    /// (red-team finding 9-R4: a 3 GB file cost 3 GB of memory on every run).
    public static let cacheLimit = 64 << 20

    /// The whole file at `path`, at most `limit` bytes.
    ///
    /// - Throws: `Problem` when it is missing, not a regular file, too large or unreadable.
    public static func read(_ path: String, limit: Int = Int.max) throws(Problem) -> Data {
        try load(path, upTo: nil, limit: limit)
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter).
    ///
    /// - Throws: `Problem` when it is missing, not a regular file or unreadable.
    public static func prefix(_ path: String, count: Int) throws(Problem) -> Data {
        try load(path, upTo: count, limit: Int.max)
    }

    /// The whole regular file at `path`, or nil when it is missing, not a regular file or
    /// unreadable (the drop-in for `FileManager.default.contents(atPath:)`).
    public static func contents(atPath path: String) -> Data? {
        try? read(path)
    }

    private static func load(_ path: String, upTo count: Int?, limit: Int) throws(Problem) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw errno == ENOENT ? .missing : .unreadable(reason: reason()) }
        if let kind = kind(ofMode: info.st_mode) { throw .notRegular(kind: kind) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .unreadable(reason: reason()) }
        defer { close(fd) }
        // Swapped for a FIFO between stat and open: refuse what was opened.
        guard fstat(fd, &info) == 0 else { throw .unreadable(reason: reason()) }
        if let kind = kind(ofMode: info.st_mode) { throw .notRegular(kind: kind) }
        let size = Int(info.st_size)
        if count == nil, size > limit { throw .tooLarge(bytes: size, limit: limit) }
        let wanted = count.map { min($0, size) } ?? size
        // Allocated with malloc, which can say no: `Data(count:)` traps (SIGILL) when the
        // memory is not there (a 1 GB file under `ulimit -v`).
        guard let buffer = malloc(max(wanted, 1)) else {
            throw .unreadable(reason: "not enough memory to read its \(wanted) bytes")
        }
        var filled = 0
        while filled < wanted {
            let n = Glibc.read(fd, buffer + filled, wanted - filled)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                free(buffer)
                throw .unreadable(reason: reason())
            }
            if n == 0 { break }  // shorter than stat said (truncated meanwhile)
            filled += n
        }
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .free)
    }

    /// `strerror(errno)`.
    static func reason() -> String { String(cString: strerror(errno)) }
}
