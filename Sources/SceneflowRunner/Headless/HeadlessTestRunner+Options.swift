import Foundation
import SceneflowCore
import SceneflowLua

extension HeadlessTestRunner {
    /// Options for a run.
    public struct Options: Sendable {
        /// A prototype folder used for scripts that do not name one with `prototype "…"`.
        public var prototype: String?
        /// When set, the frames each script passes through are written here as PNG files,
        /// one sub-folder per script, with a `summary.txt`.
        public var framesDirectory: String?
        /// When set, a failing test leaves its frame (PNG), element tree and last 50 timeline
        /// events here (see `FailureArtifacts`).
        public var reportDirectory: String?
        /// Which tests run (`--filter`, `--filter-invert`, `--tag`, `--tag-invert`,
        /// `--last-failed`); the others are left out of the run, with no outcome.
        public var selection = TestSelection()
        /// `--filter`: see `TestSelection.filter`.
        public var filter: String? {
            get { selection.filter }
            set { selection.filter = newValue }
        }
        /// Refuse a file that declares a test with `only()` (`--forbid-only`, on under CI):
        /// it fails to load, with one problem per `only()` naming its line.
        public var forbidOnly = false
        /// Load each file and report the tests that would run, in run order, without running
        /// any (`--list`): each outcome is *skipped*, its `skipReason` nil for a test that
        /// would run and the reason for one `skip()` or `only()` leaves out.
        public var listOnly = false
        /// Lua limits; `testWallSeconds` is the per-test watchdog (`--timeout`).
        public var limits: LuaLimits
        /// When screenshot and tree baselines are written.
        public var baselineMode: BaselineMode
        /// When true, each `ScriptFileResult` carries its script's timeline (for
        /// `--timeline`/`--csv` through `TimelineExport`).
        public var recordsTimeline = false
        /// The most timeline events (and transitions) one test keeps; later ones are counted
        /// in one `left_out` event (`Timeline.eventLimit`).
        public var timelineEventsPerTest = Timeline.eventsPerTest
        /// The most timeline events (transitions and their frames included) the file's
        /// timeline keeps across its tests (`TimelineBudget`; the runner applies it again
        /// across files).
        public var timelineEventsPerRun = TimelineBudget.eventsPerRun
        /// What scripts read with `param("key")` (`--param`, `--param-env`).
        public var parameters: [String: String] = [:]
        /// Where screenshot failures and captures go: `reportDirectory`, else
        /// `sceneflow-report` in the working directory.
        public var visualDirectory: String { reportDirectory ?? "sceneflow-report" }
        /// With `framesDirectory`: render and hash the frames (`hashes.txt`) but write no PNG
        /// files, for the determinism soak (`Scripts/soak.sh`), ~10x faster than PNG encoding.
        public var framesHashOnly = false
        /// Run each file's tests last to first (`--reverse`): verdicts must not change, since
        /// each test gets a freshly loaded script and prototype.
        public var reverseOrder = false
        /// The number of tests, in run order, to leave out entirely (no outcome): a `--jobs`
        /// worker restarted after the one before it was stopped goes on after that test.
        public var skipFirst = 0
        /// Run only the file's after_all hooks (after its before_all hooks, for their globals),
        /// as after the last test that would run: a `--jobs` worker restarted for a file whose
        /// last test ended the worker before them. Their failure is the file's only outcome
        /// (the `(after_all)` entry); the tests have none.
        public var afterAllOnly = false
        /// The test before `skipFirst` in run order (with `afterAllOnly`: the last test that
        /// would run) ended its worker process before its after_each hooks: a fresh load runs
        /// them first, and `onAfterEach` gets what they did (a `--jobs` worker restarted after
        /// that test).
        public var afterEachFirst = false
        /// With `afterEachFirst`: how many of those hooks are left out (the worker before was
        /// stopped inside hook number `afterEachSkip`; red-team 33 C1).
        public var afterEachSkip = 0
        /// With `afterAllOnly`: how many after_all hooks are left out (the worker before was
        /// stopped inside hook number `afterAllSkip`; red-team 33 C1).
        public var afterAllSkip = 0
        /// With `afterAllOnly`: the last test's worker was stopped in the file's before_all
        /// hooks, so they are left out (they would be stopped again and after_all never run).
        public var afterAllWithoutBeforeAll = false
        /// With `afterAllOnly`: the last test failed in before_all already, so before_all
        /// failing again in the load for the after_all hooks is no news for their entry.
        public var afterAllBeforeAllFailedInTests = false
        /// For a run resumed after an earlier worker was stopped in the file: the digest of what
        /// the file's first load declared (`ScriptDeclarations.digest`). This run's own first
        /// load is one more fresh load, and fails as a load problem saying so when it declares
        /// other tests or hooks, as a later test's load does (red-team 40 W1).
        public var expectedDigest: [UInt8]?
        /// When a test's frames are kept as an MP4 video (`--video`), in
        /// `<visualDirectory>/videos/<script>/`.
        public var videoMode = VideoMode.off
        /// Creates options.
        public init(
            prototype: String? = nil, framesDirectory: String? = nil, reportDirectory: String? = nil,
            filter: String? = nil, limits: LuaLimits = .standard,
            baselineMode: BaselineMode = .fromEnvironment()
        ) {
            self.baselineMode = baselineMode
            self.prototype = prototype
            self.framesDirectory = framesDirectory
            self.reportDirectory = reportDirectory
            self.selection = TestSelection(filter: filter)
            self.limits = limits
        }
    }
}
