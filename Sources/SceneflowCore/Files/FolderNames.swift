import Foundation

/// The names in a folder as the file system holds them (bytes): FileManager's listing decodes
/// a name that is not valid UTF-8 with U+FFFD, a name no file has, so a command that listed a
/// folder then said the file was "not found" (red-team finding m8).
public enum FolderNames {
    /// One entry of a folder.
    public struct Entry: Sendable, Equatable {
        /// The name as text (`PathText.shown(bytes:)`: an invalid byte as `\xHH`).
        public var shown: String
        /// False when the name is not valid UTF-8: `shown` then names no file.
        public var isUTF8: Bool
    }

    /// Why a file named as it is cannot be used: its name is not valid UTF-8.
    public static let notUTF8 =
        "the file name is not valid UTF-8 (its bad bytes shown as \\xHH); Sceneflow takes UTF-8 file names: rename it"

    /// The entries of `folder` but `.` and `..`, in the listing's order; nil when it cannot be
    /// listed (missing, not a folder, no permission).
    public static func entries(of folder: String) -> [Entry]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var result: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [46] || name == [46, 46] { continue }
            result.append(
                Entry(shown: PathText.shown(bytes: name), isUTF8: String(validating: name, as: UTF8.self) != nil))
        }
        return result
    }
}
