import Foundation

/// Writes files so a reader never sees half of one: write a temporary file in the same
/// folder, then rename it over the target (DESIGN.md §8: no lost output).
public enum AtomicFile {
    /// Writes `text` as UTF-8 to `path` atomically.
    ///
    /// - Throws: the file system's error when the folder is missing or not writable.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path` atomically.
    ///
    /// - Throws: the file system's error when the folder is missing or not writable.
    public static func write(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
