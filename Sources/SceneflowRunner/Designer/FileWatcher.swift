import Foundation

/// Notices when files change by polling their modification time and size (cheap `stat`
/// calls; no inotify, so it works the same on every file system). Used for hot reload.
public struct FileWatcher {
    private struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }
    private var stamps: [String: Stamp] = [:]
    private var folder: String
    private var extra: [String]

    /// Watches every regular file directly in `folder` and the files `extra` (absolute
    /// paths, e.g. scene images in subfolders).
    public init(folder: String, extra: [String] = []) {
        self.folder = folder
        self.extra = extra
        stamps = snapshot()
    }

    /// Replaces the extra files (after a reload changed which images scenes use) and
    /// takes a new snapshot.
    public mutating func reset(extra: [String]) {
        self.extra = extra
        stamps = snapshot()
    }

    /// True when a file was added, removed or changed since the last call (or `init`).
    public mutating func changed() -> Bool {
        let now = snapshot()
        defer { stamps = now }
        return now != stamps
    }

    private func snapshot() -> [String: Stamp] {
        let fm = FileManager.default
        var result: [String: Stamp] = [:]
        let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
        for path in names.map({ (folder as NSString).appendingPathComponent($0) }) + extra {
            guard let attributes = try? fm.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            result[path] = Stamp(
                modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue)
        }
        return result
    }
}
