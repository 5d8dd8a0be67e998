import Foundation

/// Notices when files change by polling their modification time and size (cheap `stat`
/// calls; no inotify, so it works the same on every file system). Used for hot reload.
///
/// It watches a list of files (the prototype file and the images it draws) and, optionally,
/// every regular file directly in a folder: the player adds the folder only while the last
/// reload failed, so that adding a missing image retries, while logs or screenshots written
/// beside a working prototype do not reload it.
public struct FileWatcher {
    private struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }
    private var stamps: [String: Stamp] = [:]
    private var files: [String]
    private var folder: String?

    /// Watches `files` (paths; a missing file counts as a change once it appears) and, when
    /// `folder` is given, every regular file directly in it (added, removed or changed).
    public init(files: [String], folder: String? = nil) {
        self.files = files
        self.folder = folder
        stamps = snapshot()
    }

    /// Replaces what is watched (after a reload changed which images scenes use, or failed)
    /// and takes a new snapshot.
    public mutating func reset(files: [String], folder: String? = nil) {
        self.files = files
        self.folder = folder
        stamps = snapshot()
    }

    /// True when a watched file was added, removed or changed since the last call (or since
    /// `init` / `reset`).
    public mutating func changed() -> Bool {
        let now = snapshot()
        defer { stamps = now }
        return now != stamps
    }

    private func snapshot() -> [String: Stamp] {
        let fm = FileManager.default
        var result: [String: Stamp] = [:]
        let inFolder = folder.map { folder in
            ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).map {
                (folder as NSString).appendingPathComponent($0)
            }
        }
        for path in files + (inFolder ?? []) {
            guard let attributes = try? fm.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            result[path] = Stamp(
                modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue)
        }
        return result
    }
}
