import Foundation
import SceneflowCore
import SceneflowSDL

/// The decoded screenshot baselines of one test run (issue 19 item 2), so that a baseline
/// compared again (a retry, a loop, the next test of the file, another file with the same
/// baseline) costs no second PNG decode (~20–35 ms for 1080 x 2400 px).
///
/// An entry is used only while the file is unchanged: each lookup compares the file's
/// device, inode, size, modification and status-change times (nanoseconds) with those seen
/// when it was decoded, so a baseline rewritten by `--update-baselines`, an editor or another
/// process is decoded again. Entries live within `byteBudget` (4 bytes per pixel), least
/// recently used dropped first; an image larger than the budget is not kept.
///
/// Thread-safe (one lock around the table).
final class BaselineCache: @unchecked Sendable {
    /// What identifies one version of a file: `stat`'s device, inode, size, and modification
    /// and status-change times in nanoseconds.
    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64

        /// The stamp of the file `path` (symbolic links followed); nil when `stat` fails.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        }
    }

    private struct Entry {
        var stamp: Stamp
        var image: RGBAImage
        var lastUse: UInt64
    }

    /// The most bytes of decoded pixels kept (`TextureCache.defaultByteBudget` by default).
    let byteBudget: Int
    private let loader: PictureLoader
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var useCounter: UInt64 = 0
    /// Bytes of pixels held now.
    private(set) var bytes = 0
    /// Files decoded so far (cache misses that read a file), for tests and the benchmark.
    private(set) var decodes = 0

    /// An empty cache holding at most `byteBudget` bytes of pixels, decoding with `loader`.
    init(byteBudget: Int = TextureCache.defaultByteBudget, loader: PictureLoader = PictureLoader()) {
        self.byteBudget = byteBudget
        self.loader = loader
    }

    /// The baseline at `path` as RGBA pixels: the kept copy when the file is unchanged since
    /// it was decoded, else decoded now (and kept when it fits the budget).
    /// - Throws: what `PictureLoader.load(path:)` and `DecodedPicture.rgbaImage()` throw.
    func image(at path: String) throws -> RGBAImage {
        let stamp = Stamp(path: path)
        lock.lock()
        useCounter += 1
        if let stamp, var entry = entries[path], entry.stamp == stamp {
            entry.lastUse = useCounter
            entries[path] = entry
            lock.unlock()
            return entry.image
        }
        decodes += 1
        lock.unlock()
        let image = try loader.load(path: path).rgbaImage()
        if let stamp { keep(image, stamp: stamp, path: path) }
        return image
    }

    /// Drops the kept copy of `path` (call after writing the file).
    func forget(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if let old = entries.removeValue(forKey: path) { bytes -= old.image.pixels.count }
    }

    private func keep(_ image: RGBAImage, stamp: Stamp, path: String) {
        let size = image.pixels.count
        lock.lock()
        defer { lock.unlock() }
        if let old = entries.removeValue(forKey: path) { bytes -= old.image.pixels.count }
        guard size <= byteBudget else { return }
        while bytes + size > byteBudget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes -= oldest.value.image.pixels.count
            entries.removeValue(forKey: oldest.key)
        }
        entries[path] = Entry(stamp: stamp, image: image, lastUse: useCounter)
        bytes += size
    }
}
