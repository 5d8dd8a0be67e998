import Foundation
import SceneflowCore

/// Headers that passed `ImageLimits.checkHeader` in this process, by file identity (device,
/// inode, size, modification and status-change times in nanoseconds, as `StructureVerdicts`
/// keys them) and the limits checked against, so a file written again or replaced is read
/// again. A test worker loads a prototype for every script file (and `--watch` and the
/// designer's hot reload again and again): without this memo each load re-read and re-parsed
/// every screenshot's header on every core, ~40 ms of the sample suite's CPU. Problems are
/// never kept: a damaged file is read, and named, every time. Thread-safe.
enum HeaderMemo {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var headers: [String: ImageHeader] = [:]
    /// At most this many headers are kept (a prototype has tens of screenshots).
    static let capacity = 4_096

    /// The key of the file at `path` checked against `limits`, or nil when it cannot be stat'ed.
    static func key(_ path: String, _ limits: ImageLimits) -> String? {
        StructureVerdicts.identity(path).map { "\($0) \(limits.maxSide) \(limits.maxPixels) \(path)" }
    }

    /// The header kept under `key`, if any.
    static func header(_ key: String) -> ImageHeader? {
        lock.lock()
        defer { lock.unlock() }
        return headers[key]
    }

    /// Keeps `header` under `key` (the memo is emptied when full).
    static func keep(_ header: ImageHeader, _ key: String) {
        lock.lock()
        defer { lock.unlock() }
        if headers.count >= capacity { headers.removeAll(keepingCapacity: true) }
        headers[key] = header
    }
}
