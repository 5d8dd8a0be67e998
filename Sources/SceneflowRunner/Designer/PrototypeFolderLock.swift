import Foundation

/// An exclusive lock on a prototype folder (`flock` on the folder itself) held while its
/// `prototype.lua` is read, edited and written: two `hotspot` commands, or a command and the
/// window's edit mode, each read the file, changed it and renamed their copy over it, and the
/// later one silently undid the other (red-team finding R9). Advisory: other programs (an
/// editor) are not held back. Released when the process ends, whatever ends it.
enum PrototypeFolderLock {
    /// Runs `body` holding the lock on `folder`; runs it without the lock when the folder
    /// cannot be opened or locked (a file system without `flock`): the edit then goes on as
    /// before rather than failing.
    static func holding<T, E: Error>(_ folder: String, _ body: () throws(E) -> T) throws(E) -> T {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
