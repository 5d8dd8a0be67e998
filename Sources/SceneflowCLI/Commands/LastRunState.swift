import Foundation
import SceneflowCore
import SceneflowRunner

/// What `sceneflow test --last-failed` reruns: the failed tests of the previous run of the
/// same paths, as Playwright Test's `.last-run.json`. Kept in the cache folder
/// (`$XDG_CACHE_HOME/sceneflow`, else `~/.cache/sceneflow`), one file per set of script paths
/// (`last-run-<hash of the absolute paths>.json`), so nothing is written beside the scripts.
/// Every run that runs tests (not `--list`) replaces it, `--last-failed` runs included.
struct LastRunState: Codable, Equatable {
    /// A file with failures: the tests that failed or were interrupted, or nil when the file
    /// could not load (it is rerun whole).
    struct FailedFile: Codable, Equatable {
        /// The script, as an absolute path.
        var file: String
        /// The failed tests' names; nil for the whole file.
        var tests: [String]?
    }

    /// Format name and version.
    var schema = "sceneflow-last-run/1"
    /// The run's script paths, absolute: what the state belongs to.
    var paths: [String]
    /// When the run started (ISO 8601, UTC).
    var startedAt: String
    /// The files with failures, in run order; empty when nothing failed.
    var failed: [FailedFile]
    /// Real seconds each file took (absolute path → seconds), so the next `--jobs` run can
    /// start the longest files first; missing in states written before it existed.
    var seconds: [String: Double]? = nil

    /// The state of a finished run of `inputs` with `results`.
    init(inputs: [String], results: [ScriptFileResult], startedAt: Date) {
        paths = Self.absolute(inputs)
        // FoundationEssentials' style writes what ISO8601DateFormatter does (2026-12-01T13:45:14Z)
        // without loading ICU's time zones at the end of every run.
        self.startedAt = startedAt.formatted(Date.ISO8601FormatStyle())
        failed = results.compactMap { result in
            let file = Self.absolute([result.file])[0]
            if !result.loadProblems.isEmpty { return FailedFile(file: file, tests: nil) }
            let failed = result.outcomes.filter { $0.verdict == .failed || $0.verdict == .interrupted }
            // A failed after_all hook runs after whichever test runs last: rerun the whole file.
            if failed.contains(where: { $0.hook != nil }) { return FailedFile(file: file, tests: nil) }
            let names = failed.map(\.name)
            return names.isEmpty ? nil : FailedFile(file: file, tests: names)
        }
        var seconds: [String: Double] = [:]
        for result in results {
            if let wall = result.wallSeconds, wall.isFinite { seconds[Self.absolute([result.file])[0]] = wall }
        }
        self.seconds = seconds
    }

    /// The cache folder: `$XDG_CACHE_HOME/sceneflow` when that is an absolute path (the XDG
    /// Base Directory rule), else `$HOME/.cache/sceneflow`; nil without either.
    static func folder(_ environment: [String: String]) -> String? {
        CacheFolder.path(environment)
    }

    /// The state file for `inputs`: one per set of absolute script paths (order does not matter).
    static func path(inputs: [String], environment: [String: String]) -> String? {
        guard let folder = folder(environment) else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in absolute(inputs).sorted().joined(separator: "\n").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return folder + "/last-run-" + String(hash, radix: 16) + ".json"
    }

    /// The state saved for `inputs`, or nil when no run of them was recorded (or the file is
    /// not such a state, or belongs to other paths).
    static func read(inputs: [String], environment: [String: String]) -> LastRunState? {
        guard let path = path(inputs: inputs, environment: environment),
            let data = FileManager.default.contents(atPath: path),
            let state = try? JSONDecoder().decode(LastRunState.self, from: data),
            state.schema == "sceneflow-last-run/1", Set(state.paths) == Set(absolute(inputs))
        else { return nil }
        return state
    }

    /// Saves the state for its paths (creating the cache folder).
    /// - Throws: when the folder or file cannot be written.
    func write(environment: [String: String]) throws {
        guard let path = Self.path(inputs: paths, environment: environment) else {
            throw InputError(message: "neither XDG_CACHE_HOME nor HOME is set, so there is no cache folder")
        }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: path)
    }

    /// Of `scripts` (as the run names them), the ones to rerun and, per file, the tests (a file
    /// that could not load is rerun whole, so it has no entry).
    func rerun(_ scripts: [String]) -> (scripts: [String], tests: [String: [String]]) {
        var byFile: [String: FailedFile] = [:]
        for entry in failed { byFile[entry.file] = entry }
        var chosen: [String] = []
        var tests: [String: [String]] = [:]
        for script in scripts {
            guard let entry = byFile[Self.absolute([script])[0]] else { continue }
            chosen.append(script)
            if let names = entry.tests { tests[script] = names }
        }
        return (chosen, tests)
    }

    /// `scripts` with the files that took longest last time first (the rest after them, in
    /// their order): with `--jobs`, a long file started last would keep one worker busy while
    /// the others wait (longest processing time first).
    func longestFirst(_ scripts: [String]) -> [String] {
        guard let seconds, !seconds.isEmpty else { return scripts }
        let known = scripts.enumerated().map { ($0.offset, $0.element, seconds[Self.absolute([$0.element])[0]]) }
        return known.sorted { a, b in
            switch (a.2, b.2) {
            case (let x?, let y?): return x != y ? x > y : a.0 < b.0
            case (nil, nil): return a.0 < b.0
            case (nil, _): return true  // unknown files first: they may be long
            case (_, nil): return false
            }
        }.map(\.1)
    }

    /// `paths` as absolute, standardised paths (from the working directory).
    static func absolute(_ paths: [String]) -> [String] {
        let cwd = FileManager.default.currentDirectoryPath
        return paths.map { path in
            let full = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
            return (full as NSString).standardizingPath
        }
    }
}
