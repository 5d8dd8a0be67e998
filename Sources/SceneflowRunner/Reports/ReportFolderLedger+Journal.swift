import Foundation
import SceneflowCore

/// The journal of a run still going: each report file a run may write (checked free, or the
/// last run's own) is noted in `DIR/.sceneflow-files.journal` before it is written, and the
/// ledger `finish` writes replaces the journal. A run killed before its end (`kill -9`) leaves
/// its journal: the next run reads its entries as a run's own files (`read`), writes them
/// again without a word and removes the ones it does not write (red-team 54 B N3: a killed
/// run's captures, unlisted, were "kept" as a person's on every later run, failing green tests
/// until the folder was deleted by hand).
extension ReportFolderLedger {
    /// The journal's name inside the report folder.
    public static let journalName = ".sceneflow-files.journal"

    /// Notes that this run is about to write `entry` (a path relative to `folder`): one line,
    /// the entry as a JSON string, appended (`O_APPEND`, so lines of `--jobs` workers never
    /// mix), never through a link. The folder is made when it is missing (its path was
    /// checked for links by `linkProblem`). A journal that cannot be written costs only the
    /// note: the file is then unlisted if the run is killed, as before journals.
    public static func journal(_ entry: String, in folder: String) {
        append(Line(entry: entry, modified: nil, run: RunProcess.current), in: folder)
    }

    /// Notes that this run wrote `entry`, with the modification time it left it with: after a
    /// kill, a file changed since is a person's, as the ledger's stamps say (red-team 55 B P1:
    /// an edit made after the kill was written over).
    public static func journalWritten(_ entry: String, in folder: String) {
        var info = stat()
        guard lstat(ReportPath.join(folder, entry), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        append(Line(entry: entry, modified: modified(info), run: RunProcess.current), in: folder)
    }

    /// `journalWritten` in the processes that journal their report files (`sceneflow test`'s
    /// workers: `keepsUnlistedFiles`); nothing elsewhere.
    public static func noteWritten(_ entry: String, in folder: String) {
        if keepsUnlistedFiles { journalWritten(entry, in: folder) }
    }

    /// One line of the journal: an entry about to be written, or written with its time, and
    /// the run that wrote the line (`RunProcess`; absent in journals of earlier versions).
    struct Line: Codable {
        var entry: String
        var modified: Double?
        var run: String?
    }

    /// Appends `line`: opened without waiting (a FIFO there is never opened for good:
    /// red-team 55 B H1 hung on one) and only when it is a regular file.
    private static func append(_ line: Line, in folder: String) {
        guard let data = try? JSONEncoder().encode(line) else { return }
        let bytes = data + Data([10])
        let path = ReportPath.join(folder, journalName)
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
        var fd = open(path, flags, 0o644)
        if fd < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(
                atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            fd = open(path, flags, 0o644)
        }
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The entries of `folder`'s journal (a run's, still going or killed), at most 1 MiB of it:
    /// each entry with the time it was left with when it was written, nil when it was not
    /// noted written (the kill came first); and those another run still going noted
    /// (`RunProcess.isOtherLiveRun`), which are that run's to write and keep, never removed as
    /// a killed run's (red-team 55 B C1). Only a regular file is read.
    static func journalEntries(_ folder: String) -> (entries: [String: Double?], othersRunning: Set<String>) {
        let path = ReportPath.join(folder, journalName)
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let data = try? RegularFile.read(path, limit: 1 << 20)
        else { return ([:], []) }
        let age = Date().timeIntervalSince1970 - modified(info)
        let decoder = JSONDecoder()
        var entries: [String: Double?] = [:]
        var othersRunning: Set<String> = []
        var live: [String: Bool] = [:]
        for part in data.split(separator: 10) {
            guard let line = try? decoder.decode(Line.self, from: Data(part)) else { continue }
            if let stamp = line.modified {
                entries[line.entry] = .some(stamp)
            } else if entries[line.entry] == nil {
                entries[line.entry] = .some(nil)
            }
            if let run = line.run {
                if live[run] == nil { live[run] = RunProcess.isOtherLiveRun(run, journalAge: age) }
                if live[run] == true { othersRunning.insert(line.entry) }
            }
        }
        return (entries, othersRunning)
    }

    /// Removes `folder`'s journal (the ledger now lists what it named), unless another run
    /// still going noted files in it: that run's list replaces it when it ends.
    static func removeJournal(_ folder: String) {
        guard journalEntries(folder).othersRunning.isEmpty else { return }
        unlink(ReportPath.join(folder, journalName))
    }
}
