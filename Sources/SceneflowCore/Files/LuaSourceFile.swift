import Foundation

/// The one reader of Lua source files: `prototype.lua`, scripts, the modules they `require`,
/// `sceneflow.lua`, and the re-reads of hot reload, `detect --write`, edit mode and the
/// output checks. A file over `maxBytes` is refused after `stat`, before a byte is read: a
/// 4 GB `prototype.lua` was read whole and copied (about three times its size in memory,
/// 12.6 GB) before any Lua limit could see it, and under a memory limit the failed allocation
/// trapped. Only regular files are read (`RegularFile`).
public enum LuaSourceFile {
    /// The largest Lua source file, bytes: 16 MiB. A hand-written prototype or script is a few
    /// KiB (the largest sample is under 20 KiB; a generated prototype of 10 000 elements is
    /// about 1 MiB), so this is far above any real file, while the copies a file's text needs
    /// (bytes, Swift string, Lua string, Lua's parser) stay far below Lua's 256 MiB memory cap.
    public static let maxBytes = 16 * 1024 * 1024

    /// The whole file at `path`.
    /// - Throws: `RegularFile.Problem`: missing, not a regular file, over `maxBytes`
    ///   (`.tooLarge`, see `sizeMessage`), unreadable, or not enough memory to hold it.
    public static func read(_ path: String) throws(RegularFile.Problem) -> Data {
        try RegularFile.read(path, limit: maxBytes)
    }

    /// The first `count` bytes of the file at `path` (a cheap look at a script's first lines).
    /// - Throws: `RegularFile.Problem` when it is missing, not a regular file or unreadable.
    public static func prefix(_ path: String, count: Int) throws(RegularFile.Problem) -> Data {
        try RegularFile.prefix(path, count: min(count, maxBytes))
    }

    /// The message for a file over the limit, naming it (`prototype.lua is 4294967296 bytes; a
    /// Lua source file is at most 16777216 bytes (16 MiB)`); nil for any other problem, which
    /// the caller words. `shown` names the file instead of its last path component (a module
    /// as `require` names it: `lib/big.lua`).
    public static func sizeMessage(_ problem: RegularFile.Problem, path: String, shown: String? = nil) -> String? {
        guard case .tooLarge(let bytes, _) = problem else { return nil }
        let name = shown ?? PathText.lastComponent(of: path)
        return "\(name) is \(bytes) bytes; a Lua source file is at most \(maxBytes) bytes (16 MiB)"
    }
}
