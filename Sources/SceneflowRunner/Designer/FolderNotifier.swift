import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells whether anything happened in some folders since it was last asked, with Linux's
/// inotify (one descriptor, non-blocking; writes, renames, creations, deletions and attribute
/// changes of the folders' entries). `FileWatcher` asks it before looking at files, so an
/// unchanged prototype costs one `read` per check instead of a `stat` per file. Not made
/// (nil) where inotify is missing or a folder cannot be watched; the watcher then polls.
final class FolderNotifier {
    private let descriptor: Int32

    /// Watches `folders` (existing directories; symbolic links to folders are followed).
    /// Nil when inotify is not available or any folder cannot be watched.
    init?(folders: Set<String>) {
        #if os(Linux)
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            for folder in folders where inotify_add_watch(fd, folder, mask) < 0 {
                close(fd)
                return nil
            }
            descriptor = fd
        #else
            return nil
        #endif
    }

    deinit { close(descriptor) }

    /// What `drain()` found.
    enum News: Equatable {
        /// No event since the last call.
        case none
        /// Something happened in a watched folder.
        case changed
        /// A watched folder itself went away or moved, or events were dropped: the folders
        /// must be watched anew (and the files looked at).
        case lost
    }

    /// Reads every pending event and says what they amount to.
    func drain() -> News {
        var news = News.none
        var buffer = [UInt8](repeating: 0, count: 4096)
        let lostMask = UInt32(IN_IGNORED | IN_Q_OVERFLOW | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return news }
            if news == .none { news = .changed }
            // struct inotify_event: wd (4 bytes), mask (4), cookie (4), len (4), then `len` bytes of name.
            var offset = 0
            while offset + 16 <= count {
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) }
                if mask & lostMask != 0 { news = .lost }
                offset += 16 + Int(length)
            }
        }
    }
}
