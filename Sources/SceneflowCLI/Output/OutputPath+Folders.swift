import Foundation
import SceneflowRunner

/// The folders output options name (`--report`, `--frames`): checked with the command line,
/// made only once it and its inputs are (`createFolders`), so a refused command line (exit
/// 64 or 65) leaves no empty folder behind (red-team 28 F4).
extension OutputPath {
    /// The folders checked by `checkWritableFolder` that do not exist yet, to be made by
    /// `createFolders`, each with the option that names it.
    nonisolated(unsafe) static var foldersToCreate: [(option: String, path: String)] = []

    /// `path` is a writable folder, or can be created as one (the nearest folder above it
    /// that exists is writable, and nothing on the way is a file); one that does not exist
    /// yet is made by `createFolders`, not here.
    ///
    /// - Throws: `UsageError` for `""`, a name too long, a file, a read-only folder, or a
    ///   folder that cannot be created.
    static func checkWritableFolder(_ option: String, _ path: String) throws(UsageError) {
        try checkName(option, path)
        // `out/` where `out` is a file is that file (`stat` says "not a directory" otherwise).
        var bare = Substring(path)
        while bare.count > 1, bare.hasSuffix("/") { bare = bare.dropLast() }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: String(bare), isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw UsageError(message: "\(option) \(shown(path)) is a file, not a folder")
            }
            guard access(path, W_OK | X_OK) == 0 else {
                throw UsageError(message: "\(option) \(shown(path)) is not writable")
            }
            return
        }
        // A link that leads nowhere (dangling, or a loop) names its cause, as a file option
        // does (red-team 51 B W1: "cannot be created: it cannot be created (…)").
        var info = stat()
        if lstat(String(bare), &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: String(bare))) ?? "?"
            _ = stat(String(bare), &info)
            let why = errno == ELOOP ? "a loop of symbolic links" : "nothing there"
            throw UsageError(
                message:
                    "\(option) \(shown(path)) is a symbolic link to \"\(target)\", which leads to \(why); give a folder, or a link to one"
            )
        }
        if let reason = creationProblem(path) {
            throw UsageError(message: "\(option) \(shown(path)) cannot be created: \(reason)")
        }
        if !foldersToCreate.contains(where: { $0.path == path }) { foldersToCreate.append((option, path)) }
    }

    /// Makes the folders `checkWritableFolder` found missing (with the folders above them).
    ///
    /// - Throws: `UsageError` naming the option when one cannot be made after all.
    static func createFolders() throws(UsageError) {
        let folders = foldersToCreate
        foldersToCreate = []
        for (option, path) in folders {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw UsageError(message: "\(option) \(shown(path)) cannot be created: \(plainReason(error))")
            }
        }
    }

    /// True when `createFolders` is to make `folder`: a folder an output option names, or one
    /// above it (a file option may name a file in it: `--report out --json out/mine.json`).
    static func willCreate(_ folder: String) -> Bool {
        let target = URL(fileURLWithPath: folder).standardizedFileURL.path
        return foldersToCreate.contains {
            let pending = URL(fileURLWithPath: $0.path).standardizedFileURL.path
            return pending == target || pending.hasPrefix(target.hasSuffix("/") ? target : target + "/")
        }
    }

    /// Why `path`, which does not exist, could not be created as a folder (the system's
    /// words: `Not a directory`, `Permission denied`, `Read-only file system`), or nil.
    private static func creationProblem(_ path: String) -> String? {
        var above = URL(fileURLWithPath: path).standardizedFileURL
        while true {
            above = above.deletingLastPathComponent()
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: above.path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { return String(cString: strerror(ENOTDIR)) }
                return access(above.path, W_OK | X_OK) == 0 ? nil : String(cString: strerror(errno))
            }
            if above.path == "/" { return nil }
        }
    }
}
