import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Applies the project config `sceneflow.lua` (`ProjectConfig`, found by walking up from the
/// first script path) to `sceneflow test`'s settings: each default fills only what the command
/// line left out. `--list` takes no reporters from it (it writes no report).
enum ProjectDefaults {
    /// Why the config could not be applied, already printed; `exitCode` is what the run ends with.
    struct Failure: Error {
        let exitCode: ExitCode
    }

    /// Fills `settings` from the config governing `inputs` (none: nothing changes).
    /// - Returns: `.failure` after printing the problems: 65 for a config that cannot be used
    ///   (naming the file, line and key), 64 for a reporter path that cannot be written.
    static func apply(to settings: inout TestSettings, given: Set<String>, inputs: [String]) -> Result<
        Void, Failure
    > {
        guard let path = ProjectConfig.find(from: inputs.first ?? ".") else { return .success(()) }
        let config: ProjectConfig
        // A stop signal while the config's Lua runs ends the run as any early signal does
        // (128 + n, the command line's reports written, every file not run); one that finds it
        // inside a library call ends the process from the watchdog thread, which writes those
        // reports first (red-team 10 m3: exit 65 blaming the config, no reports).
        let reports = settings
        StuckLua.beforeExit = {
            TestCommand.writeInterruptedReports(
                inputs: inputs, settings: reports, signal: Interruption.received, config: path)
        }
        defer { StuckLua.beforeExit = nil }
        _ = Interruption.install()
        do {
            config = try ProjectConfig.load(path)
        } catch {
            if Interruption.received != 0 {
                printError("sceneflow test: \(path): not applied: a stop signal arrived while its Lua ran")
                return .success(())
            }
            for problem in error.diagnostics { printError("sceneflow test: \(problem)") }
            return .failure(Failure(exitCode: .badInput))
        }
        if settings.prototype == nil { settings.prototype = config.prototype }
        if !given.contains("--jobs"), let jobs = config.jobs { settings.jobs = jobs }
        // Messages about a limit name where it came from ("test.timeout in sceneflow.lua").
        if settings.timeout == nil, let timeout = config.timeout {
            settings.timeout = timeout
            settings.timeoutOrigin = "test.timeout in \(ProjectConfig.fileName)"
        }
        if settings.clockLimit == nil, let clockLimit = config.clockLimit {
            settings.clockLimit = clockLimit
            settings.clockLimitOrigin = "test.clock_limit in \(ProjectConfig.fileName)"
        }
        // --list writes no baseline (and its workers refuse the option with it).
        if settings.updateBaselines == nil, !settings.list, let mode = config.updateBaselines {
            if TestSettings.isCI(ProcessInfo.processInfo.environment) {
                // A committed default must not rewrite baselines on CI and turn a regression
                // green; only the command line can ask for that there.
                printError(
                    "sceneflow test: \(path): test.update_baselines = \"\(mode)\" is ignored because CI is set (baselines are compared, never written, unless the command line says --update-baselines)"
                )
            } else {
                settings.updateBaselines = BaselineMode(rawValue: mode)
            }
        }
        guard !settings.list else { return .success(()) }
        do {
            let (junit, json, report) = (settings.junit == nil, settings.json == nil, settings.report == nil)
            if junit { settings.junit = config.junit }
            if json { settings.json = config.json }
            if report { settings.report = config.report }
            // Every output, whichever source gave it, against the others and the run's inputs
            // (the config's prototype and the config itself among them), as the command line's;
            // first, as there: the report folder is checked next, and a file may be inside it.
            try OutputOptions.checkCollisions(
                outputs(settings, given: given, config: path), positionals: inputs, prototype: settings.prototype,
                config: path, command: TestCommand.name, shard: settings.shard)
            if report, let folder = config.report {
                try OutputPath.checkWritableFolder("\(path): test.reporters.report", folder)
            }
            if junit, let file = config.junit {
                try OutputPath.checkWritableFile("\(path): test.reporters.junit", file)
            }
            if json, let file = config.json { try OutputPath.checkWritableFile("\(path): test.reporters.json", file) }
            try OutputPath.createFolders()
        } catch {
            printError("sceneflow test: \(error)")
            return .failure(Failure(exitCode: .usage))
        }
        if !given.contains("--tap"), let tap = config.tap { settings.tap = tap }
        return .success(())
    }

    /// The files the run's outputs write, each named as its source names it: the option
    /// (`--junit`) when the command line gave it, else the config's key
    /// (`/repo/sceneflow.lua: test.reporters.junit`); a report folder's files one by one.
    static func outputs(_ settings: TestSettings, given: Set<String>, config: String) -> [OutputCollisions.Output] {
        var outputs: [OutputCollisions.Output] = []
        func add(_ option: String, _ key: String, _ value: String?, folder: Bool = false) {
            guard let value, value != "-" else { return }
            let name = given.contains(option) ? option : "\(config): test.reporters.\(key)"
            for file in folder ? OutputOptions.folderFiles[option] ?? [] : [""] {
                outputs.append(.init(option: name, path: file.isEmpty ? value : PathText.join(value, file)))
            }
        }
        add("--junit", "junit", settings.junit)
        add("--json", "json", settings.json)
        add("--report", "report", settings.report, folder: true)
        add("--timeline", "timeline", settings.timeline)
        add("--csv", "csv", settings.csv)
        return outputs
    }
}
