import Foundation
import SceneflowCore
import SceneflowSDL

/// The images `sceneflow check` has already decoded without a problem (issue 19 item 5), by
/// content: a line per checked version of a file, `CONTENTHASH SCREEN LIMITS VERSION` (see
/// `ContentHash`), so a second `check` of an unchanged prototype reads and hashes each image
/// but decodes none. Only successes are kept; a changed file has another hash and is decoded
/// again, and so is one checked with other size limits or another screen area.
///
/// Kept in `$XDG_CACHE_HOME/sceneflow/checked-images.txt` (else `~/.cache/sceneflow/…`),
/// beside anything else Sceneflow caches; at most `maxEntries` lines, the newest kept. A
/// cache that cannot be read or written is simply not used. Thread-safe.
public final class CheckedImageCache: @unchecked Sendable {
    /// Names what a key vouches for: bump it whenever image checks change (a stricter
    /// structure check, a new screen finder), so entries written by an older Sceneflow no
    /// longer match and those images are decoded again.
    public static let checksVersion = "checks-10"
    /// The most lines kept in the file.
    public static let maxEntries = 100_000
    /// The cache file.
    public let file: String
    private let lock = NSLock()
    private var known: Set<String> = []
    private var added: [String] = []
    private var order: [String] = []
    private var hashes: [String: String] = [:]
    /// Lookups answered from the cache (images not decoded), for tests and the benchmark.
    public private(set) var hits = 0

    /// The cache in the user's default file (`defaultFile()`), read once per process, shared
    /// by every command that opens a prototype; kept in memory only (never saved) when no
    /// cache folder is known.
    public static let shared = CheckedImageCache(file: defaultFile() ?? "")

    /// The cache in `file`, read now (an unreadable or missing file gives an empty cache).
    public init(file: String) {
        self.file = file
        if let data = try? RegularFile.read(file, limit: RegularFile.cacheLimit) {
            order = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            known = Set(order)
        }
    }

    /// The default cache file from `environment`: `$XDG_CACHE_HOME/sceneflow/checked-images.txt`,
    /// else `$HOME/.cache/sceneflow/checked-images.txt`; nil when neither is set.
    public static func defaultFile(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        CacheFolder.path(environment).map { $0 + "/checked-images.txt" }
    }

    /// The cache key of the regular file at `path` checked for `screen` within `limits`;
    /// nil when it is not a readable regular file (it is then checked the usual way).
    /// The content hash is taken once per file identity in this process
    /// (`StructureVerdicts.identity`): a test worker opens its prototype again for every test.
    func key(path: String, screen: ScreenArea, limits: ImageLimits) -> String? {
        guard RegularFile.kind(atPath: path) == nil else { return nil }
        let identity = StructureVerdicts.identity(path)
        var hash: String?
        if let identity {
            lock.lock()
            hash = hashes[identity]
            lock.unlock()
        }
        if hash == nil {
            // A file the size checks refuse (a PNG with much data after its end) is not read
            // to be hashed, nor one larger than its header allows: the usual check refuses it
            // unread (red-team 29 F2, 30 F5).
            guard (try? limits.checkFileSizeAndHeader(path: path)) != nil,
                let data = try? RegularFile.read(path, limit: limits.maxFileBytes), !data.isEmpty
            else { return nil }
            hash = data.withUnsafeBytes { ContentHash.of($0) }
            if let identity {
                lock.lock()
                hashes[identity] = hash
                lock.unlock()
            }
        }
        return "\(hash!) \(Self.describe(screen)) \(limits.maxSide)x\(limits.maxPixels) \(Self.checksVersion)"
    }

    /// True when `key` was checked without a problem before.
    func contains(_ key: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if known.contains(key) {
            hits += 1
            return true
        }
        return false
    }

    /// Notes that `key` was checked without a problem.
    func insert(_ key: String) {
        lock.lock()
        defer { lock.unlock() }
        if known.insert(key).inserted { added.append(key) }
    }

    /// Writes the file when anything was added (atomically; failures are ignored: it is a cache).
    public func save() {
        lock.lock()
        defer { lock.unlock() }
        guard !added.isEmpty, !file.isEmpty else { return }
        let lines = (order + added).suffix(Self.maxEntries)
        try? FileManager.default.createDirectory(
            atPath: PathText.folder(of: file), withIntermediateDirectories: true)
        // Only a regular file (or none) is replaced: a cache file that is a link, a folder or
        // a FIFO is left alone, never written through (red-team finding Q13's neighbour).
        var info = stat()
        if lstat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return }
        try? AtomicFile.write(lines.joined(separator: "\n") + "\n", to: file)
        order = Array(lines)
        added = []
    }

    private static func describe(_ screen: ScreenArea) -> String {
        switch screen {
        case .wholeImage: return "whole"
        case .auto: return "auto"
        case .rect(let r): return "rect:\(r.x),\(r.y),\(r.width),\(r.height)"
        }
    }
}
