import Foundation
import SceneflowCore

/// Notices when files change by comparing their modification time and size (`stat`). Where
/// Linux's inotify can watch the files' folders (`FolderNotifier`), the files are looked at
/// only after something happened in a folder, so an idle window makes no `stat` calls;
/// elsewhere, and for files reached through a symbolic link, every check polls. Used for hot
/// reload.
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
    /// Files of `folder` never looked at (absolute, standardised paths): a watch's own output.
    private var ignoring: Set<String> = []
    private var notifier: FolderNotifier?
    /// True after `reset`: the next `changed()` compares with the snapshot whatever the new
    /// notifier saw, since a change may have come before it existed.
    private var compareNext = false
    /// False: always poll (no inotify), as on a platform without it.
    private let notifies: Bool
    /// How many times the files were looked at (`stat` of each), for tests.
    public private(set) var snapshots = 0

    /// Watches `files` (paths; a missing file counts as a change once it appears) and, when
    /// `folder` is given, every regular file directly in it (added, removed or changed) but
    /// those in `ignoring` (absolute paths: what the watching program writes there itself, or
    /// it would notice its own output for ever). `notifies: false` polls without inotify.
    public init(files: [String], folder: String? = nil, ignoring: [String] = [], notifies: Bool = true) {
        self.files = files
        self.folder = folder
        self.ignoring = Set(ignoring.map(PathText.absolute))
        self.notifies = notifies
        notifier = makeNotifier()
        stamps = snapshot()
    }

    /// Replaces what is watched (after a reload changed which images scenes use, or failed).
    /// Files watched before keep the state the last `changed()` saw, which came before the
    /// reload read them: a save that landed during the reload is still a change, seen by the
    /// next `changed()` (red-team finding R2: a second save within a reload was lost, and the
    /// window stayed on the older one for good). Files watched from now on are taken as they
    /// are now.
    public mutating func reset(files: [String], folder: String? = nil) {
        let before = stamps
        let watchedBefore = Set(self.files + self.folderFiles())
        self.files = files
        self.folder = folder
        notifier = makeNotifier()
        stamps = snapshot()
        // Only files still watched: one no longer watched kept in would read as a change.
        let watchedNow = Set(files + folderFiles())
        for path in watchedBefore.intersection(watchedNow) { stamps[path] = before[path] }
        compareNext = true  // the new notifier did not see what happened before it
    }

    /// True when a watched file was added, removed or changed since the last call (or since
    /// `init` / `reset`).
    public mutating func changed() -> Bool {
        if let notifier, !compareNext {
            switch notifier.drain() {
            case .none: return false
            case .changed: break
            case .lost: self.notifier = makeNotifier()  // a folder was replaced: watch the new one
            }
        }
        if compareNext { _ = notifier?.drain() }  // what it saw is in the snapshot
        compareNext = false
        let now = snapshot()
        defer { stamps = now }
        return now != stamps
    }

    /// A notifier on the folders of the watched files (and `folder`); nil (poll) when turned
    /// off, when a watched file is a symbolic link (its target may change elsewhere), or when
    /// a folder cannot be watched (missing, or no inotify).
    private func makeNotifier() -> FolderNotifier? {
        guard notifies else { return nil }
        var folders = Set(files.map { PathText.folder(of: $0).isEmpty ? "." : PathText.folder(of: $0) })
        if let folder { folders.insert(folder) }
        for path in files {
            var info = stat()
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { return nil }
        }
        return FolderNotifier(folders: folders)
    }

    /// The files directly in `folder` (none without one) but those in `ignoring`.
    private func folderFiles() -> [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map {
            (folder as NSString).appendingPathComponent($0)
        }.filter { ignoring.isEmpty || !ignoring.contains(PathText.absolute($0)) }
    }

    private mutating func snapshot() -> [String: Stamp] {
        snapshots += 1
        let fm = FileManager.default
        var result: [String: Stamp] = [:]
        for path in files + folderFiles() {
            guard let attributes = try? fm.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            result[path] = Stamp(
                modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.intValue)
        }
        return result
    }
}
