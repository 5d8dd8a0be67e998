import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// The option table of `sceneflow test`: what `--help`, the man page and the shell completions
/// are generated from.
extension TestCommand {
    static let arguments = [
        ArgumentSpec(
            name: "PATH", help: "Script files or folders of scripts (default: Scripts).", repeating: true,
            optional: true)
    ]
    static let options = [
        OptionSpec(name: "--prototype", valueName: "DIR", help: "Prototype for scripts that do not name one."),
        OptionSpec(
            name: "--junit", valueName: "FILE",
            help: "Write JUnit XML (one testsuite per script file; valid for Jenkins' xUnit schema).", output: .textFile
        ),
        OptionSpec(
            name: "--junit-extras", valueName: nil,
            help:
                "Add file, line and warning properties to JUnit testcases (GitLab, GitHub; not valid for Jenkins' xUnit)."
        ),
        OptionSpec(name: "--tap", valueName: nil, help: "Print TAP version 13 instead of the console report."),
        OptionSpec(
            name: "--json", valueName: "FILE", help: "Write every file, test, step and log entry as JSON.",
            output: .textFile),
        OptionSpec(
            name: "--report", valueName: "DIR",
            help: "Write results.json, junit.xml and per failure the frame, element tree and timeline.", output: .folder
        ),
        OptionSpec(
            name: "--list", valueName: nil,
            help: "List the tests the run would take (file:line: name) without running them."),
        OptionSpec(
            name: "--filter", valueName: "PATTERN",
            help: "Run only tests whose name contains PATTERN (or matches it as a glob); others are left out."),
        OptionSpec(
            name: "--filter-invert", valueName: "PATTERN",
            help: "Leave out tests whose name contains PATTERN (or matches it as a glob)."),
        OptionSpec(
            name: "--tag", valueName: "TAG",
            help: "Run only tests with this tag: test(name, {tags = {\"smoke\"}}, fn) (repeatable: any of them).",
            repeatable: true),
        OptionSpec(
            name: "--tag-invert", valueName: "TAG", help: "Leave out tests with this tag (repeatable).",
            repeatable: true),
        OptionSpec(
            name: "--last-failed", valueName: nil,
            help: "Run only the tests that failed in the previous run of these paths (kept in the cache folder)."),
        OptionSpec(
            name: "--max-failures", valueName: "N",
            help: "Stop after N failed tests; the rest are reported as not run (exit 1)."),
        OptionSpec(name: "-x", valueName: nil, help: "Stop after the first failed test (--max-failures 1)."),
        OptionSpec(
            name: "--forbid-only", valueName: nil,
            help: "Fail a file that declares only() (on when the environment variable CI is set, not false or 0)."),
        OptionSpec(
            name: "--timeout", valueName: "SECONDS",
            help: "Real-time watchdog per test for its Lua code (default 30)."),
        OptionSpec(
            name: "--clock-limit", valueName: "SECONDS",
            help: "Clock time a test may use (default 1800); test(name, {clock_limit = s}, fn) sets one test's."),
        OptionSpec(
            name: "--jobs", valueName: "N", help: "Run script files in N worker processes (same results as serial)."),
        OptionSpec(
            name: "--shard", valueName: "I/N",
            help: "Run only shard I of N (a stable split of the sorted script files)."),
        OptionSpec(
            name: "--pass-with-no-tests", valueName: nil,
            help:
                "Exit 0 when no test is selected (an empty shard, a --filter or --tag that matches none); else exit 1."),
        OptionSpec(
            name: "--frames", valueName: "DIR",
            help: "Write the frames each script passes through (PNG) and a summary.txt here.", output: .folder),
        OptionSpec(
            name: "--frames-hash-only", valueName: nil,
            help: "With --frames: write only hashes.txt (a hash per frame), no PNG files (for Scripts/soak.sh)."),
        OptionSpec(
            name: "--timeline", valueName: "FILE",
            help:
                "Write the timeline of every script (transitions, frames, lifecycle) as JSON (see 'sceneflow timing').",
            output: .textFile),
        OptionSpec(name: "--csv", valueName: "FILE", help: "Write one CSV row per transition.", output: .textFile),
        OptionSpec(
            name: "--update-baselines", valueName: "MODE",
            help:
                "Write baselines: changed (alone: rewrite those that differ, write missing), all, or missing (default: missing; none when CI is set).",
            choices: ["changed", "all", "missing"], valueOptional: true),
        OptionSpec(name: "--quiet", valueName: nil, help: "Show only failures, load problems and the closing line."),
        OptionSpec(name: "--verbose", valueName: nil, help: "Also show every step and log entry of every test."),
        OptionSpec(
            name: "--watch", valueName: nil,
            help: "Run, then rerun what a change affects (a script; all for a module or prototype) until Ctrl-C."),
        OptionSpec(
            name: "--reverse", valueName: nil,
            help: "Run each file's tests last to first (each test loads the script afresh: verdicts must not change)."),
        OptionSpec(
            name: "--video", valueName: "MODE",
            help:
                "Record each test as MP4 in <report>/videos: on, retain-on-failure (keep failed tests' only) or off (default).",
            choices: ["on", "retain-on-failure", "off"]),
        OptionSpec(
            name: "--worker", valueName: "PID",
            help: "(internal) Run as a test worker of runner PID (files on stdin, events on stdout)."),
        OptionSpec(
            name: "--param", valueName: "KEY=VALUE",
            help: "Give scripts a parameter, read with param(\"KEY\") (repeatable).", repeatable: true),
        OptionSpec(
            name: "--param-env", valueName: "NAME",
            help: "Give scripts the environment variable NAME as param(\"NAME\") when set (repeatable).",
            repeatable: true),
        helpOption,
    ]
}

