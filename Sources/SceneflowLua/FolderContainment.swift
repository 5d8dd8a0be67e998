import Foundation

/// Keeps file access inside a folder even through symbolic links: a prototype's images and a
/// script's modules must resolve, after following every link, to a file inside the folder
/// (itself resolved), so a link such as `home.png -> /etc/passwd` is refused (DESIGN.md §8).
enum FolderContainment {
    /// The resolved target of `path` when it lies outside `folder` once every symbolic link
    /// in both is followed; nil when it stays inside (or cannot be resolved, which the caller
    /// reports as a missing file).
    static func escape(of path: String, from folder: String) -> String? {
        guard let target = resolved(path), let root = resolved(folder) else { return nil }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return target.hasPrefix(prefix) ? nil : target
    }

    /// `path` made absolute with every symbolic link followed (POSIX `realpath`).
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
