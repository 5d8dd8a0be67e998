import Foundation
import SceneflowCore
import SceneflowRunner

/// What `sceneflow test --last-failed` reruns: the tests of the previous runs of the same paths
/// that have not passed since, as Playwright Test's `.last-run.json` and pytest's `--lf` cache.
/// Kept in the cache folder (`$XDG_CACHE_HOME/sceneflow`, else `~/.cache/sceneflow`), one file
/// per set of script paths (`last-run-<hash of the absolute paths>.json`), so nothing is written
/// beside the scripts. Every run that runs tests (not `--list`) updates it, `--last-failed`
/// runs included: what it ran replaces what was known of those tests; what it did not take (the
/// files of another `--shard`, tests a `--filter` or `--last-failed` left out) keeps its entry,
/// as pytest's cache does, so shards of one suite share the state without losing each other's
/// failures.
///
/// A test is still to run when it failed, was interrupted, or did not run because
/// `--max-failures` / `-x` or a signal stopped the run; a file is rerun whole when it could not
/// load or never ran. So "stop at the first failure, fix, rerun the last failed" never ends
/// green while a test that was never run again fails (red-team finding P3).
struct LastRunState: Codable, Equatable {
    /// A file with tests still to run: the tests that failed, were interrupted or were not run
    /// because the run stopped, or nil when the file could not load or never ran (it is rerun
    /// whole).
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
    /// The files with tests still to run (this run's in run order, then the ones kept from
    /// earlier runs); empty when every test passed.
    var failed: [FailedFile]
    /// Real seconds each file took (absolute path → seconds), its tests' video encoding left
    /// out, so the next `--jobs` run can start the longest files first; missing in states
    /// written before it existed.
    var seconds: [String: Double]? = nil
    /// When each test was last decided (absolute path → test name → when that execution of it
    /// ended, seconds since 1970; the name "" for the file itself: loaded, or not), so that of
    /// two runs of one suite at once the latest execution of a test both ran decides it,
    /// whichever run saves last (red-team finding T4: the older run's pass, saved later,
    /// replaced the newer failure; T10: the run that started first but ran the test later lost
    /// its newer failure when the run's start decided). Missing in states written before it.
    var decidedAt: [String: [String: Double]]? = nil

