import Foundation

/// Keeps file access inside a folder even through symbolic links: a prototype's images, a
/// script's modules and a script's baselines (`__screenshots__`) must resolve, after following
/// every link, to a file inside the folder (itself resolved), so a link such as
/// `home.png -> /etc/passwd` is refused (DESIGN.md §8). The one place that decides it.
public enum FolderContainment {
    /// The resolved target of `path` when it lies outside `folder` once every symbolic link
    /// in both is followed; nil when it stays inside (or cannot be resolved, which the caller
    /// reports as a missing file).
    public static func escape(of path: String, from folder: String) -> String? {
        guard let target = resolved(path), let root = resolved(folder) else { return nil }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return target.hasPrefix(prefix) ? nil : target
    }

    /// For a file that is about to be read *or written* and may not exist yet (a baseline, a
    /// recorded baseline): where `path` leads when that is outside `folder`, following every
    /// symbolic link of the part of either path that exists; nil when it stays inside.
    /// A dangling link anywhere on the way counts as leading outside (writing through it
    /// would create its target, wherever that is): its target is returned as written in the
    /// link. Neither path needs to exist.
    public static func writeEscape(of path: String, from folder: String) -> String? {
        let root: String
        switch resolvedAllowingMissing(folder) {
        case .resolved(let path): root = path
        case .dangling(let target): return target
        }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        switch resolvedAllowingMissing(path) {
        case .resolved(let target): return target.hasPrefix(prefix) ? nil : target
        case .dangling(let target): return target
        }
    }

    /// `path` made absolute with every symbolic link followed (POSIX `realpath`).
    public static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private enum Resolution {
        /// Where the path leads, its missing tail appended as written.
        case resolved(String)
        /// A symbolic link on the way points at nothing: its target as written.
        case dangling(String)
    }

    /// `path` resolved as far as it exists: the longest existing start is resolved with
    /// `realpath` and the missing names are appended (they hold no links, being missing).
    private static func resolvedAllowingMissing(_ path: String) -> Resolution {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var names = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var missing: [String] = []
        while true {
            let existing = "/" + names.joined(separator: "/")
            var info = stat()
            if lstat(existing, &info) == 0 {
                if let real = resolved(existing) { return .resolved(appending(missing.reversed(), to: real)) }
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    return .dangling(linkTarget(existing) ?? existing)
                }
                // A part that exists but cannot be resolved (no permission): as written.
                return .resolved(appending(missing.reversed(), to: existing))
            }
            guard let last = names.popLast() else { return .resolved(absolute) }
            missing.append(last)
        }
    }

    /// `base` followed by the missing `names`, `.` and `..` among them taken as written (a
    /// creating write would take them so: `new/../../x` leaves the folder).
    private static func appending(_ names: [String], to base: String) -> String {
        var parts = base.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for name in names where name != "." {
            if name == ".." { _ = parts.popLast() } else { parts.append(name) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The target a symbolic link holds, as written in it (`readlink`).
    private static func linkTarget(_ link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink(link, &buffer, 4096)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
