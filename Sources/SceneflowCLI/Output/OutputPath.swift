import Foundation

/// Checks of the output paths commands write (`--junit`, `--out`, `--svg`, `--report`, …),
/// made before any work so that a long run never ends without its output. A bad path is a
/// usage error (exit 64) naming the option and the path.
enum OutputPath {
    /// `path` can be created or replaced: its folder exists and is writable, and it is not a folder.
    static func checkWritableFile(_ option: String, _ path: String) throws(UsageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError(message: "\(option) \(path) is a folder; give a file name")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let parent = folder.isEmpty ? "." : folder
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) else {
            throw UsageError(message: "\(option) \(path): the folder \(parent) does not exist")
        }
        guard isDirectory.boolValue else {
            throw UsageError(message: "\(option) \(path): \(parent) is a file, not a folder")
        }
        guard FileManager.default.isWritableFile(atPath: parent) else {
            throw UsageError(message: "\(option) \(path): the folder \(parent) is not writable")
        }
    }

    /// `path` is a writable folder or can be created as one.
    static func checkWritableFolder(_ option: String, _ path: String) throws(UsageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw UsageError(message: "\(option) \(path) is a file, not a folder") }
            guard FileManager.default.isWritableFile(atPath: path) else {
                throw UsageError(message: "\(option) \(path) is not writable")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw UsageError(message: "\(option) \(path) cannot be created: \(error.localizedDescription)")
        }
    }
}
