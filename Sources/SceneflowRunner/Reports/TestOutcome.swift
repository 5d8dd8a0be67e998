import SceneflowCore

/// The result of one `test(name, fn)` in a script, as every report (console, JUnit, TAP,
/// JSON, HTML) shows it. Codable: `--jobs` workers hand it to the parent process as JSON.
public struct TestOutcome: Codable, Sendable {
    /// The verdict.
    public enum Verdict: String, Codable, Sendable {
        /// The test function returned and logged no warning.
        case passed
        /// The test function returned but logged a warning with `log.warn`.
        case warned = "passed with warnings"
        /// An expectation failed, a gesture found no element, Lua raised an error or a limit
        /// was hit.
        case failed
        /// Not run: `skip(...)`, another test's `only(...)`, or `--filter`.
        case skipped
        /// Stopped by SIGINT or SIGTERM before it ended.
        case interrupted
        /// Passed, and wrote at least one missing baseline (record mode): a person should look
        /// at the new baseline before trusting it.
        case recorded
    }
    /// The test's name as the script gives it.
    public var name: String
    /// The script file.
    public var file: String
    /// The line of the `test(...)` call.
    public var line: Int
    /// The verdict.
    public var verdict: Verdict
    /// Why the test failed (file and line of the failing call).
    public var failure: Diagnostic?
    /// What kind of failure `failure` is: an expectation of the script API that did not hold,
    /// or an error (a Lua runtime error, a limit, an interruption); nil when the test did not
    /// fail. JUnit writes the first as `<failure>`, the second as `<error>`.
    public var failureKind: TestFailureKind?
    /// Why the test was skipped.
    public var skipReason: String?

    /// The skip reason of a test a stop signal (SIGINT, SIGTERM) kept from running.
    public static let interruptedSkipReason = "the run was interrupted"

    /// True for a test a stop signal kept from running (not the script's `skip()`, a filter
    /// or `--max-failures`): TAP shows it `not ok` and JUnit as an `<error>`, so no reader of an
    /// interrupted run's reports takes it for a passing run (red-team 18 A-F2: `prove` and
    /// tappy read PASS, junitparser no failure).
    public var notRunForInterruption: Bool { verdict == .skipped && skipReason == Self.interruptedSkipReason }
    /// Real time the test took, in seconds; nil when unknown (never a made-up 0).
    public var wallSeconds: Double?
    /// Virtual clock time the test took, in seconds.
    public var clockSeconds: Double
    /// Frames stepped during the test.
    public var frames: Int
    /// `log.*` and `print` entries.
    public var log: [TestLogEntry]
    /// Every gesture, wait and expectation call, in order.
    public var steps: [TestStepRecord]
    /// Files written for this test (failure frame, element tree, timeline), as paths from the
    /// working directory (the report folder as given, joined with `artifacts/…`).
    public var artifacts: [String]
    /// Screenshot, tree and capture checks, in order.
    public var visuals: [VisualRecord] = []
    /// The test's MP4 video (`--video`), as a path from the working directory; nil when no
    /// video was kept.
    public var video: String?
    /// Real seconds drawing and encoding the test's video took after the test ended (`--video`),
    /// apart from `wallSeconds`, which is the test's own time; nil without a video.
    public var videoSeconds: Double?
    /// `"after_all"` for the entry of a file's failed `after_all` hooks (named `(after_all)`,
    /// as Playwright reports an afterAll error on its own, not as the last test's failure); nil
    /// for a test.
    public var hook: String?
    /// The name of the entry for a file's failed `after_all` hooks.
    public static let afterAllName = ShownName.afterAllEntry

    /// Creates an outcome.
    public init(
        name: String, file: String, line: Int, verdict: Verdict, failure: Diagnostic? = nil,
        skipReason: String? = nil, wallSeconds: Double? = nil, clockSeconds: Double = 0, frames: Int = 0,
        log: [TestLogEntry] = [], steps: [TestStepRecord] = [], artifacts: [String] = []
    ) {
        self.name = name
        self.file = file
        self.line = line
        self.verdict = verdict
        self.failure = failure
        self.skipReason = skipReason
        self.wallSeconds = wallSeconds
        self.clockSeconds = clockSeconds
        self.frames = frames
        self.log = log
        self.steps = steps
        self.artifacts = artifacts
    }

