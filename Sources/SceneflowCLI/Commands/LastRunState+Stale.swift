import Foundation
import SceneflowCore
import SceneflowRunner

/// A last-run state that a run could not replace (a full disk, a read-only cache folder) must
/// never be used as if it were current: after a failing run it may say "nothing failed", and
/// `--last-failed` would then end green having run nothing. When the new state cannot be
/// written, the older one is removed; when it cannot be removed, it is emptied in place; when
/// neither works (a read-only file system), a marker in the temporary folder says it is out of
/// date; `load` then reports the state as unusable, and `--last-failed` runs every test.
extension LastRunState {
    /// What became of the older state when the new one could not be written.
    enum StaleHandling: Equatable {
        /// There was no older state: nothing can be misread.
        case nothingOlder
        /// The older state file was removed.
        case removed
        /// The older state file could not be removed and was emptied in place.
        case emptied
        /// The older state could be neither removed nor emptied: a marker in the temporary
        /// folder (`marker`) records that it is out of date.
        case marked(marker: String)
        /// Nothing worked: the older state stays and looks current (`reason`: the last
        /// operating-system reason).
        case failed(reason: String)
    }

    /// Saves the state (`write`); when that fails, makes sure the state it should have
    /// replaced is not used as current (`invalidateOlder`). `complete` says the run took every
    /// test of its paths (no `--shard`, `--filter`, `--tag` or `--last-failed` narrowing): only
    /// such a run clears the out-of-date marker, since a part of the suite cannot vouch for
    /// what the run that could not save found in the rest (one shard's lost failures stay
    /// lost to a state another shard saves).
    /// A saved state then prunes the cache folder to its newest `keptStates` states (`prune`).
    /// - Returns: nil when the state was saved, else why not and what became of the older one.
    func save(environment: [String: String], complete: Bool) -> (reason: String, older: StaleHandling)? {
        do {
            try write(environment: environment)
            if complete, let marker = Self.staleMarker(inputs: paths, environment: environment) { unlink(marker) }
            if let path = Self.path(inputs: paths, environment: environment) {
                Self.prune(
                    folder: (path as NSString).deletingLastPathComponent, keeping: PathText.lastComponent(of: path))
            }
            return nil
        } catch {
            // The reason alone, in plain words (the cache folder's path is the user's, not the
            // run's): never Foundation's "Error Domain=NSCocoaErrorDomain Code=512".
            let reason = (error as? InputError)?.message ?? plainReason(error)
            return (reason, Self.invalidateOlder(inputs: paths, startedAt: startedAt, environment: environment))
        }
    }

    /// Makes the saved state of `inputs` unusable after a run started at `startedAt` (ISO 8601)
    /// could not replace it: removes it, else empties it, else relies on the stale marker,
    /// which is written in every case (best effort), so that a state a later partial run saves
    /// is not taken as current either.
    static func invalidateOlder(inputs: [String], startedAt: String, environment: [String: String]) -> StaleHandling {
        var markerFailure: String?
        var marked: String?
        if let marker = staleMarker(inputs: inputs, environment: environment) {
            // Made even where nothing can be written (a full disk with inodes left, `ulimit -f
            // 0`): its being there is what counts; the time in it only names the run.
            let fd = open(marker, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                _ = try? OutputTarget.writeAll(Data((startedAt + "\n").utf8), to: fd, path: marker)
                close(fd)
                marked = marker
            } else {
                markerFailure = String(cString: strerror(errno))
            }
        }
        guard let path = path(inputs: inputs, environment: environment) else { return .nothingOlder }
        var info = stat()
        guard lstat(path, &info) == 0 else { return .nothingOlder }
        if info.st_mode & S_IFMT != S_IFDIR, unlink(path) == 0 { return .removed }
        if info.st_mode & S_IFMT == S_IFREG {
            let fd = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                close(fd)
                return .emptied
            }
        }
        let reason = String(cString: strerror(errno))
        if let marked { return .marked(marker: marked) }
        return .failed(reason: markerFailure ?? reason)
    }

    /// The marker that says the saved state of `inputs` is out of date: in the temporary
    /// folder (`$TMPDIR`, else `/tmp`), named by the user and the state file's hash, holding
    /// when the run that could not replace the state started.
    static func staleMarker(inputs: [String], environment: [String: String]) -> String? {
        guard let state = path(inputs: inputs, environment: environment) else { return nil }
        // The state's name without ".json" (dropped by hand: Foundation's `replacingOccurrences`
        // cost ~1 ms on its first call, on the path every run waits for before its first test).
        let file = PathText.lastComponent(of: state)
        let name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        var folder = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return PathText.join(folder, "sceneflow-\(getuid())-\(name).stale")
    }

    /// The run that could not replace the saved state of `inputs` ("the run started …", or "a
    /// run" when its marker is empty), or nil without a marker.
    static func staleSince(inputs: [String], environment: [String: String]) -> String? {
        guard let marker = staleMarker(inputs: inputs, environment: environment),
            let data = try? RegularFile.prefix(marker, count: 64)
        else { return nil }
        let text = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 }
        return plain ? "the run started \(text)" : "a run"
    }

    /// The warning (or error) a run prints when its state could not be saved: `reason`, and
    /// what became of the older state.
    static func saveFailureMessage(reason: String, older: StaleHandling, runFailed: Bool = false) -> String {
        let head = "sceneflow test: warning: could not save the run for --last-failed in the cache folder: \(reason)"
        if case .marked(let marker) = older, runFailed {
            return
                "sceneflow test: could not save the run for --last-failed in the cache folder: \(reason); the older state, which lacks this run's failures, is marked out of date only in \(marker): a --last-failed with another TMPDIR or user would use it as if current"
        }
        switch older {
        case .nothingOlder:
            return head
        case .removed:
            return head + "; the older state was removed, so the next --last-failed runs every test"
        case .emptied:
            return head + "; the older state was emptied, so the next --last-failed runs every test"
        case .marked(let marker):
            return head
                + "; the older state is marked out of date in \(marker), so the next --last-failed runs every test"
        case .failed(let why):
            return
                "sceneflow test: could not save the run for --last-failed in the cache folder: \(reason); the older state could not be removed or marked out of date either (\(why)): the next --last-failed would use it as if current"
        }
    }
}
