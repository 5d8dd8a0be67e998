import Foundation
import SceneflowCore

/// Writes files so a reader never sees half of one: write a temporary file in the same
/// folder, then rename it over the target (DESIGN.md §8: no lost output). Every write and the
/// close are checked, so a full disk fails the write and keeps the old file; `-`, devices,
/// FIFOs and symbolic links follow `OutputTarget`'s rules (never renamed over).
public enum AtomicFile {
    /// Writes `text` as UTF-8 to `path` atomically.
    ///
    /// - Throws: the file system's error when the folder is missing or not writable.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path` atomically (see `OutputTarget.write`).
    ///
    /// - Throws: `OutputError` with the reason (the folder is missing or not writable, the
    ///   disk is full, the file is over `ulimit -f`).
    public static func write(_ data: Data, to path: String) throws {
        try OutputTarget.write(data, to: path)
    }
}

/// A file-system error in plain words: the operating system's reason ("No such file or
/// directory", "Not a directory") rather than Foundation's "The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)".
public func plainReason(_ error: any Error) -> String {
    if let output = error as? OutputError { return output.reason }
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
        if underlying.domain == NSPOSIXErrorDomain, let text = strerror(Int32(underlying.code)) {
            return String(cString: text)
        }
        return underlying.localizedDescription
    }
    if ns.domain == NSPOSIXErrorDomain, let text = strerror(Int32(ns.code)) { return String(cString: text) }
    if ns.domain == NSCocoaErrorDomain {
        switch ns.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "No such file or directory"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "Permission denied"
        case NSFileWriteOutOfSpaceError: return "No space left on device"
        case NSFileWriteVolumeReadOnlyError: return "Read-only file system"
        case NSFileWriteFileExistsError, NSFileWriteUnknownError:
            return "a file or a link is in the way, or the folder is read-only"
        default: break
        }
    }
    return ns.localizedDescription
}