/// Everything `sceneflow test` was asked for, passed on to workers as the same options.
struct TestSettings {
    /// The timeline events a run keeps across its tests (`TimelineBudget.eventsPerRun`), or
    /// fewer when `SCENEFLOW_RUN_TIMELINE_LIMIT` says so (for tests of the limit).
    static var timelineEventsPerRun: Int {
        ProcessInfo.processInfo.environment["SCENEFLOW_RUN_TIMELINE_LIMIT"].flatMap { Int($0) }
            .map { min(max($0, 0), TimelineBudget.eventsPerRun) } ?? TimelineBudget.eventsPerRun
    }

    var prototype: String?
    var junit: String?
    /// `--junit-extras`: JUnit testcases with `file`, `line` and properties (see `JUnitReport`).
    var junitExtras = false
    var tap = false
    var json: String?
    var report: String?
    /// `--filter`, `--filter-invert`, `--tag`, `--tag-invert` (`--last-failed` adds names per
    /// file, given to workers with each file: `WorkerRequest.tests`).
    var selection = TestSelection()
    /// `--list`: list the tests instead of running them (`TestListing`).
    var list = false
    /// `--last-failed`: run only the previous run's failed tests (`LastRunState`).
    var lastFailed = false
    /// `--max-failures N` / `-x`: stop the run after N failed tests.
    var maxFailures: Int?
    /// `--forbid-only`, or the environment variable `CI` set (not "false" or "0").
    var forbidOnly = false
    /// `--pass-with-no-tests`: a run that selects no test exits 0 instead of 1 (Playwright
    /// Test's option of that name; pytest exits 5 then).
    var passWithNoTests = false
    var frames: String?
    var framesHashOnly = false
    /// Run as the test worker of this runner process (`--worker PID`).
    var workerParent: Int32?
    /// Run each file's tests last to first (`--reverse`).
    var reverse = false
    /// Which tests keep an MP4 video (`--video`).
    var video = VideoMode.off
    var timeout: Double?
    /// `--clock-limit`: clock seconds a test may use (`LuaLimits.testTimeout`).
    var clockLimit: Double?
    /// Where `timeout` came from, as messages name it: `--timeout`, or `test.timeout in
    /// sceneflow.lua` when the project config gave it (`LuaLimits.testWallSecondsOrigin`).
    var timeoutOrigin = "--timeout"
    /// Where `clockLimit` came from: `--clock-limit` or `test.clock_limit in sceneflow.lua`.
    var clockLimitOrigin = "--clock-limit"
    var jobs = 1
    var shard: (Int, Int)?
    /// `--update-baselines [changed|all|missing]`; nil: missing ones, none under CI.
    var updateBaselines: BaselineMode?
    var timeline: String?
    var csv: String?
    /// `--param KEY=VALUE` and `--param-env NAME`, resolved: what `param("KEY")` returns.
    var parameters: [String: String] = [:]
    /// `--quiet` / `--verbose`.
    var detail = TestConsole.Detail.normal
    /// `--watch`: rerun on changes (`TestWatch`).
    var watch = false

    init() {}

