import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// `sceneflow test [paths…]`: run Lua regression scripts headless on the virtual clock, print
/// each test's verdict and time, write the JUnit / TAP / JSON / report-folder outputs asked
/// for, and end with `N passed, N failed`.
struct TestCommand: Subcommand {
    static let name = "test"
    static let abstract = "Run Lua regression scripts headless; ends with 'N passed, N failed'."
    static let discussion = """
        Each directory is searched recursively for *.lua scripts (in name order; prototype.lua
        files, folders starting with "_" or "." and folders named "lib" are skipped). A script names its prototype
        with `prototype "path"` (relative to the script) or gets it from --prototype.
        Exit 0 when every test passes (warnings included), 1 when one fails, 64 on bad usage,
        65 when a script or its prototype cannot be loaded, 130/143 when interrupted by
        SIGINT/SIGTERM (partial reports are written). Each file runs in a worker process and
        each test in a freshly loaded Lua state, so no Lua (a library call that never returns
        included) can keep a limit or a signal from ending the test. The Lua API: 'sceneflow help api'.
        """
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
            name: "--filter", valueName: "PATTERN",
            help: "Run only tests whose name contains PATTERN (or matches it as a glob)."),
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
            name: "--update-baselines", valueName: nil,
            help:
                "Rewrite every screenshot and tree baseline the tests reach (default: record missing ones, none when CI is set)."
        ),
        OptionSpec(
            name: "--reverse", valueName: nil,
            help: "Run each file's tests last to first (each test loads the script afresh: verdicts must not change)."),
        OptionSpec(
            name: "--video", valueName: "MODE",
            help:
                "Record each test as WebM in <report>/videos: on, retain-on-failure (keep failed tests' only) or off (default)."
        ),
        OptionSpec(
            name: "--worker", valueName: "PID",
            help: "(internal) Run as a test worker of runner PID (files on stdin, events on stdout)."),
        OptionSpec(
            name: "--param", valueName: "KEY=VALUE",
            help: "Give scripts a parameter, read with param(\"KEY\") (repeatable)."),
        OptionSpec(
            name: "--param-env", valueName: "NAME",
            help: "Give scripts the environment variable NAME as param(\"NAME\") when set (repeatable)."),
        helpOption,
    ]

    let inputs: [String]
    var settings: TestSettings

    init(_ parsed: ParsedArguments) throws(UsageError) {
        inputs = parsed.positionals.isEmpty ? ["Scripts"] : parsed.positionals
        settings = TestSettings()
        settings.prototype = parsed.value("--prototype")
        settings.junit = parsed.value("--junit")
        settings.junitExtras = parsed.flag("--junit-extras")
        settings.tap = parsed.flag("--tap")
        settings.json = parsed.value("--json")
        settings.report = parsed.value("--report")
        settings.filter = parsed.value("--filter")
        settings.frames = parsed.value("--frames")
        settings.framesHashOnly = parsed.flag("--frames-hash-only")
        settings.reverse = parsed.flag("--reverse")
        if let text = parsed.value("--video") {
            guard let mode = VideoMode(rawValue: text) else {
                throw UsageError(message: "--video expects on, retain-on-failure or off, got \"\(text)\"")
            }
            settings.video = mode
        }
        if let text = parsed.value("--worker") {
            guard let parent = Int32(text), parent > 0 else {
                throw UsageError(message: "--worker expects a process id")
            }
            settings.workerParent = parent
        }
        settings.updateBaselines = parsed.flag("--update-baselines")
        settings.timeline = parsed.value("--timeline")
        settings.csv = parsed.value("--csv")
        settings.parameters = try ScriptParameters.parse(
            params: parsed.values("--param"), environmentNames: parsed.values("--param-env"),
            environment: ProcessInfo.processInfo.environment)
        if let text = parsed.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "--timeout expects a number of seconds > 0, got \"\(text)\"")
            }
            settings.timeout = seconds
        }
        if let text = parsed.value("--clock-limit") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "--clock-limit expects a number of seconds > 0, got \"\(text)\"")
            }
            settings.clockLimit = seconds
        }
        if let text = parsed.value("--jobs") {
            guard let jobs = Int(text), jobs >= 1, jobs <= 64 else {
                throw UsageError(message: "--jobs expects a whole number from 1 to 64, got \"\(text)\"")
            }
            settings.jobs = jobs
        }
        if let text = parsed.value("--shard") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
                index <= count
            else {
                throw UsageError(message: "--shard expects I/N with 1 <= I <= N, such as 1/4, got \"\(text)\"")
            }
            settings.shard = (index, count)
        }
    }

    /// - Throws: `InputError` (exit 65) for a missing script, folder or `--prototype`;
    ///   `UsageError` (exit 64) for an output path that cannot be written.
    func validate() throws {
        // A worker gets its files on standard input (see TestWorker).
        if settings.workerParent != nil { return }
        for input in inputs where !FileManager.default.fileExists(atPath: input) {
            throw InputError(message: "no script or folder at \(input)")
        }
        if let prototype = settings.prototype, !FileManager.default.fileExists(atPath: prototype) {
            throw InputError(message: "--prototype: no prototype folder at \(prototype)")
        }
        // Check every output before running, so a long run never ends without its report.
        for (option, path) in [
            ("--junit", settings.junit), ("--json", settings.json),
            ("--timeline", settings.workerParent == nil ? settings.timeline : nil),
            ("--csv", settings.workerParent == nil ? settings.csv : nil),
        ] {
            guard let path else { continue }
            try OutputPath.checkWritableFile(option, path)
        }
        for (option, path) in [("--report", settings.report), ("--frames", settings.frames)] {
            guard let path else { continue }
            try OutputPath.checkWritableFolder(option, path)
        }
    }

    func run() -> ExitCode {
        if let parent = settings.workerParent { return TestWorker.serve(settings: settings, parent: parent) }
        var scripts = ScriptFinder.scripts(in: inputs)
        if scripts.isEmpty {
            printError("sceneflow test: no *.lua scripts found in \(inputs.joined(separator: ", "))")
            return .badInput
        }
        if let (index, count) = settings.shard { scripts = ScriptFinder.shard(scripts, index: index, of: count) }
        let started = Date()
        let interruption = Interruption.install()
        let console = TestConsole(tap: settings.tap)
        // Every file runs in a worker process, even without --jobs: this process never runs a
        // script's Lua, so a limit or a signal can always stop a test and the reports are
        // still written (the Internals article in Sceneflow.docc, "Limits that hold").
        let jobs = min(settings.jobs, scripts.count)
        let pool = TestWorkerPool(settings: settings, jobs: jobs)
        let results = pool.run(
            scripts, onOutcome: { console.showProgress($0) },
            onResult: { jobs == 1 ? console.finish($0) : console.show($0) })
        let (written, writeFailed) = TestReports.write(results, settings: settings, started: started)
        // Files that failed to load (or did not run) write no frames; say so only when some ran.
        if let frames = settings.frames, !settings.tap {
            let root = (frames as NSString).standardizingPath
            let folders = results.filter { !$0.outcomes.isEmpty }.map { HeadlessTestRunner.scriptID($0.file) + "/" }
            if folders.count == 1 {
                print("frames and summary.txt written to \((root as NSString).appendingPathComponent(folders[0]))")
            } else if !folders.isEmpty {
                print(
                    "frames and summary.txt written to \(root)/, one folder per script: \(folders.joined(separator: ", "))"
                )
            }
        }
        console.close(results, written: written)
        if let signal = interruption.signal { return signal == SIGTERM ? .terminated : .interrupted }
        if writeFailed { return .software }
        let summary = RunSummary(results)
        if let filter = settings.filter, summary.loadFailures == 0,
            results.allSatisfy({
                $0.outcomes.allSatisfy { $0.skipReason?.hasPrefix("not selected by --filter") ?? false }
            })
        {
            printError("sceneflow test: no test matches --filter \(filter): nothing was checked")
            return .failure
        }
        if summary.loadFailures > 0 { return .badInput }
        return summary.failed > 0 || summary.interrupted > 0 ? .failure : .success
    }
}