    /// The state after a run of `inputs` with `results`, merged into `previous` (the state
    /// before it, or nil): `scheduled` are the files the run took (after `--shard` and
    /// `--last-failed`), and `vanished` per file (as the run names it) the tests
    /// `--last-failed` asked for that the file no longer declares (dropped: they cannot run
    /// again); `endedAt` per file (as the run names it) when each test's outcome came (seconds
    /// since 1970, "" for the file's end; a test missing there counts from `startedAt`).
    init(
        inputs: [String], results: [ScriptFileResult], startedAt: Date, previous: LastRunState? = nil,
        scheduled: [String] = [], vanished: [String: Set<String>] = [:], endedAt: [String: [String: Double]] = [:]
    ) {
        paths = Self.absolute(inputs)
        self.startedAt = Self.utcTimestamp(startedAt)
        let start = startedAt.timeIntervalSince1970
        var ran: [String: ScriptFileResult] = [:]
        for result in results { ran[Self.absolute([result.file])[0]] = result }
        let taken = Set(Self.absolute(scheduled))
        let vanished = Dictionary(
            vanished.map { (Self.absolute([$0.key])[0], $0.value) }, uniquingKeysWith: { $0.union($1) })
        // A run that started after this one decided these already (it saved first): its word
        // stands, in `previous`.
        let earlier = previous?.decidedAt ?? [:]
        var ended: [String: [String: Double]] = [:]
        for (file, times) in endedAt { ended[Self.absolute([file])[0], default: [:]].merge(times) { max($0, $1) } }
        /// When this run decided `test` of `file`: when its outcome came.
        func decided(_ file: String, _ test: String) -> Double { ended[file]?[test] ?? ended[file]?[""] ?? start }
        func newer(_ file: String, _ test: String) -> Bool {
            (earlier[file]?[test] ?? -.infinity) > decided(file, test)
        }
        var failed: [FailedFile] = []
        var index: [String: Int] = [:]
        for result in results {
            let file = Self.absolute([result.file])[0]
            guard var entry = Self.stillToRun(result, file: file) else { continue }
            if let tests = entry.tests {
                entry.tests = tests.filter { !newer(file, $0) }
                if entry.tests?.isEmpty == true { continue }
            } else if newer(file, "") {
                continue
            }
            index[file] = failed.count
            failed.append(entry)
        }
        // What this run did not take keeps its entry from the runs before.
        for entry in previous?.failed ?? [] {
            guard FileManager.default.fileExists(atPath: entry.file) else { continue }  // removed since
            guard let result = ran[entry.file], taken.contains(entry.file) else {
                if index[entry.file] == nil {
                    index[entry.file] = failed.count
                    failed.append(entry)
                }
                continue
            }
            // The file ran: its tests this run took are decided; the others keep their entry
            // (a whole-file entry is decided by the file having run), and so do those a newer
            // run decided.
            guard let names = entry.tests, result.notRun == nil, result.loadProblems.isEmpty else {
                if entry.tests == nil, newer(entry.file, ""), index[entry.file] == nil {
                    index[entry.file] = failed.count
                    failed.append(entry)
                }
                continue
            }
            // Names compared by their exact text ("caf\u{E9}" is not "cafe\u{301}"), as the
            // selection compares them (TestSelection.holdsExactly).
            let decided = Set(
                (result.outcomes.map(\.name).filter { !newer(entry.file, $0) } + (vanished[entry.file] ?? []))
                    .map { Array($0.utf8) })
            let kept = names.filter { !decided.contains(Array($0.utf8)) }
            guard !kept.isEmpty else { continue }
            if let at = index[entry.file] {
                if let tests = failed[at].tests {
                    let listed = Set(tests.map { Array($0.utf8) })
                    failed[at].tests = tests + kept.filter { !listed.contains(Array($0.utf8)) }
                }
            } else {
                index[entry.file] = failed.count
                failed.append(FailedFile(file: entry.file, tests: kept))
            }
        }
        self.failed = failed
        // What this run decided, where no newer run did; files removed since are forgotten.
        var decidedAt = earlier.filter { FileManager.default.fileExists(atPath: $0.key) }
        for result in results {
            let file = Self.absolute([result.file])[0]
            guard taken.isEmpty || taken.contains(file) else { continue }
            var times = decidedAt[file] ?? [:]
            for name in [""] + result.outcomes.filter({ $0.hook == nil }).map(\.name) where !newer(file, name) {
                times[name] = decided(file, name)
            }
            decidedAt[file] = times
        }
        self.decidedAt = decidedAt
        var seconds = previous?.seconds ?? [:]
        for result in results {
            // The file's own work: its tests' video encoding (--video, a choice of this run)
            // would make it look longer to a next run that records none.
            let video = result.outcomes.compactMap(\.videoSeconds).reduce(0, +)
            if let wall = result.wallSeconds, wall.isFinite {
                seconds[Self.absolute([result.file])[0]] = max(0, wall - video)
            }
        }
        self.seconds = seconds
    }

    /// What of `result` (the script `file`, absolute) a later `--last-failed` must run: nil for
    /// nothing (every test it took passed or was skipped by the script), the whole file when it
    /// could not load or never ran, else the tests that failed, were interrupted, or were not
    /// run because `--max-failures` or a signal stopped the run.
    static func stillToRun(_ result: ScriptFileResult, file: String) -> FailedFile? {
        if !result.loadProblems.isEmpty || result.notRun != nil { return FailedFile(file: file, tests: nil) }
        // A failed or interrupted after_all hook runs after whichever test runs last: rerun
        // the whole file (red-team finding 9-R11: an interrupted one was looked up as a test).
        if result.outcomes.contains(where: { $0.hook != nil && ($0.verdict == .failed || $0.verdict == .interrupted) })
        {
            return FailedFile(file: file, tests: nil)
        }
        let names = result.outcomes.filter { outcome in
            switch outcome.verdict {
            case .failed, .interrupted: true
            case .skipped: outcome.skipReason.map(isStopReason) ?? false
            case .passed, .warned, .recorded: false
            }
        }.map(\.name)
        return names.isEmpty ? nil : FailedFile(file: file, tests: names)
    }

    /// True for the skip reason of a test a stopped run did not reach (a signal: "the run was
    /// interrupted"; `--max-failures`: "not run: stopped after …").
    static func isStopReason(_ reason: String) -> Bool {
        reason == "the run was interrupted" || reason.hasPrefix("not run: ")
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
        if case .found(let state) = load(inputs: inputs, environment: environment) { return state }
        return nil
    }

