import Foundation
import SceneflowCore

/// The bytes of image files as they were when first read, kept in memory so that later
/// decodes use them instead of the file on disk. The window keeps one per good prototype
/// (hot reload): a screenshot overwritten with a broken file after the prototype loaded is
/// never read, so the last good prototype keeps its pictures (the Designer tools article in Sceneflow.docc, "Hot reload").
///
/// Memory: the encoded file sizes (a 1080x2400 px phone PNG is typically 0.2–2 MB), not the
/// decoded pixels. Thread-safe: background preloads read it too.
public final class ImageFileStore: @unchecked Sendable {
    // @unchecked Sendable: `files` is only touched under `lock`.
    private let lock = NSLock()
    private var files: [String: Data] = [:]

    /// Creates an empty store.
    public init() {}

    /// The bytes of the file at `path`: the ones kept from the first read, else read now (and
    /// kept); nil when the file cannot be read (not kept, so a file added later is found).
    public func contents(atPath path: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        if let kept = files[path] { return kept }
        // A file larger than any image can be is not read (`PictureLoader` refuses it by name).
        guard let data = try? RegularFile.read(path, limit: ImageLimits.standard.maxFileBytes) else { return nil }
        files[path] = data
        return data
    }

    /// Reads and keeps every file of `paths` not kept yet (unreadable ones are skipped).
    public func keep(_ paths: [String]) {
        for path in paths { _ = contents(atPath: path) }
    }

    /// How many files are kept.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return files.count
    }

    /// Bytes held, summed over the kept files.
    public var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return files.values.reduce(0) { $0 + $1.count }
    }
}
