import Foundation

/// The lines of a cache file, looked up without splitting them: the file's bytes are kept as
/// read and a line is found by comparing it with what follows each newline (`memchr`, `memcmp`). Splitting a
/// 1 MiB cache into a `Set<String>` cost every worker process ~15 ms at start, more than the
/// few lookups a script file makes (one per screenshot of its prototype).
struct CacheLineSet {
    /// The file's bytes with a newline before the first line, so every line is preceded by one.
    private let bytes: [UInt8]
    /// Lines added in this process after the file was read.
    private var added: Set<String> = []

    /// The lines of `data` (the cache file as read; an unfinished last line is ignored).
    init(_ data: Data = Data()) {
        var bytes = [UInt8](repeating: 10, count: 1)
        bytes.append(contentsOf: data)
        self.bytes = bytes
    }

    /// Whether `line` (without its newline) is one of the lines.
    func contains(_ line: String) -> Bool {
        if added.contains(line) { return true }
        let needle = Array((line + "\n").utf8)
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress else { return false }
                var offset = 0
                // Each newline but the last starts a line: compare the line that follows it.
                while offset + needle.count < haystack.count,
                    let newline = memchr(base + offset, 10, haystack.count - offset - needle.count)
                {
                    let start = base.distance(to: UnsafeRawPointer(newline)) + 1
                    if memcmp(base + start, needle.baseAddress!, needle.count) == 0 { return true }
                    offset = start
                }
                return false
            }
        }
    }

    /// Adds `line` for the rest of this process.
    mutating func insert(_ line: String) {
        added.insert(line)
    }
}
