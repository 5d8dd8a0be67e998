import Foundation
import SceneflowCore

/// The baselines written in this run, by every worker process of it, each with the check that
/// wrote it first, known by the file the path leads to (links followed). A baseline another
/// script (or an earlier worker of the same script) wrote in this run is only compared with,
/// never written again, as `ScreenshotChecker.writers` does within one script: red-team 42 B
/// F1, two scripts sharing one baseline through a link both "recorded" it with
/// `--update-baselines all`, the second over the first, and the next run failed one of them.
///
/// The runner names a fresh folder in `SCENEFLOW_RUN_BASELINES` for its workers; a claim is
/// a file there, made whole and then linked into place (`link` fails when another process
/// claimed first), so two workers never both win. Without that folder (a runner used as a
/// library) each file's claims are kept in memory, for that file's checks only.
public final class RecordedBaselines: @unchecked Sendable {
    /// Who claimed a baseline first: the script (as the run names it), the test and its index,
    /// and whether it wrote the file or passed against it (`--update-baselines changed`: a
    /// later check may then not rewrite it; red-team 43 B G1).
    public struct Writer: Sendable {
        /// The script file.
        public var script: String
        /// The test's name.
        public var name: String
        /// The test's index in its file (0-based).
        public var index: Int
        /// True when it wrote (recorded or rewrote) the baseline, false when it passed against it.
        public var wrote = true

        /// Whether `other` is the same test (whatever it did).
        func isTest(_ other: Writer) -> Bool {
            script == other.script && name == other.name && index == other.index
        }
    }

    /// The environment variable naming the run's claims folder.
    public static let environmentKey = "SCENEFLOW_RUN_BASELINES"
    /// The registry of this process's run, on the folder the environment names (nil in a
    /// process no runner started: each file's checker then keeps its own, in memory).
    public static let shared: RecordedBaselines? = ProcessInfo.processInfo.environment[environmentKey].flatMap {
        $0.isEmpty ? nil : RecordedBaselines(folder: $0)
    }

    /// The registry a file's checks use: the run's (`shared`), else a new one in memory.
    public static func forFile() -> RecordedBaselines { shared ?? RecordedBaselines(folder: nil) }

    private let folder: String?
    private let lock = NSLock()
    private var inMemory: [String: Writer] = [:]

    /// A registry keeping its claims in `folder` (nil: in this process only).
    public init(folder: String?) {
        self.folder = folder.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Claims the baseline at `path` for `writer`; returns nil when it is `writer`'s now (or
    /// was already), else the check that claimed it first in this run.
    public func claim(_ path: String, by writer: Writer) -> Writer? {
        let key = Self.key(path)
        lock.lock()
        defer { lock.unlock() }
        if let folder {
            let entry = PathText.join(folder, key)
            let scratch = entry + ".\(getpid()).\(UUID().uuidString.prefix(8))"
            let text = "\(writer.index)\n\(writer.wrote ? "wrote" : "passed")\n\(writer.script)\n\(writer.name)"
            if (try? Data(text.utf8).write(to: URL(fileURLWithPath: scratch))) != nil {
                defer { unlink(scratch) }
                if link(scratch, entry) == 0 { return nil }
            }
            guard let first = Self.read(entry) else { return nil }  // no claims folder: as before
            return Self.allows(first, writer) ? nil : first
        }
        if let first = inMemory[key] { return Self.allows(first, writer) ? nil : first }
        inMemory[key] = writer
        return nil
    }

    /// Runs `body` holding the run-wide lock of the baseline at `path` (an exclusive `flock` on
    /// `<claims folder>/<key>.lock`; without a claims folder, one process, `body` alone). A claim
    /// and the write it allows are one step for every other worker, as are a pass's claim and
    /// the look at who wrote: a check that finds another's claim finds its file written
    /// (`--jobs 2`, stop 44's CI: the loser of a claim compared with the old file before the
    /// winner's was in place). The kernel drops the lock of a worker that dies.
    public func exclusively<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        guard let folder else { return try body() }
        let descriptor = open(PathText.join(folder, Self.key(path) + ".lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }  // no claims folder: as `claim`
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    /// Whether `writer` may go on with a baseline `first` claimed: the same test, unless it
    /// passed against the file and `writer` would now write it (red-team 44 B H1: a second
    /// check of another screen in that test rewrote what its first check had passed).
    private static func allows(_ first: Writer, _ writer: Writer) -> Bool {
        first.isTest(writer) && (first.wrote || !writer.wrote)
    }

    /// The check that wrote the baseline at `path` in this run, when another than `writer`.
    public func writer(of path: String, except writer: Writer) -> Writer? {
        let key = Self.key(path)
        lock.lock()
        defer { lock.unlock() }
        guard let first = folder.map({ Self.read(PathText.join($0, key)) }) ?? inMemory[key] else { return nil }
        return first.isTest(writer) ? nil : first
    }

    private static func read(_ entry: String) -> Writer? {
        guard let data = try? RegularFile.read(entry, limit: 1 << 20) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(
            separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let index = Int(parts[0]) else { return nil }
        return Writer(script: String(parts[2]), name: String(parts[3]), index: index, wrote: parts[1] == "wrote")
    }

    /// The file `path` leads to (links and `..` resolved; for a file not there yet, or a link
    /// to one, where it would be), as a file name: 16 hex digits of its FNV-1a hash.
    static func key(_ path: String) -> String {
        let resolved = ResolvedPath.of(path)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in resolved.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(format: "%016llx", hash)
    }
}
