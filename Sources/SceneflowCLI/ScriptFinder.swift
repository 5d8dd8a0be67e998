import Foundation

/// Expands script arguments: files as given, folders searched recursively for `*.lua`,
/// skipping `prototype.lua` files (prototypes kept beside the scripts), folders whose names
/// start with `_` or `.` (such as `__screenshots__`) and folders named `lib` (modules for
/// `require`, such as `lib/forms.lua`).
///
/// Each file is found once, however many arguments reach it (`DP ./DP/d.lua`, `DP DP`, a
/// symbolic link to a script beside it): files are told apart by their real path (links
/// resolved, `.` and `..` taken out) and the first spelling is kept, so a script never runs
/// twice in one run, its artifact folder is written once and `merge-reports` takes the
/// shards' reports (as Playwright Test runs a file named twice once).
enum ScriptFinder {
    static func scripts(in inputs: [String]) -> [String] {
        var result: [String] = []
        var seen: Set<[UInt8]> = []
        func add(_ path: String) {
            if seen.insert(realPath(path)).inserted { result.append(path) }
        }
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                add(input)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: input)?.allObjects as? [String] ?? [])
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
}
