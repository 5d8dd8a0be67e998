import Foundation

/// An exclusive lock on a prototype folder (`flock` on the folder itself) held while its
/// `prototype.lua` is read, edited and written: two `hotspot` commands, or a command and the
/// window's edit mode, each read the file, changed it and renamed their copy over it, and the
/// later one silently undid the other (red-team finding R9). Advisory: other programs (an
/// editor) are not held back. Released when the process ends, whatever ends it.
enum PrototypeFolderLock {
    /// The folder the lock is taken on for the prototype in `folder`: the one that holds its
    /// `prototype.lua` once symbolic links are followed, so two folders sharing one file by
    /// links (one flow, screenshots in two languages) take one lock (red-team finding 9-R10);
    /// `folder` itself when the file cannot be resolved.
    static func lockedFolder(_ folder: String) -> String {
        let named = folder.isEmpty ? "." : folder
        guard let real = realpath((named as NSString).appendingPathComponent("prototype.lua"), nil) else {
            return named
        }
        defer { free(real) }
        return (String(cString: real) as NSString).deletingLastPathComponent
    }

    /// Runs `body` holding the lock on `folder`; runs it without the lock when the folder
    /// cannot be opened or locked (a file system without `flock`): the edit then goes on as
    /// before rather than failing.
    static func holding<T, E: Error>(_ folder: String, _ body: () throws(E) -> T) throws(E) -> T {
        let fd = open(lockedFolder(folder), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