    /// True when the test passed, with or without warnings, or recorded baselines.
    public var passed: Bool { verdict == .passed || verdict == .warned || verdict == .recorded }
    /// True when the verdict fails the run (exit 1): failed or interrupted. Each counts
    /// towards `--max-failures`, as a file that could not load does.
    public var failsTheRun: Bool { verdict == .failed || verdict == .interrupted }
    /// The `log.warn` entries.
    public var warnings: [TestLogEntry] { log.filter { $0.level == .warning } }
    /// The names of the `step(name, fn)` groups the test failed in, outermost first (empty
    /// when it failed outside any, or did not fail): every report names them with the failure.
    public var failedSteps: [String] { steps.filter { !$0.passed }.compactMap(\.group) }
    /// The failed `step(name, fn)` groups as paths, each outermost first: a failed group with
    /// the failed groups around it (the steps' depths say which holds which), for every failed
    /// group that holds no other. Groups that failed side by side are separate paths (red-team
    /// 33 D1: `step A` then `step B`, both failing, read as `"A" › "B"`, B inside A).
    public var failedStepPaths: [[String]] {
        var open: [(depth: Int, path: [String]?)] = []
        var paths: [[String]] = []
        for step in steps {
            while let last = open.last, last.depth >= step.depth { open.removeLast() }
            let around = open.last { $0.path != nil }?.path
            guard let group = step.group, !step.passed else {
                open.append((step.depth, nil))
                continue
            }
            let path = (around ?? []) + [group]
            // The path around it is no leaf any more.
            if let around, paths.last == around { paths.removeLast() }
            paths.append(path)
            open.append((step.depth, path))
        }
        return paths
    }

    /// The most failed-step paths and the most names of one path `failedStepsText` shows
    /// (the rest are counted): 3 000 sibling steps made a 65 KB JUnit message (red-team 33 D1).
    public static let failedStepPathsShown = 10

    /// `in step "outer" › "inner"` (`in steps "A", "B"` for groups that failed side by side,
    /// at most `failedStepPathsShown` of them, names cut to 100 characters), or nil when the
    /// failure is in no step group; `show` writes each name (the console escapes them).
    public func failedStepsText(_ show: (String) -> String = { $0 }) -> String? {
        let paths = failedStepPaths
        guard !paths.isEmpty else { return nil }
        let most = Self.failedStepPathsShown
        func name(_ text: String) -> String {
            "\"" + show(text.count > 100 ? String(text.prefix(100)) + "…" : text) + "\""
        }
        let shown = paths.prefix(most).map { path in
            var names = path.prefix(most).map(name)
            if path.count > most { names.append("… (\(path.count - most) more)") }
            return names.joined(separator: " › ")
        }
        var text = (paths.count == 1 ? "in step " : "in steps ") + shown.joined(separator: ", ")
        if paths.count > most { text += " and \(paths.count - most) more failed steps" }
        return text
    }

    /// `failedStepsText()` with the names as they are.
    public var failedStepsText: String? { failedStepsText() }

    /// `file:line: warning: message` for `warning` (`file: warning: message` without a line):
    /// as compilers write warnings and failures print `file:line: message`, so editors' and
    /// CI's problem matchers pick it up.
    public func located(_ warning: TestLogEntry) -> String {
        "\(TerminalText.path(file))\(warning.line.map { ":\($0)" } ?? ""): warning: \(warning.message)"
    }
}

/// The results of one script file: its tests, or the problems that stopped it from loading.
public struct ScriptFileResult: Codable, Sendable {
    /// The script file.
    public var file: String
    /// One outcome per declared test (skipped ones included).
    public var outcomes: [TestOutcome]
    /// Problems loading the script or its prototype (bad input, exit code 65).
    public var loadProblems: [Diagnostic]
    /// Real time for the whole file, loading included, in seconds; nil when unknown.
    public var wallSeconds: Double?
    /// The script's timeline (every test, on the virtual clock) when the runner's
    /// `recordsTimeline` option asked for it; for `TimelineExport`. Nil otherwise, which
    /// keeps JSON reports small.
    public var timeline: TimelineRun? = nil
    /// Why the file did not run at all, or nil when it ran (or failed to load): `"interrupted"`
    /// for a file whose turn had not come when SIGINT or SIGTERM stopped the run. Such a file
    /// has no outcomes (its tests were never read); reports list it once as
    /// `not run (interrupted)` and the summary counts it in `notRun`.
    public var notRun: String? = nil
    /// Files of the script's `--frames` folder that could not be written (`summary.txt`,
    /// `hashes.txt`), each as `PATH: REASON`; nil when all were. The run exits 70 and names
    /// them (red-team 11 R8: `--frames-hash-only` on a full disk lost hashes.txt with exit 0).
    public var writeProblems: [String]? = nil
    /// True for a file whose not running fails the run although no stop signal was the cause:
    /// `merge-reports` sets it on the files of a shard no report was given for (the merge exits
    /// 1). Nil otherwise; see `notRunFails`.
    public var notRunIsFailure: Bool? = nil

