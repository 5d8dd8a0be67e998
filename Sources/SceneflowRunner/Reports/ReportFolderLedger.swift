import Foundation
import SceneflowCore

/// The files Sceneflow wrote into a report folder (`--report DIR`, else `sceneflow-report`),
/// listed in `DIR/.sceneflow-files` so the next run into the same folder removes those it did
/// not write again once its own reports are written (`finish`): a green run never shows the
/// failure frame, capture or video of an earlier red one, and a run killed before its end
/// (`kill -9`) leaves the earlier run's reports and files as they were. Only files Sceneflow writes are ever removed: the ledger's entries must lie in the
/// folders and names Sceneflow owns there (`ownedFolders`, `ownedFiles`), reached without a
/// symbolic link, and be regular files; a file a person put there, before or between runs, is
/// never listed (what the folder held after the cleanup is noted first and left out of the
/// next ledger unless this run rewrote it). A folder written before ledgers existed keeps its
/// files until it is deleted once by hand.
public struct ReportFolderLedger {
    /// The ledger's name inside the report folder.
    public static let fileName = ".sceneflow-files"
    /// The subfolders of a report folder that only Sceneflow writes into.
    public static let ownedFolders = ["artifacts", "captures", "screenshots", "videos"]
    /// The files Sceneflow writes at the top of a report folder.
    public static let ownedFiles = ["index.html", "junit.xml", "results.json"]

    /// The report folder, as given.
    public let folder: String
    /// Files under the owned names at the start (relative path → modification time): the
    /// last run's, a person's, or an earlier Sceneflow's without a ledger; left out of this
    /// run's ledger unless this run changed them.
    private let before: [String: Double]
    /// The last ledger's entries to remove at `finish` unless this run wrote them again.
    private let stale: [String]
    /// The modification time the last run left each of its files with (ledgers since
    /// red-team 45 B G2): one changed since is a person's now, never removed.
    private let staleStamps: [String: Double]
    /// The last ledger's entries kept listed (not cleaning: `merge-reports`; or written by
    /// another shard of this run's split).
    private let leftOver: [String]
    /// The shard this run is (`I/N` of `--shard I/N`), nil for a whole suite: it tags the
    /// files the run writes, so a run of another shard of the same split keeps them.
    private var shard: String?
    /// The shards that wrote the last ledger's entries, for the entries kept listed.
    private var shardsBefore: [String: String] = [:]
    /// Whether this run writes the folder's pages (`ownedFiles`: `--report DIR`). Without it
    /// they are a person's (`--junit sceneflow-report/junit.xml` into the default capture
    /// folder): never listed, never removed (red-team 11 m9: the next run removed it).
    private var writesPages = true

    /// The ledger's JSON: the relative paths of the files the run wrote, the modification
    /// time (seconds since 1970) each had when the run ended (absent in older ledgers), and
    /// the shard (`I/N`) that wrote each one a sharded run wrote (absent otherwise).
    struct Contents: Codable {
        var schema = "sceneflow-report-files/1"
        var files: [String]
        var modified: [String: Double]?
        var shards: [String: String]?
        /// Whether the folder's list is there but could not be read (not JSON, a value of the
        /// wrong type anywhere, over its size limit, unreadable): then `files` is every file
        /// under the owned names, taken as an earlier run's (`read`). Never written.
        var damaged = false
        /// The entries another run still going noted in the folder's journal: written again
        /// over by this run if need be, but never removed by it, and kept listed (`read`).
        /// Never written.
        var othersRunning: Set<String> = []

        private enum CodingKeys: String, CodingKey { case schema, files, modified, shards }

        /// Whether `entry`, a file now left with modification time `modified`, is a run's own
        /// to write again: listed, and unchanged since its run (an entry with no time, from an
        /// older ledger or a journal that did not note it written, is taken as unchanged).
        func isRunsOwn(_ entry: String, modified time: Double) -> Bool {
            guard files.contains(entry) else { return false }
            guard let stamp = modified?[entry] else { return true }
            return stamp == time
        }
    }