/// Everything `sceneflow test` was asked for, passed on to workers as the same options.
struct TestSettings {
    var prototype: String?
    var junit: String?
    /// `--junit-extras`: JUnit testcases with `file`, `line` and properties (see `JUnitReport`).
    var junitExtras = false
    var tap = false
    var json: String?
    var report: String?
    var filter: String?
    var frames: String?
    var framesHashOnly = false
    /// Run as the test worker of this runner process (`--worker PID`).
    var workerParent: Int32?
    /// Run each file's tests last to first (`--reverse`).
    var reverse = false
    /// Which tests keep a WebM video (`--video`).
    var video = VideoMode.off
    var timeout: Double?
    /// `--clock-limit`: clock seconds a test may use (`LuaLimits.testTimeout`).
    var clockLimit: Double?
    var jobs = 1
    var shard: (Int, Int)?
    var updateBaselines = false
    var timeline: String?
    var csv: String?
    /// `--param KEY=VALUE` and `--param-env NAME`, resolved: what `param("KEY")` returns.
    var parameters: [String: String] = [:]

    var runnerOptions: HeadlessTestRunner.Options {
        var limits = LuaLimits.standard
        if let timeout { limits.testWallSeconds = timeout }
        if let clockLimit { limits.testTimeout = clockLimit }
        var options = HeadlessTestRunner.Options(
            prototype: prototype, framesDirectory: frames, reportDirectory: report, filter: filter, limits: limits,
            baselineMode: updateBaselines ? .all : .fromEnvironment())
        options.framesHashOnly = framesHashOnly
        options.reverseOrder = reverse
        options.videoMode = video
        options.recordsTimeline = timeline != nil || csv != nil
        options.parameters = parameters
        return options
    }

    /// The options a worker gets to run files as this run would (the timeline, written only
    /// by the runner, is asked for per file: `WorkerRequest.timeline`).
    var workerArguments: [String] {
        var args: [String] = []
        if let prototype { args += ["--prototype", prototype] }
        if let report { args += ["--report", report] }
        if let filter { args += ["--filter", filter] }
        if let frames { args += ["--frames", frames] }
        if framesHashOnly { args.append("--frames-hash-only") }
        if let timeout { args += ["--timeout", String(timeout)] }
        if let clockLimit { args += ["--clock-limit", String(clockLimit)] }
        if updateBaselines { args.append("--update-baselines") }
        if reverse { args.append("--reverse") }
        if video != .off { args += ["--video", video.rawValue] }
        // Resolved here: a worker gets the values, never reads the environment itself.
        for key in parameters.keys.sorted() { args += ["--param", "\(key)=\(parameters[key] ?? "")"] }
        return args
    }
}
