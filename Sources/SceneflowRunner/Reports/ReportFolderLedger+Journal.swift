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
        guard let data = try? JSONEncoder().encode(entry) else { return }
        let line = data + Data([10])
        let path = ReportPath.join(folder, journalName)
        var fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(
                atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The entries of `folder`'s journal (a run's, still going or killed), at most 1 MiB of it.
    static func journalEntries(_ folder: String) -> [String] {
        guard let data = try? RegularFile.read(ReportPath.join(folder, journalName), limit: 1 << 20) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: 10).compactMap { try? decoder.decode(String.self, from: Data($0)) }
    }

    /// Removes `folder`'s journal (the ledger now lists what it named).
    static func removeJournal(_ folder: String) {
        unlink(ReportPath.join(folder, journalName))
    }
}