    /// Starts a run into `folder`: notes what the folder holds and, with `cleaning`, which
    /// files of the last run's ledger `finish` removes. `merge-reports`, whose page links to
    /// the shards' files, does not clean.
    /// - Returns: the ledger to `finish`, and no warnings (kept for the callers' shape: removal
    ///   warnings come from `finish`).
    /// `writesPages`: the run writes `ownedFiles` there (`--report DIR`); else they are left
    /// alone. `shard`: the run's `(I, N)` of `--shard I/N`, nil for a whole suite; the files
    /// another shard `J/N` of the same split wrote are kept, so shards run one after another
    /// into one folder keep each other's evidence for `merge-reports` (red-team 57 B L1: the
    /// second shard removed the first one's captures, and the merged report named files that
    /// were gone). A run of the whole suite, or of another split, removes them.
    public static func start(
        _ folder: String, cleaning: Bool = true, writesPages: Bool = true, shard: (Int, Int)? = nil
    ) -> (ReportFolderLedger, [String]) {
        let contents = read(folder)
        var warnings: [String] = []
        if contents.damaged {
            warnings.append(
                "\(ReportPath.join(folder, fileName)) cannot be read (damaged, edited by hand, or not a file): the files under \(ownedFolders.joined(separator: "/, "))/ and the pages there are taken as an earlier run's, written over and removed unless this run writes them again; the list is written anew at the run's end (when it is a file)"
            )
        }
        let listed = contents.files.filter {
            ownedPath($0, in: folder) != nil && (writesPages || $0.contains("/"))
        }
        let tag = shard.map { "\($0.0)/\($0.1)" }
        let shards = contents.shards ?? [:]
        // Another shard's of this split, or noted by another run still going (red-team 55 B
        // C1: the run that ended first removed the fresh capture of a run still going).
        let others = Set(
            listed.filter { entry in
                contents.othersRunning.contains(entry) || (shards[entry].map { isOtherShard($0, of: shard) } ?? false)
            })
        var ledger = ReportFolderLedger(
            folder: folder, before: scan(folder), stale: cleaning ? listed.filter { !others.contains($0) } : [],
            staleStamps: contents.modified ?? [:], leftOver: cleaning ? others.sorted() : listed)
        ledger.writesPages = writesPages
        ledger.shard = tag
        ledger.shardsBefore = shards
        return (ledger, warnings)
    }

    /// Whether `tag` (`J/N`, as a ledger keeps it) names another shard of the split `shard`
    /// (`(I, N)`): same `N`, another `J`. False for a run of the whole suite (nil).
    static func isOtherShard(_ tag: String, of shard: (Int, Int)?) -> Bool {
        guard let shard, let other = ShardOfAReport.parse(tag) else { return false }
        return other.1 == shard.1 && other.0 != shard.0
    }