    /// What the cache holds for a set of inputs.
    enum Loaded {
        /// No run of these inputs was recorded (or there is no cache folder).
        case missing
        /// The state file is there but is no state of these inputs: cut short by a killed
        /// writer or a partial cache restore, another schema, or another set of paths.
        case unreadable(path: String, reason: String)
        /// The state of the last run of these inputs.
        case found(LastRunState)
    }

    /// The state saved for `inputs`, telling a missing state from one that cannot be read
    /// (`--last-failed` then runs every test, never nothing: red-team finding P19).
    static func load(inputs: [String], environment: [String: String]) -> Loaded {
        guard let path = path(inputs: inputs, environment: environment) else { return .missing }
        // A run could not save its state (LastRunState+Stale): whatever is saved is out of
        // date until a run of every test saves one.
        if let since = staleSince(inputs: inputs, environment: environment) {
            return .unreadable(
                path: path, reason: "it is out of date: \(since) could not save its state")
        }
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        let data: Data
        do { data = try RegularFile.read(path, limit: RegularFile.cacheLimit) } catch {
            if case .tooLarge(let bytes, _) = error {
                return .unreadable(
                    path: path, reason: "it is \(bytes) bytes, over the limit of 64 MiB for a last-run state")
            }
            return .unreadable(path: path, reason: "it cannot be read as a file")
        }
        if data.isEmpty {
            return .unreadable(path: path, reason: "it is empty: a run that could not save its state emptied it")
        }
        let state: LastRunState
        do { state = try JSONDecoder().decode(LastRunState.self, from: data) } catch {
            return .unreadable(path: path, reason: "it is not a last-run state (damaged or cut short?)")
        }
        guard state.schema == "sceneflow-last-run/1" else {
            return .unreadable(path: path, reason: "its schema \"\(state.schema)\" is not sceneflow-last-run/1")
        }
        guard Set(state.paths) == Set(absolute(inputs)) else {
            return .unreadable(path: path, reason: "it records other paths")
        }
        return .found(state)
    }

    /// Saves the state for its paths (creating the cache folder). The state is always a regular
    /// file of the cache folder: a symbolic link, FIFO or device in its place is removed first,
    /// never written through (a link to a script of the run made the run replace the script
    /// with the state).
    /// - Throws: when the folder or file cannot be written.
    func write(environment: [String: String]) throws {
        guard let path = Self.path(inputs: paths, environment: environment) else {
            throw InputError(message: "neither XDG_CACHE_HOME nor HOME is set, so there is no cache folder")
        }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            unlink(path)
        }
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

    /// `date` as ISO 8601 in UTC to the second (`2026-12-01T13:45:14Z`, what
    /// `ISO8601DateFormatter` writes), by the C library's `gmtime_r` and `strftime`:
    /// Foundation's `ISO8601FormatStyle` looked up the local time zone in ICU's data files at
    /// the end of every run (~0.5 ms on the path the run waits for).
    static func utcTimestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        var text = [CChar](repeating: 0, count: 32)
        guard gmtime_r(&seconds, &parts) != nil, strftime(&text, text.count, "%Y-%m-%dT%H:%M:%SZ", &parts) > 0 else {
            return date.formatted(Date.ISO8601FormatStyle())
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `paths` as absolute, standardised paths (from the working directory).
    static func absolute(_ paths: [String]) -> [String] {
        let cwd = FileManager.default.currentDirectoryPath
        return paths.map { path in
            let full = path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
            return AbsolutePaths.shared.standardized(full)
        }
    }
}

/// Standardised absolute paths, worked out once per process: Foundation's `standardizingPath`
/// resolves symbolic links with a `readlink` per path component, and a run asks for each
/// script's path several times (loading the last run, the longest-first order, saving), ~4 %
/// of the runner's CPU for the sample suite, taken from the workers under `--jobs 2`.
final class AbsolutePaths: @unchecked Sendable {
    /// The one memo of the process.
    static let shared = AbsolutePaths()
    private let lock = NSLock()
    private var known: [String: String] = [:]

    /// `path` (absolute) standardised as `NSString.standardizingPath` does, from the memo when
    /// it was asked before. A link changed during the run keeps the answer from its first use.
    func standardized(_ path: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let answer = known[path] { return answer }
        let answer = (path as NSString).standardizingPath
        known[path] = answer
        return answer
    }
}
