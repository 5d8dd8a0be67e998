import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner
import SceneflowSDL

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
        65 when a script or its prototype cannot be loaded, 128 + n when stopped by signal n
        (130 SIGINT, 143 SIGTERM, 129 SIGHUP, 142 SIGALRM, …; partial reports are written).
        A run that selects no test exits 1 unless --pass-with-no-tests. Each file runs in a worker process and
        each test in a freshly loaded Lua state, so no Lua (a library call that never returns
        included) can keep a limit or a signal from ending the test. The Lua API: 'sceneflow help api'.
        """
    var inputs: [String]
    var settings: TestSettings
    /// The options given on the command line (they win over `sceneflow.lua`).
    let given: Set<String>
    /// Under `--watch`: the latest result of every watched script, so the reports of a rerun
    /// of some scripts still describe them all (`WatchedResults`); nil otherwise.
    var watched: WatchedResults?
    /// Under `--watch --shard I/N`: the inputs of a rerun are already this shard's changed
    /// scripts (sharding them again took the shard of the changed scripts alone, red-team
    /// finding T3), so the run takes them all.
    var sharded = false

    init(_ parsed: ParsedArguments) throws(UsageError) {
        inputs = parsed.positionals.isEmpty ? ["Scripts"] : parsed.positionals
        settings = try TestSettings(parsed, environment: ProcessInfo.processInfo.environment)
        given = Set(parsed.values.keys).union(parsed.flags)
    }

    /// - Throws: `InputError` (exit 65) for a missing script, folder or `--prototype`;
    ///   `UsageError` (exit 64) for an output path that cannot be written.
    func validate() throws {
        // A worker gets its files on standard input (see TestWorker).
        if settings.workerParent != nil { return }
        for input in inputs where !FileManager.default.fileExists(atPath: input) {
            throw InputError(message: "no script or folder at \(TerminalText.path(input))")
        }
        if let prototype = settings.prototype, !FileManager.default.fileExists(atPath: prototype) {
            throw InputError(message: "--prototype: no prototype folder at \(TerminalText.path(prototype))")
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
        // Without --report, the default folder gets the same check when something is there (a
        // dangling link, a file): a green test's capture failed with a bare "File exists"
        // (red-team 54 B N5). Nothing is made here: most runs never write there.
        let folder = HeadlessTestRunner.Options().visualDirectory
        var info = stat()
        if settings.report == nil, !settings.list, lstat(folder, &info) == 0 {
            try OutputPath.checkWritableFolder(
                "the report folder (where captures and failure images go without --report)", folder)
        }
    }

    func run() -> ExitCode {
        // Screenshots whose structure check passed are remembered across runs (not by --list,
        // which writes nothing).
        StructureVerdicts.persists = !settings.list
        if let parent = settings.workerParent { return TestWorker.serve(settings: settings, parent: parent) }
        var command = self
        switch ProjectDefaults.apply(to: &command.settings, given: given, inputs: inputs) {
        case .success:
            if command.settings.watch { return TestWatch.run(command) { $0.runWithSettings() } }
            return command.runWithSettings()
        case .failure(let failure): return failure.exitCode
        }
    }

    /// Writes the reports `settings` asks for as a run stopped before any file began: every
    /// script under `inputs` not run (interrupted), and why (`runFailure`): stopped by `signal`,
    /// or, when it is 0, `config` did not finish. Called on the watchdog thread when a stop
    /// signal, or the 10 s limit, finds the project config stuck in a library call, just before
    /// the process ends.
    static func writeInterruptedReports(inputs: [String], settings: TestSettings, signal: Int32, config: String) {
        let results = ScriptFinder.scripts(in: inputs).map { ScriptFileResult.notRun($0) }
        let reason =
            signal != 0
            ? RunStop(results).reason(signal: TestWorkerPool.shownSignal(signal))
            : "\(config) did not finish within 10 s of real time, so no test ran"
        _ = TestReports.write(results, settings: settings, started: Date(), runFailure: reason)
    }

    /// Runs with `settings` complete (the project config applied).
    func runWithSettings() -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        // Every file runs in a worker process, even without --jobs: this process never runs a
        // script's Lua, so a limit or a signal can always stop a test and the reports are
        // still written (the Internals article in Sceneflow.docc, "Limits that hold"). The
        // workers start first, so that their start-up overlaps finding the scripts and
        // reading the last run (a one-file run waited ~10 ms less).
        let pool = TestWorkerPool(settings: settings, jobs: settings.jobs)
        if let watched {
            // --watch reruns when a file a script's run read changes (a module, an image).
            pool.readsSources = true
            pool.onRead = { watched.filesRead[$0] = $1 }
        }
        pool.prestart(TestWorkerPool.prestartCount(jobs: settings.jobs, inputs: inputs))
        let suite = ScriptFinder.scripts(in: inputs)
        // An existing folder without scripts is a run that selects no test: --pass-with-no-tests
        // lets it pass, with its (empty) reports, as a filter that matches nothing (red-team m9).
        if suite.isEmpty && !settings.passWithNoTests {
            printError("sceneflow test: no *.lua scripts found in \(inputs.joined(separator: ", "))")
            return .badInput
        }
        if let alike = ScriptFinder.ambiguousNames(in: inputs) ?? ScriptFinder.lookAlikePaths(suite) {
            printError("sceneflow test: \(alike)")
            return .badInput
        }
        // FFmpeg is loaded at the first video (no needed library of the executable): a machine
        // without it learns so before any test runs, not from every test's video.
        if settings.video != .off, !settings.list, let problem = VideoLibraries.load() {
            printError("sceneflow test: --video \(settings.video.rawValue): \(problem)")
            return .software
        }
        var scripts = suite
        if !sharded, let (index, count) = settings.shard {
            scripts = ScriptFinder.shard(scripts, index: index, of: count)
        }
        var tests: [String: [String]] = [:]
        var nothingToRerun = false
        // The state before this run: what --last-failed reruns, the order --jobs starts files
        // in, and what this run's state keeps of the files it does not take.
        let previous = LastRunState.read(inputs: inputs, environment: environment)
        if settings.lastFailed {
            // Without a state it cannot know what failed: it runs every test rather than pass
            // having checked nothing (as pytest's --lf does).
            switch LastRunState.load(inputs: inputs, environment: environment) {
            case .missing:
                printError(
                    "sceneflow test --last-failed: no previous run of \(inputs.joined(separator: ", ")) is recorded: running every test"
                )
            case .unreadable(let path, let reason):
                printError(
                    "sceneflow test --last-failed: warning: the last-run state \(path) cannot be used (\(reason)): running every test"
                )
            case .found(let state):
                if let nothing = rerunSelection(state, &scripts, &tests) {
                    // A run that passes having nothing to rerun: its note on standard error
                    // (standard output may be TAP), and its reports written, empty, as any
                    // run's (red-team 20 F3: none was written, and TAP read no plan).
                    printError(nothing)
                    scripts = []
                    tests = [:]
                    nothingToRerun = true
                }
            }
        }
        pool.jobs = min(settings.jobs, scripts.count)
        pool.tests = tests
        return runSelected(
            scripts, pool: pool, suite: suite, previous: previous, environment: environment,
            nothingToRerun: nothingToRerun)
    }

    /// Runs `scripts` in `pool` (only `pool.tests` of the files it names) of `suite`, writes the
    /// reports and the last-run state (merged into the state saved when it ends, which keeps
    /// what this run did not take; `previous`, read at the start, orders the files), and gives
    /// the exit code. `nothingToRerun`: `--last-failed` found nothing to run again, so the run
    /// passes with its empty reports.
    private func runSelected(
        _ scripts: [String], pool: TestWorkerPool, suite: [String], previous: LastRunState?,
        environment: [String: String], nothingToRerun: Bool = false
    ) -> ExitCode {
        let started = Date()
        let interruption = Interruption.install()
        if !settings.list {
            Interruption.unwritten(
                [settings.junit, settings.timeline, settings.csv, settings.json, settings.report].compactMap { $0 },
                command: Self.name)
        }
        let jobs = pool.jobs
        let tests = pool.tests
        if settings.list {
            let listed = pool.run(scripts, onOutcome: { _ in }, onResult: { _ in }).filter { !$0.isLeftOut }
            return TestListing.show(listed, interruption: interruption)
        }
        // The files the last run wrote into the report folder go first: a green run never
        // shows an earlier red one's failure frames (ReportFolderLedger).
        // Under --watch the reports link the artifacts of scripts not rerun: nothing is removed.
        let ledger = Self.startReportFolder(
            settings.report ?? HeadlessTestRunner.Options().visualDirectory, cleaning: watched == nil,
            writesPages: settings.report != nil, shard: settings.shard)
        let colour = Colour.enabled(environment)
        // A reader that stalls on the console's pipe must not keep a signal from ending the run.
        ConsoleRelay.install(tap: settings.tap)
        let console = TestConsole(tap: settings.tap, detail: settings.detail, colour: colour)
        if jobs > 1 {
            pool.startOrder = previous?.longestFirst(scripts)
        }
        pool.onPlanned = { console.planned($0, allLoaded: $1) }
        // The workers end while the reports and the last-run state are written.
        defer { pool.reapWorkers() }
        var results = pool.run(
            scripts, reap: false, onOutcome: { console.showProgress($0) },
            onResult: { jobs == 1 ? console.finish($0) : console.show($0) })
        if pool.stoppedAtMaxFailures && interruption.signal == nil, let limit = settings.maxFailures {
            results = Self.stoppedAtMaxFailures(results, limit: limit)
        }
        // Tests the selection left out are not part of the run: nor are files left empty.
        results.removeAll(where: \.isLeftOut)
        // A run that selected no test fails: every report says so, as the exit code does
        // (red-team 21 F2: they all read as a passing empty run).
        let selectionFailure = selectionFailure(
            results, suite: suite, nothingToRerun: nothingToRerun, leftOutByOnly: pool.leftOutByOnly)
        // A run a stop signal cut short fails in every report, as in its exit code (RunStop).
        let stop = RunStop(results)
        let stopFailure = interruption.signal.flatMap { stop.reason(signal: TestWorkerPool.shownSignal($0)) }
        let runFailure = [selectionFailure?.reason, stopFailure].compactMap { $0 }.joined(separator: "; ")
        // Under --watch the reports hold every watched script's latest result, not only the
        // ones this rerun took.
        let reported = watched?.merge(results) ?? results
        let selection = Self.selectionOptions(settings)
        let identity = SuiteIdentity(
            files: watched?.scripts ?? suite, shardIndex: settings.shard?.0 ?? 1, shardCount: settings.shard?.1 ?? 1,
            selection: selection.isEmpty ? nil : selection)
        let (written, writeFailed, standardOutputFailed) = TestReports.write(
            reported, settings: settings, started: started, suite: identity,
            runFailure: runFailure.isEmpty ? nil : runFailure)
        Self.finishReportFolder(ledger)
        var framesFailed = false
        if let frames = settings.frames {
            // A worker stopped inside a test left its frames undescribed (red-team 32 R2, R3).
            let root = (frames as NSString).standardizingPath
            // One whose summary.txt its worker could not write is named once, by FramesNotice
            // (red-team 61 B F1: the same line twice).
            for result in results where !result.outcomes.isEmpty || result.notRun != nil {
                if result.writeProblems?.contains(where: { $0.contains("/summary.txt: ") }) == true { continue }
                let folder = PathText.join(root, HeadlessTestRunner.scriptID(result.file))
                if let problem = HeadlessTestRunner.completeFramesSummary(directory: folder, result: result) {
                    printError("sceneflow test: --frames: could not write \(problem)")
                    framesFailed = true
                }
            }
        }
        if let frames = settings.frames, !settings.tap {
            framesFailed = FramesNotice.show(results, frames: frames, hashOnly: settings.framesHashOnly) || framesFailed
        }
        console.close(results, written: written, runFailure: runFailure.isEmpty ? nil : runFailure)
        if let watched, reported.count != results.count, !settings.tap {
            print("watched suite: \(watched.summary.line)")
        }
        if interruption.signal == nil, let limit = settings.maxFailures,
            Self.leftOutByMaxFailures(results, limit: limit)
        {
            printError("sceneflow test: stopped after \(counted(limit, "failure")) (--max-failures \(limit))")
        }
        if let message = Self.vanishedMessage(
            tests, results: results, selection: settings.selection, leftOutByOnly: pool.leftOutByOnly)
        {
            printError(message)
        }
        if interruption.signal == nil {
            for line in Self.unreadParameters(settings.parameters, read: pool.parametersRead) { printError(line) }
        }
        if let selectionFailure, settings.lastFailed {
            // Nothing that failed could be run again: keep the state (the failures are not
            // forgotten) and fail, as a --filter that matches nothing does.
            printError(selectionFailure.message)
            return .failure
        }
        // A test asked for that is no longer declared cannot run again: it is dropped (named
        // above). With a --filter or --tag, a name left out only looks so: it is kept.
        let dropped =
            settings.selection.keepsAll
            ? Self.vanishedNames(tests, results: results, leftOutByOnly: pool.leftOutByOnly) : [:]
        var stateLost = false
        let complete = scripts.count == suite.count && tests.isEmpty && settings.selection.keepsAll
        // Merged into the state as saved now, not `previous`: a run of the same paths beside
        // this one may have saved since (LastRunState+Lock).
        let saveFailure = LastRunState.saveMerged(inputs: inputs, environment: environment, complete: complete) {
            LastRunState(
                inputs: inputs, results: results, startedAt: started, previous: $0, scheduled: scripts,
                vanished: dropped, endedAt: pool.endedAt)
        }
        if let (reason, older) = saveFailure {
            let failed = RunSummary(results).failed > 0 || RunSummary(results).loadFailures > 0
            printError(LastRunState.saveFailureMessage(reason: reason, older: older, runFailed: failed))
            // An older state that still looks current would make the next --last-failed trust
            // it: that is a failed write the run cannot leave as a warning. A marker in
            // $TMPDIR is seen only by runs with the same TMPDIR and user (red-team 11 m1: a
            // fresh container's next --last-failed found "nothing to run" on a red suite), so
            // a failing run whose state could only be marked fails too.
            switch older {
            case .failed: stateLost = true
            case .marked where failed: stateLost = true
            default: break
            }
        }
        if let signal = interruption.signal {
            // A signal that stopped nothing (every test had run, every report was written
            // whole: it came during the report phase) leaves the reports reading as the run
            // went; the exit code says the same, so no consumer reads another verdict
            // (red-team 19 F6: exit 143 while TAP, JUnit and JSON read as passed). A console
            // the signal cut short still makes the exit 128 + n (`StandardStreams.finish`).
            // A report it cut short (a FIFO whose reader did not read) is a report that could
            // not be written: exit 70, as the reports written whole read as the run went
            // (red-team 58 B S1: exit 143 while JSON, TAP and HTML read as passed).
            guard !stop.cutTheRunShort && !standardOutputFailed else { return ExitCode(stoppedBy: signal) }
            let name = TestWorkerPool.shownSignal(signal)
            printError(
                writeFailed
                    ? "sceneflow test: \(name) arrived after every test had run, while the reports were written: it cut one short (named above), so the exit code says a report could not be written (70); the others are whole"
                    : "sceneflow test: \(name) arrived after every test had run, while the reports were written: they are whole, so the exit code is the run's verdict"
            )
        }
        if writeFailed || stateLost || framesFailed { return .software }
        if pool.startFailure != nil {
            printError("sceneflow test: \(pool.startFailureMessage)")
            return .software
        }
        if let selectionFailure {
            printError(selectionFailure.message)
            return .failure
        }
        let summary = RunSummary(results)
        if summary.loadFailures > 0 { return .badInput }
        return summary.failed > 0 || summary.interrupted > 0 ? .failure : .success
    }

    /// Starts a run into the report folder `folder` (`ReportFolderLedger.start`), printing a
    /// warning for each file of the last run that could not be removed.
    static func startReportFolder(
        _ folder: String, cleaning: Bool = true, writesPages: Bool = true, shard: (Int, Int)? = nil,
        command: String = name
    ) -> ReportFolderLedger {
        let (ledger, warnings) = ReportFolderLedger.start(
            folder, cleaning: cleaning, writesPages: writesPages, shard: shard)
        for warning in warnings { printError("sceneflow \(command): warning: \(warning)") }
        return ledger
    }

    /// Lists what the run wrote into its report folder for the next run to remove.
    static func finishReportFolder(_ ledger: ReportFolderLedger, command: String = name) {
        do {
            for warning in try ledger.finish() { printError("sceneflow \(command): warning: \(warning)") }
        } catch {
            printError(
                "sceneflow \(command): warning: could not write \(OutputPath.shown(ReportPath.join(ledger.folder, ReportFolderLedger.fileName))), the list of the report folder's files the next run removes: \(plainReason(error))"
            )
        }
    }

}
