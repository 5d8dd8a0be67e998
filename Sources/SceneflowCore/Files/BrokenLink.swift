import Foundation

/// Why a path whose file cannot be found is a broken symbolic link: a scene image that was a
/// link to itself or to a missing file read "not found …; did you mean" the very name typed
/// (red-team 26 F1).
public enum BrokenLink {
    /// What is wrong with `path` when following it fails at a symbolic link, as the end of a
    /// sentence about the file:
    /// - `is a symbolic link that loops` (the kernel's `ELOOP`; `leads through a symbolic link
    ///   that loops` when the loop is in a folder on the way);
    /// - `is a symbolic link to "nowhere.png", which does not exist`.
    ///
    /// Nil when `path` leads to a file, or when nothing is there at all (a plain missing file).
    public static func problem(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        let looped = errno == ELOOP
        let isLink = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        if looped { return isLink ? "is a symbolic link that loops" : "leads through a symbolic link that loops" }
        guard isLink else { return nil }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
        return "is a symbolic link to \"\(TerminalText.oneLine(target))\", which does not exist"
    }
}