    /// Ends the run: removes the last run's files this run did not write again (then the
    /// folders they leave empty) and writes the ledger: every file under the owned names that
    /// this run wrote or changed, with the entries it could not remove (and, when not
    /// cleaning, the last ledger's). Nothing when the folder does not exist (the run wrote
    /// nothing there).
    /// - Returns: a warning for each listed file that could not be removed (it stays listed).
    /// - Throws: the ledger write's error (`AtomicFile`).
    @discardableResult
    public func finish() throws -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return []
        }
        // One step under the folder's lock: another run's file is never written between the
        // journal read here and the removals (red-team 63 B D1).
        return try Self.holdingLock(folder) { try finishLocked() }
    }

    /// `finish`, holding the folder's lock.
    private func finishLocked() throws -> [String] {
        var warnings: [String] = []
        var files = Set(leftOver)
        let written = Self.scan(folder)
        var emptied: Set<String> = []
        // The journal as it is now: another run still going may have noted files since this
        // run started (red-team 62 B C2: read only at the start, a file the other run noted
        // later was removed, or left listed nowhere).
        let (journaled, othersRunning) = Self.journalEntries(folder)
        for entry in stale {
            if othersRunning.contains(entry) { continue }
            // Written again by this run (new modification time): it is this run's now.
            guard let was = before[entry], written[entry] == was, let path = Self.ownedPath(entry, in: folder) else {
                continue
            }
            // Changed since the last run wrote it (a person edited it, or made it one of a
            // prototype's images): theirs now.
            if let stamp = staleStamps[entry], stamp != was { continue }
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) != 0 {
                warnings.append(
                    "could not remove \(path), written by the last run: \(String(cString: strerror(errno)))")
                files.insert(entry)
                continue
            }
            var parent = (entry as NSString).deletingLastPathComponent
            while !parent.isEmpty {
                emptied.insert(parent)
                parent = (parent as NSString).deletingLastPathComponent
            }
        }
        // Deepest first; rmdir removes only a folder left empty.
        for relative in emptied.sorted(by: { $0.count > $1.count }) {
            rmdir(ReportPath.join(folder, relative))
        }
        for (path, modified) in Self.scan(folder) where before[path] != modified {
            if writesPages || path.contains("/") { files.insert(path) }
        }
        // Every file a run noted in the journal, this one or another, that is there now and
        // unchanged since the run noted it written (or not yet noted written) is a run's:
        // listed, so the next run writes it again or removes it, never takes it for a person's.
        let now = Self.scan(folder)
        for (entry, stamp) in journaled where writesPages || entry.contains("/") {
            guard let time = now[entry], stamp == nil || stamp == time, Self.ownedPath(entry, in: folder) != nil
            else { continue }
            files.insert(entry)
        }
        // The list as it is now: another run that ended since this one started wrote it, and
        // this list replaces it: every file it names that is there, unchanged since, stays
        // named (red-team 62 B C2: that run's files were left listed nowhere).
        let current = Self.listedNow(folder)
        for (entry, stamp) in current.modified ?? [:] where writesPages || entry.contains("/") {
            guard !files.contains(entry), now[entry] == stamp, Self.ownedPath(entry, in: folder) != nil else {
                continue
            }
            files.insert(entry)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Each file keeps the shard that wrote it: this run's for what it wrote, the other
        // shards' for theirs, kept.
        var shards: [String: String] = [:]
        for entry in files {
            let theirs = shardsBefore[entry] ?? current.shards?[entry]
            if let tag = before[entry] == now[entry] ? theirs : shard { shards[entry] = tag }
        }
        let contents = Contents(
            files: files.sorted(), modified: now.filter { files.contains($0.key) },
            shards: shards.isEmpty ? nil : shards)
        let data = try encoder.encode(contents)
        let path = ReportPath.join(folder, Self.fileName)
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            // A folder, link, FIFO or device there is not the list: never written through or
            // replaced (red-team 59 B F3); each run takes the folder's files as a run's.
            warnings.append(
                "\(path) is not a file (a folder, a link or a FIFO): the list of this run's files was not written there; remove it"
            )
            return warnings
        }
        try AtomicFile.write(data + Data([10]), to: path)
        Self.removeJournal(folder)
        return warnings
    }

    /// The folder's list as it is on disk now (no journal, nothing when it cannot be read).
    static func listedNow(_ folder: String) -> Contents {
        let path = ReportPath.join(folder, fileName)
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let data = try? RegularFile.read(path, limit: RegularFile.cacheLimit),
            let decoded = try? JSONDecoder().decode(Contents.self, from: data)
        else { return Contents(files: []) }
        return decoded
    }

    /// `folder`'s ledger; an empty one when it has none. One that is there but cannot be read
    /// (red-team 58 B L2: one bad value dropped the whole list, and every later capture at a
    /// path it had named failed as "a person's" until the folder was deleted by hand) is
    /// `damaged` (so is anything there that is not a regular file: a folder, a link, a FIFO),
    /// and lists every file under the owned names with no time: the files of the
    /// runs that wrote the folder, which only Sceneflow writes into. The entries of its journal (`journalName`: a run still going, or one killed before its
    /// end) are a run's own too, unless changed since the journal noted them written.
    static func read(_ folder: String) -> Contents {
        var contents = Contents(files: [])
        let path = ReportPath.join(folder, fileName)
        var info = stat()
        if lstat(path, &info) == 0 {
            // Not a regular file (a folder, a link, even to a good list, a FIFO): damaged too
            // (red-team 59 B F3: every later capture failed as a person's file).
            if info.st_mode & S_IFMT == S_IFREG, let data = try? RegularFile.read(path, limit: RegularFile.cacheLimit),
                let decoded = try? JSONDecoder().decode(Contents.self, from: data)
            {
                contents = decoded
            } else {
                contents = Contents(files: scan(folder).keys.sorted())
                contents.damaged = true
            }
        }
        let (journaled, othersRunning) = journalEntries(folder)
        contents.othersRunning = othersRunning
        if !journaled.isEmpty {
            let listed = Set(contents.files)
            contents.files += Set(journaled.keys).subtracting(listed).sorted()
            // Noted written: changed since is a person's. Not noted written: taken as the run's.
            if contents.modified == nil { contents.modified = [:] }
            for (entry, stamp) in journaled { contents.modified?[entry] = stamp }
        }
        return contents
    }

    /// `entry` as a path inside `folder` when it names a file Sceneflow owns there (one of
    /// `ownedFiles`, or inside one of `ownedFolders`: no `..`, `.` or empty part, not
    /// absolute) and every folder on the way is a real folder, not a symbolic link; else nil.
    static func ownedPath(_ entry: String, in folder: String) -> String? {
        let parts = entry.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !entry.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            let first = parts.first
        else { return nil }
        if parts.count == 1 { return ownedFiles.contains(first) ? ReportPath.join(folder, entry) : nil }
        guard ownedFolders.contains(first) else { return nil }
        var path = folder.isEmpty ? "." : folder
        for part in parts.dropLast() {
            path = (path as NSString).appendingPathComponent(part)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        }
        return ReportPath.join(folder, entry)
    }

    /// A file's modification time (seconds since 1970) as the ledger keeps it: one formula
    /// for what `finish` writes and what `writeProblem` compares with it.
    static func modified(_ info: stat) -> Double {
        Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    /// The regular files under the owned names of `folder` (relative path → modification
    /// time), not following symbolic links.
    static func scan(_ folder: String) -> [String: Double] {
        var found: [String: Double] = [:]
        func visit(_ relative: String, depth: Int) {
            var info = stat()
            guard depth < 32, lstat(ReportPath.join(folder, relative), &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                found[relative] = modified(info)
            case S_IFDIR:
                let names =
                    (try? FileManager.default.contentsOfDirectory(atPath: ReportPath.join(folder, relative))) ?? []
                for name in names { visit(relative + "/" + name, depth: depth + 1) }
            default: break
            }
        }
        for name in ownedFolders + ownedFiles { visit(name, depth: 0) }
        return found
    }
}
