import Foundation
import SceneflowCore

/// Where a run may write its own files in a report folder (failure artifacts, captures,
/// failure images): never over a person's file, never through a link.
extension ReportFolderLedger {
    /// Whether this process writes into report folders that `sceneflow test` keeps a ledger
    /// of (its `--jobs` workers set it): a file there that the ledger does not name is a
    /// person's. A runner used in-process (benchmarks, the test suite) keeps no ledger, so
    /// it writes over its own earlier files as before.
    nonisolated(unsafe) public static var keepsUnlistedFiles = false

    /// Why the report file `entry` (relative to the report folder `folder`, as
    /// `artifacts/walk/01-t/frame.png`) may not be written; nil when it may:
    /// - a folder on its way is a symbolic link (red-team 52 B F2: a link left in the report
    ///   folder led artifacts over a person's file outside it, and captures into a prototype's
    ///   folder, listed nowhere);
    /// - a file is already there that the folder's ledger does not list as a run's own, or that
    ///   changed since that run ended: a person's, "yours from then on" (52 B F1: it was
    ///   replaced without a word, then listed, so the next green run removed it). A file the last
    ///   run wrote and nobody changed is the run's to write again, as `--watch` rounds do.
    /// A file it may write is noted in the folder's journal first (`journal`), so a run killed
    /// before its end leaves it listed as a run's (red-team 54 B N3).
    public static func writeProblem(_ entry: String, in folder: String) -> String? {
        if let link = linkProblem(PathText.folder(of: entry), in: folder) { return link }
        guard keepsUnlistedFiles else { return nil }
        if let problem = unlistedProblem(entry, in: folder) { return problem }
        journal(entry, in: folder)
        return nil
    }

    /// `writeProblem`'s answer for a file at `entry` that is there and no run's own; nil when
    /// nothing is there or it is the last run's own file, unchanged since.
    static func unlistedProblem(_ entry: String, in folder: String) -> String? {
        var info = stat()
        guard lstat(ReportPath.join(folder, entry), &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFREG, read(folder).isRunsOwn(entry, modified: modified(info)) { return nil }
        return
            "a file is already there that no run wrote (a person's, or one left by a run killed before its end), or that changed since its run (yours from then on): it was kept, and nothing was written (remove it if it is not yours)"
    }

    /// Why a run may not write the page `name` (one of `ownedFiles`: `results.json`,
    /// `junit.xml`, `index.html`) at the top of the report folder `folder`; nil when it may:
    /// nothing is there, or the last run's own page that nobody changed since (its ledger
    /// lists it with the modification time it left). Asked before the run, as the pages are
    /// known then (red-team 53 B F1: a link left at `R/results.json` led the run's report into
    /// a person's file outside the folder; F3: a person's own `index.html` was replaced):
    /// - a symbolic link (a page is never written through one, nor is the link replaced);
    /// - a file the ledger does not list, or one changed since its run: a person's;
    /// - anything else that is not a file (a folder, a socket); a FIFO or a character device
    ///   is written into, as any output is (`OutputTarget`), and replaces nothing;
    /// - for a run of shard `I/N` (`shard`), the page of another shard `J/N` of the split: that
    ///   shard's results, for `merge-reports` (red-team 57 B L1: shards run one after another
    ///   into one folder lost all but the last one's results).
    /// The message names the path and what to do.
    public static func pageProblem(_ name: String, in folder: String, shard: (Int, Int)? = nil) -> String? {
        let path = ReportPath.join(folder, name)
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            return
                "\(path) is a symbolic link (to \(target)), and a report page is never written through one; remove the link, or give the report a folder of its own"
        case S_IFREG:
            let contents = read(folder)
            // A damaged list (`read`) names every file here as a run's, so its pages are not
            // refused for good.
            if contents.files.contains(name) {
                if let other = contents.shards?[name], isOtherShard(other, of: shard), let shard {
                    return
                        "\(path) holds the results of shard \(other), and this run is shard \(shard.0)/\(shard.1): give each shard a report folder of its own (merge-reports joins them), or remove the folder to start again"
                }
                if contents.isRunsOwn(name, modified: modified(info)) { return nil }
            }
            return
                "\(path) is a file no run wrote, or one changed since its run (the folder's list \(fileName) does not name it as a run's own: yours, or one a --json or --junit option wrote there): it is kept, and a run never replaces it; move it away, or give the report a folder of its own"
        case S_IFIFO, S_IFCHR:
            return nil  // a reader's pipe or a device: written into, as `--junit FIFO` is; nothing is replaced
        default:
            return
                "\(path) is not a file, where the run writes its page \(name); move it away, or give the report a folder of its own"
        }
    }

    /// Why nothing may be made or written in the folder `entry` of the report folder `folder`
    /// (`artifacts/walk/01-t`): one of its folders on the way is a symbolic link (checked before
    /// the folders are made, which would follow it). Nil when none is.
    public static func linkProblem(_ entry: String, in folder: String) -> String? {
        var path = folder.isEmpty ? "." : folder
        for part in entry.split(separator: "/") {
            path = ReportPath.join(path, String(part))
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }  // not made yet: nor the rest
            if info.st_mode & S_IFMT == S_IFLNK {
                return
                    "\(path) is a symbolic link, and a report file is never written through one; nothing was written (remove the link)"
            }
        }
        return nil
    }

    /// `path` (a file in the report folder `folder`, as `ReportPath.join` made it) relative to
    /// that folder; nil when it does not lie in it.
    public static func entry(of path: String, in folder: String) -> String? {
        if folder.isEmpty || folder == "." {
            return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
