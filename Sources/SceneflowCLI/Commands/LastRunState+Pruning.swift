import Foundation

/// The cache folder keeps the states of the most recent sets of script paths only: every run
/// of a new set (a CI job's checkout, a test suite's temporary folders) saves one more state
/// file, and without a limit a machine's cache folder grew to thousands of them. As pytest's
/// cache is cleared by hand and Playwright's `.last-run.json` is one per output folder, a
/// state here is worth keeping only while its paths are still run: the oldest go first.
extension LastRunState {
    /// How many state files (`last-run-<hex>.json`) the cache folder keeps.
    static let keptStates = 256

    /// Removes the least recently saved state files of `folder` beyond `keptStates`, never
    /// `own` (the state this run saved) and never a file that is not named as a state or is not
    /// a regular file. A `--last-failed` run of removed paths finds no state and runs every
    /// test, so nothing failing is ever skipped. Best effort: what cannot be read or removed is
    /// left as it is.
    static func prune(folder: String, keeping own: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let states = names.filter(isStateName)
        guard states.count > keptStates else { return }
        var dated: [(name: String, modified: Double)] = []
        for name in states where name != own {
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            dated.append((name, Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9))
        }
        // Oldest first; the names break ties, so that the same folder always loses the same files.
        dated.sort { $0.modified != $1.modified ? $0.modified < $1.modified : $0.name < $1.name }
        for entry in dated.prefix(max(0, states.count - keptStates)) { unlink(folder + "/" + entry.name) }
    }

    /// True for the name of a state file: `last-run-`, hexadecimal digits, `.json`.
    static func isStateName(_ name: String) -> Bool {
        guard name.hasPrefix("last-run-"), name.hasSuffix(".json") else { return false }
        let digits = name.dropFirst("last-run-".count).dropLast(".json".count)
        return !digits.isEmpty && digits.allSatisfy(\.isHexDigit)
    }
}
