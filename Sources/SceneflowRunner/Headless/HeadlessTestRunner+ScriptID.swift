import Foundation
import SceneflowCore

/// Script ids: the folder names of a script's artifacts, frames and videos, and its JUnit
/// classname.
extension HeadlessTestRunner {
    /// A stable folder name for a script, unique per path: its path from the working directory
    /// with `/` as `-` and no extension (`Scripts/Notes/walk_flow.lua` → `Scripts-Notes-walk_flow`),
    /// used for report artifacts, frames, videos and the JUnit classname, as Playwright names its
    /// output folders after the test file's path.
    /// - Only the last folder is kept for a path outside the working directory (absolute or
    ///   through `..`), with a short hash of the whole path appended (`Notes-walk_flow-3fa2b1`):
    ///   `c/a/b.lua` and `d/a/b.lua` got one folder when only the last folder was kept, and the
    ///   second run overwrote the first's artifacts.
    /// - A script whose extension is not exactly `.lua` gets the hash too (`s.Lua` → `s-4be1c0`),
    ///   as it would otherwise share `s.lua`'s id.
    /// - A path whose names hold a `-` also gets the hash (`a-b-a89587`): joining with `-` alone
    ///   makes `a/b.lua` and `a-b.lua` one folder. So does a script in a folder whose own name is six
    ///   lowercase hex digits (`AB/a/b/327ae5.lua`), whose plain form would end like a hashed id
    ///   (`AB/a-b.lua` is `AB-a-b-327ae5`). Other paths keep the plain form, which can only
    ///   equal another plain form for the same path and never ends in `-` and six hex digits,
    ///   so a plain id never equals a hashed one; hashed ids differ by the hash of the whole
    ///   path.
    /// - A `]`, a `\\` or a control character (a line break) is written `_` and the hash
    ///   appended: a `]]` in an artifact's path ended its JUnit attachment there
    ///   (`JUnitReport`), and a line break split every console line and report that shows it.
    /// - An id longer than a file name may be (`PathText.nameMaxBytes`, 255 bytes: nine nested
    ///   folders of 30 characters reach it) keeps its start, cut on a character boundary, and
    ///   the hash of the whole path (`feature_1-feature_2-…-3fa2b1`): every write into a folder
    ///   named after the longer id failed with `ENAMETOOLONG`.
    public static func scriptID(_ file: String, workingDirectory: String = FileManager.default.currentDirectoryPath)
        -> String
    {
        let parts = inside(workingDirectory, file)
        let base = PathText.deletingExtension(of: PathText.lastComponent(of: file))
        // Only `.lua` goes unsaid: `s.Lua`, `s.bak` and `s` get the hash, so none shares `s.lua`'s
        // id (red-team 48 B K2: their artifacts replaced each other's).
        let otherExtension = PathText.lastComponent(of: file) != base + ".lua"
        let names: [String]
        let hashed: Bool
        if let parts, !parts.isEmpty {
            names = parts.dropLast() + [base]
            // A plain id never ends like a hashed one: a script named like a hash
            // (`AB/a/b/327ae5.lua`) would otherwise get the id of `AB/a-b.lua`.
            hashed =
                names.contains { $0.contains("-") } || (names.count > 1 && looksLikeHash(base)) || otherExtension
        } else {
            let parent = PathText.lastComponent(of: PathText.folder(of: file))
            names = parent.isEmpty || parent == "." || parent == "/" || parent == ".." ? [base] : [parent, base]
            hashed = true
        }
        // No `]` (as `_`, with the hash, so `a].lua` and `a_.lua` stay two folders): JUnit's
        // `[[ATTACHMENT|path]]` readers (GitLab, Jenkins) end a path at its first `]]`. No
        // control character either (a line break in a folder name splits every line that
        // shows it) and no `\` (an escaped invalid byte, `\xff`, in a path as shown).
        let bracketed = names.contains { $0.unicodeScalars.contains(where: Self.replacedInIDs) }
        let plain = names.map { name in
            String(String.UnicodeScalarView(name.unicodeScalars.map { Self.replacedInIDs($0) ? "_" : $0 }))
        }.joined(separator: "-")
        let id = hashed || bracketed ? plain + "-" + pathHash(file) : plain
        guard id.utf8.count > PathText.nameMaxBytes else { return id }
        let hash = "-" + pathHash(file)
        return PathText.prefix(plain, bytes: PathText.nameMaxBytes - hash.utf8.count) + hash
    }

    /// The names of `file`'s path from `folder` (`./` parts and doubled slashes dropped), or
    /// nil when the path leads outside it (through `..`, or absolute and not under it).
    static func inside(_ folder: String, _ file: String) -> [String]? {
        let parts = file.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.contains("..") else { return nil }
        guard file.hasPrefix("/") else { return parts }
        let root = folder.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !root.contains(".."), parts.count > root.count, Array(parts.prefix(root.count)) == root else {
            return nil
        }
        return Array(parts.dropFirst(root.count))
    }

    /// True for the characters an id writes as `_` (with the path's hash): `]`, `\\` and control
    /// characters (C0, DEL, C1, U+2028 and U+2029).
    static func replacedInIDs(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "]" || scalar == "\\" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// True when `name` could be the hash ending a hashed id (six lowercase hex digits).
    static func looksLikeHash(_ name: String) -> Bool {
        name.utf8.count == 6 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Six hex digits of FNV-1a over `file` as given, without `./` parts and doubled slashes,
    /// so `a-b.lua` and `./a-b.lua` share a hash and the folder names do not depend on where
    /// the checkout lives.
    static func pathHash(_ file: String) -> String {
        let parts = file.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let normal = (file.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
        var hash: UInt32 = 2_166_136_261
        for byte in normal.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 8 - hex.count) + hex).suffix(6))
    }
}