    /// The settings `parsed` asks for; `environment` gives `CI` (the `--forbid-only` default)
    /// and the `--param-env` variables. A worker takes `--forbid-only` only as given, from its
    /// runner.
    /// - Throws: `UsageError` (exit 64) for a value out of range, naming the option.
    init(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) {
        prototype = parsed.value("--prototype")
        junit = parsed.value("--junit")
        junitExtras = parsed.flag("--junit-extras")
        tap = parsed.flag("--tap")
        json = parsed.value("--json")
        report = parsed.value("--report")
        // "" (often an unset shell variable) selects nothing in particular: bad usage, as an
        // empty path is (red-team finding p7: `--filter ""` ran every test).
        for option in ["--filter", "--filter-invert"] where parsed.value(option) == "" {
            throw UsageError(
                message: "\(option) is empty (\"\"); give a test name or a glob such as \(option) 'login*'")
        }
        selection = TestSelection(
            filter: parsed.value("--filter"), filterInvert: parsed.value("--filter-invert"),
            tags: try Self.tags(parsed.values("--tag"), option: "--tag"),
            tagsInvert: try Self.tags(parsed.values("--tag-invert"), option: "--tag-invert"))
        if parsed.flag("--quiet") && parsed.flag("--verbose") {
            throw UsageError(message: "--quiet and --verbose contradict each other; give one")
        }
        detail = parsed.flag("--quiet") ? .quiet : parsed.flag("--verbose") ? .verbose : .normal
        watch = parsed.flag("--watch")
        if watch && parsed.flag("--list") { throw UsageError(message: "--watch runs tests; it cannot go with --list") }
        list = parsed.flag("--list")
        lastFailed = parsed.flag("--last-failed")
        frames = parsed.value("--frames")
        framesHashOnly = parsed.flag("--frames-hash-only")
        reverse = parsed.flag("--reverse")
        if let text = parsed.value("--video") {
            guard let mode = VideoMode(rawValue: text) else {
                throw UsageError(message: "--video expects on, retain-on-failure or off, got \"\(text)\"")
            }
            video = mode
        }
        if let text = parsed.value("--worker") {
            guard let parent = Int32(text), parent > 0 else {
                throw UsageError(message: "--worker expects a process id")
            }
            workerParent = parent
        }
        forbidOnly = parsed.flag("--forbid-only") || (workerParent == nil && Self.isCI(environment))
        passWithNoTests = parsed.flag("--pass-with-no-tests")
        if let text = parsed.value("--max-failures") {
            guard let count = Int(text), count >= 1 else {
                throw UsageError(message: "--max-failures expects a whole number >= 1, got \"\(text)\"")
            }
            if parsed.flag("-x") && count != 1 {
                throw UsageError(message: "-x means --max-failures 1; give one of them")
            }
            maxFailures = count
        } else if parsed.flag("-x") {
            maxFailures = 1
        }
        if parsed.flag("--update-baselines") || parsed.value("--update-baselines") != nil {
            let text = parsed.value("--update-baselines") ?? "changed"
            guard ["changed", "all", "missing"].contains(text), let mode = BaselineMode(rawValue: text) else {
                throw UsageError(
                    message: "--update-baselines expects changed, all or missing (or nothing: changed), got \"\(text)\""
                )
            }
            updateBaselines = mode
        }
        timeline = parsed.value("--timeline")
        csv = parsed.value("--csv")
        parameters = try ScriptParameters.parse(
            params: parsed.values("--param"), environmentNames: parsed.values("--param-env"),
            environment: environment)
        if let text = parsed.value("--timeout") {
            guard let seconds = Double(text), seconds >= LuaLimits.minimumTestWallSeconds, seconds.isFinite else {
                throw UsageError(message: "--timeout expects a number of seconds >= 0.001 (1 ms), got \"\(text)\"")
            }
            timeout = seconds
        }
        if let text = parsed.value("--clock-limit") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "--clock-limit expects a number of seconds > 0, got \"\(text)\"")
            }
            clockLimit = seconds
        }
        if let text = parsed.value("--jobs") {
            guard let count = Int(text), count >= 1, count <= 64 else {
                throw UsageError(message: "--jobs expects a whole number from 1 to 64, got \"\(text)\"")
            }
            jobs = count
        }
        if let text = parsed.value("--shard") {
            guard let parsed = Self.shard(from: text) else {
                throw UsageError(
                    message:
                        "--shard expects I/N with 1 <= I <= N <= \(Self.maxShards), such as 1/4, got \"\(text)\"")
            }
            shard = parsed
        }
        if framesHashOnly && frames == nil {
            throw UsageError(
                message: "--frames-hash-only writes the frames' hashes into --frames DIR; give --frames DIR too")
        }
        if list, let outputs = listedOutputs() {
            throw UsageError(message: "--list runs nothing, so it writes no report; leave out \(outputs)")
        }
    }

    /// The options of `parsed` that ask `--list` for an output it never writes (a report, a
    /// timeline, frames, videos or baselines: red-team 28 F4 found all but the reports taken
    /// silently), as a message names them (`--timeline and --csv`); nil when there are none.
    private func listedOutputs() -> String? {
        let given: [(String, Bool)] = [
            ("--junit", junit != nil), ("--json", json != nil), ("--report", report != nil), ("--tap", tap),
            ("--timeline", timeline != nil), ("--csv", csv != nil), ("--frames", frames != nil),
            ("--video", video != .off), ("--update-baselines", updateBaselines != nil),
        ]
        let names = given.filter(\.1).map(\.0)
        guard let last = names.last else { return nil }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `(I, N)` of a `--shard I/N` value, or nil when it is not one (`1 <= I <= N <= maxShards`).
    static func shard(from text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
            index <= count, count <= maxShards
        else { return nil }
        return (index, count)
    }

    /// The most shards a suite is split into (`--shard I/N`): more machines than any CI matrix
    /// has; `merge-reports` refuses more too, so it never lists millions of missing shards.
    static let maxShards = 10_000

    /// True when the environment says the run is on CI: `CI` set to anything but "", "false"
    /// or "0" (as GitHub Actions, GitLab CI and most others set it; Playwright's rule).
    static func isCI(_ environment: [String: String]) -> Bool {
        let value = environment["CI"] ?? ""
        return !(value.isEmpty || value.lowercased() == "false" || value == "0")
    }

    /// Why a `--max-failures` stop left tests and files out: `stopped after 2 failures
    /// (--max-failures)`.
    static func maxFailuresReason(_ limit: Int) -> String {
        "stopped after \(counted(limit, "failure")) (--max-failures)"
    }

    /// `--tag` values: words of letters, digits and `- _ . @ : /`, as `test()` allows.
    private static func tags(_ values: [String], option: String) throws(UsageError) -> [String] {
        for value in values
        where value.isEmpty
            || !value.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.@:/".unicodeScalars.contains($0)
            })
        {
            throw UsageError(
                message:
                    "\(option) expects a tag (letters, digits and - _ . @ : /), such as \(option) smoke, got \"\(value)\""
            )
        }
        return values
    }

    var runnerOptions: HeadlessTestRunner.Options {
        var limits = LuaLimits.standard
        if let timeout {
            limits.testWallSeconds = timeout
            limits.testWallSecondsOrigin = timeoutOrigin
        }
        if let clockLimit {
            limits.testTimeout = clockLimit
            limits.testTimeoutOrigin = clockLimitOrigin
        }
        var options = HeadlessTestRunner.Options(
            prototype: prototype, framesDirectory: frames, reportDirectory: report, limits: limits,
            baselineMode: updateBaselines ?? .fromEnvironment())
        options.selection = selection
        options.forbidOnly = forbidOnly
        options.listOnly = list
        options.framesHashOnly = framesHashOnly
        options.reverseOrder = reverse
        options.videoMode = video
        options.recordsTimeline = timeline != nil || csv != nil
        options.parameters = parameters
        return options
    }

    /// The options a worker gets to run files as this run would (the timeline, written only
    /// by the runner, is asked for per file: `WorkerRequest.timeline`; `--last-failed`'s test
    /// names too: `WorkerRequest.tests`).
    var workerArguments: [String] {
        var args: [String] = []
        if let prototype { args += ["--prototype", prototype] }
        if let report { args += ["--report", report] }
        if let filter = selection.filter { args += ["--filter", filter] }
        if let filterInvert = selection.filterInvert { args += ["--filter-invert", filterInvert] }
        for tag in selection.tags { args += ["--tag", tag] }
        for tag in selection.tagsInvert { args += ["--tag-invert", tag] }
        if list { args.append("--list") }
        if forbidOnly { args.append("--forbid-only") }
        if let maxFailures { args += ["--max-failures", String(maxFailures)] }
        if let frames { args += ["--frames", frames] }
        if framesHashOnly { args.append("--frames-hash-only") }
        if let timeout { args += ["--timeout", String(timeout)] }
        if let clockLimit { args += ["--clock-limit", String(clockLimit)] }
        if let updateBaselines { args.append("--update-baselines=\(updateBaselines.rawValue)") }
        if reverse { args.append("--reverse") }
        if video != .off { args += ["--video", video.rawValue] }
        // Resolved here: a worker gets the values, never reads the environment itself.
        for key in parameters.keys.sorted() { args += ["--param", "\(key)=\(parameters[key] ?? "")"] }
        return args
    }
}
