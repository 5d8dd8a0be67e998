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
/// a file there, and every look at it (a claim, the write it allows, the question who wrote)
/// holds that baseline's lock (`flock` on `<key>.lock`), so a check that finds another's
/// claim finds its file written (red-team 45 B G3: a check compared with the old file while
/// the claimer was still writing, passed, and the next run failed). A claim stays "writing"
/// until its write is done: one found so under the lock has lost its writer (a worker killed
/// mid-write; 45 B G1: the other check was told the file was "recorded … from another
/// screen", never written), so it is taken over and the dead writer's temporary file
/// removed. Without that folder (a runner used as a library) each file's claims are kept in
/// memory, for that file's checks only.
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

    /// A claim as its file holds it: the writer, whether its write is still going (or its
    /// writer died in it), and the process that made it.
    struct Claim {
        var writer: Writer
        var writing: Bool
        var process: Int32
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

    /// Claims the baseline at `path` for `writer` and, when the claim is `writer`'s and it
    /// writes (`writer.wrote`), runs `write` before any other check can look. Returns nil when
    /// the baseline is `writer`'s (written), else the check that claimed it first in this run
    /// (nothing was written; the file it wrote is in place).
    ///
    /// - Throws: what `write` throws; the claim is then dropped, as nothing was written.
    public func claim(_ path: String, by writer: Writer, thenWrite write: () throws -> Void = {}) throws -> Writer? {
        let key = Self.key(path)
        return try exclusively(key) {
            guard let folder else {
                let first = inMemory[key]
                if let first, !Self.allows(first, writer) { return first }
                if first == nil { inMemory[key] = writer }
                do {
                    if writer.wrote { try write() }
                } catch {
                    if first == nil { inMemory[key] = nil }  // nothing was written
                    throw error
                }
                return nil
            }
            let entry = PathText.join(folder, key)
            let found = Self.read(entry)
            if let first = found, !first.writing {
                guard Self.allows(first.writer, writer) else { return first.writer }
                if writer.wrote { try write() }
                return nil
            }
            if let dead = found { Self.removeLeftovers(of: path, by: dead.process) }
            guard Self.save(Claim(writer: writer, writing: writer.wrote, process: getpid()), to: entry) else {
                if writer.wrote { try write() }  // no claims folder after all: as without one
                return nil
            }
            guard writer.wrote else { return nil }
            do {
                try write()
            } catch {
                unlink(entry)
                throw error
            }
            _ = Self.save(Claim(writer: writer, writing: false, process: getpid()), to: entry)
            return nil
        }
    }

    /// The check that wrote (or passed against) the file at `path` in this run, whichever
    /// test it was. Waits for a write in progress, so the file is the one it names.
    public func writer(of path: String) -> Writer? {
        let key = Self.key(path)
        return exclusively(key) {
            guard let folder else { return inMemory[key] }
            // A claim still "writing" under the lock lost its writer: nothing was written.
            guard let first = Self.read(PathText.join(folder, key)), !first.writing else { return nil }
            return first.writer
        }
    }

    /// Claims the file at `path` for `writer` when no check of this run claimed it yet;
    /// returns the one that did (whichever test), else nil: a file one test writes once in a
    /// run (a capture; red-team 47 A F1: after_each in a fresh worker wrote over the test's).
    public func claimOnce(_ path: String, by writer: Writer) -> Writer? {
        if let first = self.writer(of: path) { return first }
        return try? claim(path, by: writer)
    }

    /// Runs `body` holding the run-wide lock of the baseline whose key is `key` (an exclusive
    /// `flock` on `<claims folder>/<key>.lock`; in memory, this object's lock). The kernel
    /// drops the lock of a worker that dies.
    private func exclusively<T>(_ key: String, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let folder else { return try body() }
        let descriptor = open(PathText.join(folder, key + ".lock"), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }  // no claims folder: as without one
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

    /// Writes `claim` to `entry` whole (a scratch file renamed into place); false when it
    /// cannot be written.
    static func save(_ claim: Claim, to entry: String) -> Bool {
        let state = claim.writing ? "writing" : claim.writer.wrote ? "wrote" : "passed"
        let text = "\(claim.writer.index)\n\(state)\n\(claim.process)\n\(claim.writer.script)\n\(claim.writer.name)"
        let scratch = entry + ".\(getpid()).\(UUID().uuidString.prefix(8))"
        guard (try? Data(text.utf8).write(to: URL(fileURLWithPath: scratch))) != nil else { return false }
        guard rename(scratch, entry) == 0 else {
            unlink(scratch)
            return false
        }
        return true
    }

    private static func read(_ entry: String) -> Claim? {
        guard let data = try? RegularFile.read(entry, limit: 1 << 20) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(
            separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let index = Int(parts[0]), let process = Int32(parts[2]) else { return nil }
        let writer = Writer(
            script: String(parts[3]), name: String(parts[4]), index: index, wrote: parts[1] != "passed")
        return Claim(writer: writer, writing: parts[1] == "writing", process: process)
    }

    /// Removes the temporary files a writer process `process` left beside the baseline at
    /// `path` when it died before renaming one into place (`OutputTarget.temporaryPrefix`).
    private static func removeLeftovers(of path: String, by process: Int32) {
        let file = ResolvedPath.of(path)
        let folder = PathText.folder(of: file)
        let prefix = OutputTarget.temporaryPrefix(of: file, process: process)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") && name.utf8.count == prefix.utf8.count + 12 {
            unlink(PathText.join(folder, name))
        }
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