    /// Creates a result.
    public init(file: String, outcomes: [TestOutcome] = [], loadProblems: [Diagnostic] = [], wallSeconds: Double? = nil)
    {
        self.file = file
        self.outcomes = outcomes
        self.loadProblems = loadProblems
        self.wallSeconds = wallSeconds
    }

    /// A file that never ran because the run was interrupted before its turn.
    public static func notRun(_ file: String, reason: String = "interrupted") -> ScriptFileResult {
        var result = ScriptFileResult(file: file)
        result.notRun = reason
        return result
    }

    /// True for a file that loaded but none of whose tests the run took (`--filter`, `--tag`,
    /// `--last-failed` left them all out): reports leave such a file out.
    public var isLeftOut: Bool { outcomes.isEmpty && loadProblems.isEmpty && notRun == nil }

    /// `not run (interrupted)`, or nil for a file that ran.
    public var notRunText: String? { notRun.map { "not run (\($0))" } }

    /// True for a file a stop signal kept from running (or stopped while it loaded): TAP shows
    /// it `not ok`, JUnit its `(not run)` case as an `<error>` (see
    /// `TestOutcome.notRunForInterruption`).
    public var notRunForInterruption: Bool { notRun == "interrupted" }

    /// True for a file that never ran and so fails the run: a stop signal kept it from running
    /// (`notRunForInterruption`), or no report of its shard was merged (`notRunIsFailure`).
    /// TAP shows it `not ok`, JUnit its `(not run)` case as an `<error>`, so the reports read
    /// as the exit code does; a file `--max-failures` kept from running is skipped (the failure
    /// that stopped the run already fails it).
    public var notRunFails: Bool { notRunForInterruption || notRunIsFailure == true }
}

/// Counts over a whole run, for the closing line `N passed, N failed[, N skipped]`.
public struct RunSummary: Codable, Sendable, Equatable {
    /// Tests that passed (with or without warnings).
    public var passed = 0
    /// Of those, the ones that passed with warnings.
    public var warned = 0
    /// Tests that failed, plus one per script file that could not load.
    public var failed = 0
    /// Tests not run.
    public var skipped = 0
    /// Tests stopped by a signal.
    public var interrupted = 0
    /// Script files that could not load (exit code 65).
    public var loadFailures = 0
    /// Tests that recorded a baseline (counted apart from `passed`).
    public var recorded = 0
    /// Script files that never ran (the run was interrupted before their turn); their tests
    /// are unknown, so they are counted as files, apart from the tests.
    public var notRun = 0

    private enum CodingKeys: String, CodingKey {
        case passed, warned, failed, skipped, interrupted, loadFailures, recorded, notRun
    }

    /// Reads a summary; `notRun` may be missing (reports written before it existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        passed = try c.decode(Int.self, forKey: .passed)
        warned = try c.decode(Int.self, forKey: .warned)
        failed = try c.decode(Int.self, forKey: .failed)
        skipped = try c.decode(Int.self, forKey: .skipped)
        interrupted = try c.decode(Int.self, forKey: .interrupted)
        loadFailures = try c.decode(Int.self, forKey: .loadFailures)
        recorded = try c.decode(Int.self, forKey: .recorded)
        notRun = try c.decodeIfPresent(Int.self, forKey: .notRun) ?? 0
    }

    /// Sums `results`.
    public init(_ results: [ScriptFileResult]) {
        for result in results {
            if result.notRun != nil { notRun += 1 }
            if !result.loadProblems.isEmpty {
                loadFailures += 1
                failed += 1
            }
            for outcome in result.outcomes {
                switch outcome.verdict {
                case .passed: passed += 1
                case .warned:
                    passed += 1
                    warned += 1
                case .failed: failed += 1
                case .skipped: skipped += 1
                case .interrupted: interrupted += 1
                case .recorded: recorded += 1
                }
            }
        }
    }

    /// `3 passed, 1 failed` with `, 2 skipped`, `, 1 interrupted`, `, 1 recorded`,
    /// `, 2 files not run` and `(1 passed with warnings)` when there are any.
    public var line: String {
        var text = "\(passed) passed, \(failed) failed"
        if skipped > 0 { text += ", \(skipped) skipped" }
        if interrupted > 0 { text += ", \(interrupted) interrupted" }
        if recorded > 0 { text += ", \(recorded) recorded" }
        if notRun > 0 { text += ", \(counted(notRun, "file")) not run" }
        if warned > 0 { text += " (\(warned) passed with warnings)" }
        return text
    }
}
