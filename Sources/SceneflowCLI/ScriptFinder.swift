import Foundation
import SceneflowCore

/// Expands script arguments: files as given, folders searched recursively for `*.lua`,
/// skipping `prototype.lua` files (prototypes kept beside the scripts), folders whose names
/// start with `_` or `.` (such as `__screenshots__`) and folders named `lib` (modules for
/// `require`, such as `lib/forms.lua`).
///
/// Each file is found once, however many arguments reach it (`DP ./DP/d.lua`, `DP DP`, a
/// symbolic link to a script beside it): files are told apart by their real path (links
/// resolved, `.` and `..` taken out) and the first spelling is kept (the file's own path
/// rather than a symbolic link's, which would read its relative `prototype` path from the
/// link's folder), so a script never runs
/// twice in one run, its artifact folder is written once and `merge-reports` takes the
/// shards' reports (as Playwright Test runs a file named twice once).
enum ScriptFinder {
    static func scripts(in inputs: [String]) -> [String] {
        var result: [String] = []
        var seen: [[UInt8]: Int] = [:]
        func add(_ path: String) {
            let real = realPath(path)
            guard let index = seen[real] else {
                seen[real] = result.count
                result.append(path)
                return
            }
            // The file itself beats a link to it, whichever sorts first: a script's relative
            // `prototype` path is read from its folder, and a link elsewhere made the run's
            // verdict depend on the link's name (red-team 18 A-F3).
            if isLink(result[index]) && !isLink(path) { result[index] = path }
        }
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                add(input)
                continue
            }
            let found = files(under: input)
                .filter {
                    $0.hasSuffix(".lua")
                        && !$0.split(separator: "/").dropLast().contains {
                            $0.hasPrefix("_") || $0.hasPrefix(".") || $0 == "lib"
                        }
                }
                .filter { ($0 as NSString).lastPathComponent != "prototype.lua" }  // a prototype, not a script
                .filter { !($0 as NSString).lastPathComponent.hasPrefix(".") }
                .sorted(by: byBytes)
            for relative in found { add((input as NSString).appendingPathComponent(relative)) }
        }
        return result
    }

    /// The first script path under the folders of `inputs` that two files share as shown: a
    /// name that is not valid UTF-8 is shown with its bad bytes as `\xff` (`PathText.shown`),
    /// and a file literally named `a\xffb.lua` beside `a<FF>b.lua` read as the same path, so
    /// one of them never ran and the run passed (red-team 19 F7). As a message, or nil.
    static func ambiguousNames(in inputs: [String]) -> String? {
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            // By bytes: Swift's `==` takes `café` composed and decomposed for one string.
            var seen: Set<[UInt8]> = []
            for relative in files(under: input) where relative.hasSuffix(".lua") {
                guard seen.insert(Array(relative.utf8)).inserted else {
                    let path = UnicodeText.spelledOut((input as NSString).appendingPathComponent(relative))
                    return
                        "two files read as \"\(path)\": one whose name is not valid UTF-8 (its bad bytes shown as \\xHH) and one named with that text; rename the first (Sceneflow takes UTF-8 file names)"
                }
            }
        }
        return nil
    }

    /// True when `path` itself (its last component) is a symbolic link.
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The first two of `scripts` whose paths a report shows alike (`ShownName.firstTwins`:
    /// `café.lua` composed and decomposed, `a b.lua` and `a  b.lua`, `a # b.lua` and
    /// `a ＃ b.lua` in TAP), as a one-line message naming both spelled out
    /// (`UnicodeText.spelledOut`); nil when every path reads differently (red-team 15 A3:
    /// the console and JUnit showed two such files as one, a PASS and a FAIL; 17 F1, F3).
    static func lookAlikePaths(_ scripts: [String]) -> String? {
        guard let twins = ShownName.firstTwins(scripts) else { return nil }
        let first = UnicodeText.spelledOut(scripts[twins.first])
        let second = UnicodeText.spelledOut(scripts[twins.second])
        let shown = twins.everywhere ? "" : ", which shows both as \"\(twins.shownAs)\""
        return "\"\(first)\" and \"\(second)\" look the same in \(twins.whereAlike)\(shown): rename one"
    }

    /// Every file and folder under `folder` (its path relative to `folder`), folders searched
    /// recursively but not through symbolic links, read as bytes: a name that is not valid
    /// UTF-8 is shown with its bad bytes as `\xff` (`PathText.shown(bytes:)`), so two such
    /// names stay two paths (FileManager's listing gave both one U+FFFD name).
    static func files(under folder: String) -> [String] {
        var found: [String] = []
        func walk(_ bytes: [UInt8], _ relative: String) {
            guard
                let directory = bytes.withUnsafeBufferPointer({ buffer -> OpaquePointer? in
                    buffer.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
                })
            else { return }
            defer { closedir(directory) }
            var entries: [(name: [UInt8], folder: Bool)] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix { $0 != 0 })
                }
                if name == [46] || name == [46, 46] { continue }
                var folder = entry.pointee.d_type == UInt8(DT_DIR)
                if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    let path = bytes.dropLast() + [47] + name + [0]
                    folder =
                        path.withUnsafeBufferPointer { buffer in
                            buffer.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) == 0 }
                        } && info.st_mode & S_IFMT == S_IFDIR
                }
                entries.append((name, folder))
            }
            for entry in entries {
                let shown = PathText.join(relative, PathText.shown(bytes: entry.name))
                found.append(shown)
                // Nothing under a folder the search leaves out is a script: not read at all.
                let skipped = entry.name.first == 46 || entry.name.first == 95 || entry.name == Array("lib".utf8)
                if entry.folder && !skipped { walk(bytes.dropLast() + [47] + entry.name + [0], shown) }
            }
        }
        walk(Array(folder.utf8) + [0], "")
        return found
    }

    /// The bytes of `realpath(3)` of `path`, or of the path as given when that fails: bytes,
    /// not a `String`, so two names with different invalid UTF-8 never count as one file.
    static func realPath(_ path: String) -> [UInt8] {
        guard let resolved = realpath(path, nil) else { return Array(path.utf8) }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map { UInt8(bitPattern: $0) }
    }

    /// Paths ordered by their UTF-8 bytes. Swift's own `<` treats canonically equivalent text
    /// as equal (`café` written precomposed or with a combining accent), so two such files kept
    /// the directory listing's order, which differs between machines, and a shard could miss
    /// one of them (red-team finding).
    static func byBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Shard `index` (1-based) of `count`: the files at positions index-1, index-1+count, …
    /// of the list sorted by path, so every file lands in exactly one shard and the split does
    /// not depend on the order of the arguments.
    static func shard(_ scripts: [String], index: Int, of count: Int) -> [String] {
        scripts.sorted(by: byBytes).enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// The shard (1-based) `shard(_:index:of:)` puts each of `scripts` in when split into
    /// `count`, keyed by the path's bytes: what `merge-reports` uses to tell a file of a
    /// missing shard from one a shard's selection left out.
    static func shardIndexes(_ scripts: [String], count: Int) -> [[UInt8]: Int] {
        var indexes: [[UInt8]: Int] = [:]
        for (offset, script) in scripts.sorted(by: byBytes).enumerated() {
            indexes[Array(script.utf8)] = offset % max(count, 1) + 1
        }
        return indexes
    }
}
