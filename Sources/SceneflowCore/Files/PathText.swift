/// Path arithmetic on strings that works for every name a shell can pass. Foundation's
/// `NSString.deletingLastPathComponent` traps on one-character strings on Linux
/// (swift-corelibs-foundation: `sceneflow test --junit y` crashed with SIGILL), so code that
/// splits user paths uses these instead.
public enum PathText {
    /// The folder part of `path` as written: `"a/b.xml"` → `"a"`, `"b.xml"` → `""`,
    /// `"/b"` → `"/"`, `"a/b/"` → `"a"`. Trailing slashes are ignored, like `dirname(1)`
    /// except that a path without a folder gives `""` (the working directory).
    public static func folder(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path`: `"a/b.xml"` → `"b.xml"`, `"y"` → `"y"`, `"a/b/"` → `"b"`.
    public static func lastComponent(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return String(text) }
        let last = text[text.index(after: slash)...]
        return last.isEmpty ? "/" : String(last)
    }

    /// `path` with its last component's extension removed: `"a/b.xml"` → `"a/b"`,
    /// `"a/.hidden"` → `"a/.hidden"`, `"y"` → `"y"`.
    public static func deletingExtension(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        let start = text.lastIndex(of: "/").map { text.index(after: $0) } ?? text.startIndex
        guard let dot = text[start...].lastIndex(of: "."), dot != start else { return String(text) }
        return String(text[..<dot])
    }

    /// The extension of the last component without the dot (`"b.XML"` → `"XML"`), or `""`.
    public static func pathExtension(of path: String) -> String {
        let last = lastComponent(of: path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// `folder` joined with `name` by one slash (`""` folder: `name` alone).
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The longest file or folder name Linux and macOS file systems take, in bytes (`NAME_MAX`):
    /// a longer name fails with `ENAMETOOLONG` ("The file name is invalid").
    public static let nameMaxBytes = 255

    /// The longest start of `text` that is at most `bytes` UTF-8 bytes, cut between Unicode
    /// scalars (never inside a character's bytes): `prefix("aé", bytes: 2)` → `"a"`.
    public static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var used = 0
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            guard used + size <= bytes else { break }
            used += size
            kept.append(scalar)
        }
        return String(kept)
    }
}
