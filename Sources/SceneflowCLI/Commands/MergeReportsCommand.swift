import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow merge-reports SHARD.json… [--junit FILE] [--json FILE] [--report DIR]`: joins
/// the `--json` reports of `sceneflow test --shard I/N` runs (one per CI machine) into one JUnit
/// file, one JSON report and one HTML report, as if one machine had run the whole suite
/// (Playwright Test's `merge-reports`). Every report names its suite (every script file before
/// the split) and its shard (`SuiteIdentity`); shards of different suites, or two reports of
/// one shard, are refused (exit 65), so a merged report never counts a test twice or mixes
/// suites.
struct MergeReportsCommand: Subcommand {
    static let name = "merge-reports"
    static let abstract = "Merge the --json reports of --shard runs into one JUnit, JSON and HTML report."
    static let discussion = """
        Each SHARD.json is a report written by 'sceneflow test --shard I/N --json FILE' (or
        --report DIR's results.json). The merged report lists the files in the suite's order,
        its start is the earliest shard's and its summary counts every shard. The files of a
        shard with no report are named on standard error and reported as not run. Exit as
        'sceneflow test' would for the whole suite: 0 when every merged test passed, 1 when one
        failed, a file did not load, a shard is missing or a shard failed for selecting no test
        (an empty shard without --pass-with-no-tests); 70 when a report could not be
        written, 64 on bad usage, 65 when a report cannot be read, follows another schema than
        sceneflow-test-results/1, has a summary that does not match its tests, has no suite
        (written before Sceneflow 0.20), belongs to another suite, or repeats a shard; 128 + n
        when stop signal n came before the reports were written (none is written, and standard
        error says so: a file already at an output path is not this merge's).
        """
    static let arguments = [
        ArgumentSpec(
            name: "SHARD", help: "The --json reports of the shards (results.json of --report).", repeating: true,
            optional: false)
    ]
    static let options = [
        OptionSpec(name: "--junit", valueName: "FILE", help: "Write the merged JUnit XML.", output: .textFile),
        OptionSpec(
            name: "--junit-extras", valueName: nil, help: "Add file, line and warning properties to JUnit testcases."),
        OptionSpec(name: "--json", valueName: "FILE", help: "Write the merged JSON report.", output: .textFile),
        OptionSpec(
            name: "--report", valueName: "DIR", help: "Write results.json, junit.xml and index.html here.",
            output: .folder),
        helpOption,
    ]

    let shards: [String]
    let junit: String?
    let junitExtras: Bool
    let json: String?
    let report: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        shards = parsed.positionals
        junit = parsed.value("--junit")
        junitExtras = parsed.flag("--junit-extras")
        json = parsed.value("--json")
        report = parsed.value("--report")
        if junit == nil && json == nil && report == nil {
            throw UsageError(message: "nothing to write: give --junit FILE, --json FILE or --report DIR")
        }
    }

    /// - Throws: `InputError` (exit 65) for a report that is missing.
    func validate() throws {
        for shard in shards where !FileManager.default.fileExists(atPath: shard) {
            throw InputError(message: "no report at \(shard)")
        }
    }

    func run() -> ExitCode {
        // A stop signal is taken between phases: before any report is written, the merge ends
        // with nothing written and says so; once writing began, every report is finished
        // (red-team 24 F3: killed silently, it left this merge's JUnit beside an older merge's
        // JSON, which nothing marked as stale).
        let interruption = Interruption.install()
        let merged: ReportMerge.Merged
        // Artifacts the shard reports name that were found neither from here nor beside them.
        var missing: [String] = []
        do {
            merged = try ReportMerge.merge(
                try shards.map { path in
                    var report = try ReportMerge.read(path)
                    report.files = ReportMerge.locateArtifacts(report.files, shard: path, missing: &missing)
                    return (path, report)
                })
        } catch {
            printError("sceneflow merge-reports: \(error)")
            return .badInput
        }
        if let warning = ReportMerge.missingWarning(missing) { printError(warning) }
        if !merged.missingShards.isEmpty {
            printError(
                "sceneflow merge-reports: no report of \(ReportMerge.shardList(merged.missingShards, of: merged.shardCount)): its files are reported as not run"
            )
        }
        if let stop = stopBeforeWriting(interruption) { return stop }
        var settings = TestSettings()
        settings.junit = junit
        settings.junitExtras = junitExtras
        settings.json = json
        settings.report = report
        // The merged page links to the shards' files, which may lie in this folder: nothing is
        // removed, and its ledger keeps the last run's entries (ReportFolderLedger).
        let ledger = report.map { TestCommand.startReportFolder($0, cleaning: false, command: Self.name) }
        let runFailure = merged.report.runFailure
        if let runFailure {
            printError("sceneflow merge-reports: the run of a shard failed: \(runFailure)")
        }
        let (written, failed, _) = TestReports.write(
            merged.report.files, settings: settings, started: merged.startedAt, suite: merged.report.suite,
            command: Self.name, runFailure: runFailure)
        if let ledger { TestCommand.finishReportFolder(ledger, command: Self.name) }
        for path in written { print(OutputPath.wrote(path)) }
        print("\(counted(shards.count, "shard")) merged: \(merged.report.line)")
        if let signal = interruption.signal {
            let name = TestWorkerPool.shownSignal(signal)
            printError(
                "sceneflow \(Self.name): \(name) arrived while the reports were written: they are whole, so the exit code is the merge's verdict"
            )
        }
        if failed { return .software }
        let summary = RunSummary(merged.report.files)
        let anyFailed = summary.failed > 0 || summary.interrupted > 0 || summary.loadFailures > 0 || summary.notRun > 0
        return anyFailed || runFailure != nil ? .failure : .success
    }

    /// 128 + n, after saying so, when stop signal n came before any report was written; nil
    /// when none did.
    func stopBeforeWriting(_ interruption: Interruption) -> ExitCode? {
        guard let signal = interruption.signal else { return nil }
        let name = TestWorkerPool.shownSignal(signal)
        let outputs = [junit, json, report].compactMap { $0 }.map { OutputPath.shown($0) }
        printError(
            "sceneflow \(Self.name): stopped by \(name) before any report was written"
                + (outputs.isEmpty
                    ? ""
                    : ": \(outputs.joined(separator: ", ")) not written (a file already there is not this merge's)"))
        return ExitCode(stoppedBy: signal)
    }
}

/// Joining the JSON reports of the shards of one suite (`sceneflow merge-reports`).
enum ReportMerge {
    /// `shard 2/4`, `shards 2, 4/4`, `shards 2–9999/10000`: runs of shards as ranges, so the
    /// text stays short however many are missing.
    static func shardList(_ shards: [Int], of count: Int) -> String {
        var runs: [String] = []
        var index = 0
        while index < shards.count {
            var end = index
            while end + 1 < shards.count, shards[end + 1] == shards[end] + 1 { end += 1 }
            runs.append(end == index ? "\(shards[index])" : "\(shards[index])–\(shards[end])")
            index = end + 1
        }
        return "shard\(shards.count == 1 ? "" : "s") \(runs.joined(separator: ", "))/\(count)"
    }

    /// A merge: the report as one machine would have written it, its start, and the shards
    /// (1-based) no report was given for.
    struct Merged {
        var report: JSONReport
        var startedAt: Date
        var missingShards: [Int]
        var shardCount: Int
    }

    /// Why reports cannot be merged; the message names the files.
    struct Refusal: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The largest shard report read, bytes (1 GiB): `sceneflow test` caps what a test keeps
    /// (steps, log, messages), so a report this large is damaged or not a report.
    static let shardByteLimit = 1 << 30

    /// Reads one `--json` report.
    /// - Throws: `Refusal` naming `path` when it cannot be read, is no Sceneflow report, or holds
    ///   a value `sceneflow test` never writes (`JSONReport.checkLimits`).
    static func read(_ path: String) throws(Refusal) -> JSONReport {
        // Only a regular file, and no larger than a report `sceneflow test` writes: looked at
        // before a byte is read (a FIFO blocked for ever, a 3 GB file took 39 s to refuse).
        let data: Data
        do { data = try RegularFile.read(path, limit: shardByteLimit) } catch {
            throw Refusal(message: "\(path): cannot be read: \(error)")
        }
        let expected = JSONReport.schemaName
        // The schema first: a report of another version may not even decode, and its fields
        // could mean something else if it did.
        if let probe = try? JSONDecoder().decode(SchemaProbe.self, from: data) {
            guard let schema = probe.schema else {
                throw Refusal(
                    message:
                        "\(path): has no schema; merge-reports reads \(expected), the --json report of sceneflow test"
                )
            }
            guard schema == expected else {
                let shown = schema.count > 80 ? String(schema.prefix(80)) + "…" : schema
                throw Refusal(
                    message:
                        "\(path): its schema \"\(shown)\" is not one this merge-reports reads; it reads \(expected): merge reports written by the same Sceneflow version"
                )
            }
        }
        let report: JSONReport
        do {
            report = try JSONReport.read(data)
        } catch {
            // Valid JSON with a number no whole-number field can hold (the decoder says "not
            // valid JSON" and names no place): named as any value sceneflow test never writes.
            if let object = try? JSONSerialization.jsonObject(with: data),
                let (place, value) = JSONReport.misfitNumber(in: object)
            {
                throw Refusal(
                    message:
                        "\(path): \(place): \(value) is not a whole number a report holds; sceneflow test never writes this (a damaged or edited report?)"
                )
            }
            throw Refusal(message: "\(path): not a report of sceneflow test --json (schema \(expected)): \(error)")
        }
        do {
            try report.checkLimits()
        } catch {
            throw Refusal(message: "\(path): \(error); sceneflow test never writes this (a damaged or edited report?)")
        }
        // A file listed twice is named as such (its outcomes would also make the counts differ).
        var files: Set<[UInt8]> = []
        for file in report.files where !files.insert(Array(file.file.utf8)).inserted {
            throw Refusal(
                message:
                    "\(path) lists \(file.file) twice: a malformed report (sceneflow test writes each file once); run that shard again"
            )
        }
        let mismatches = report.summaryMismatches()
        if !mismatches.isEmpty {
            throw Refusal(
                message:
                    "\(path): a malformed report: its summary does not match its files (\(mismatches.joined(separator: "; "))); sceneflow test never writes this (a damaged or edited report?); run that shard again"
            )
        }
        return report
    }

    /// The one field read before the rest: which schema a report says it follows.
    private struct SchemaProbe: Decodable {
        let schema: String?
    }

    /// `--filter smoke` as a message names a shard's selection; "every test" for none.
    static func selectionText(_ selection: String?) -> String {
        selection.map { "'\($0)'" } ?? "every test (no --filter, --tag or --last-failed)"
    }

    /// Why a merge of `reports` fails although no merged test did: each shard's own
    /// `runFailure` (it selected no test, or a stop signal cut it short), or, for a shard
    /// report written before a stop was given as one, the stop its results show (`RunStop`),
    /// led by `shard I/N: ` unless it already names its shard, joined by `; `; nil when no
    /// shard failed so.
    static func runFailure(_ reports: [JSONReport]) -> String? {
        let reasons = reports.sorted { ($0.suite?.shardIndex ?? 0) < ($1.suite?.shardIndex ?? 0) }.compactMap {
            report -> String? in
            let own = report.runFailure ?? RunStop(report.files).reason(signal: nil)
            guard let reason = own, let suite = report.suite else { return own }
            let shard = "shard \(suite.shardIndex)/\(suite.shardCount)"
            return reason.hasPrefix(shard + " ") ? reason : "\(shard): \(reason)"
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// Merges `reports` (each with the path it came from).
    /// - Throws: `Refusal` for a report without a suite, reports of different suites or split
    ///   differently, two reports of one shard, or a file listed twice (in one report or two).
    static func merge(_ reports: [(path: String, report: JSONReport)]) throws(Refusal) -> Merged {
        guard let (firstPath, first) = reports.first else { throw Refusal(message: "no reports to merge") }
        var byShard: [Int: String] = [:]
        for (path, report) in reports {
            guard let suite = report.suite else {
                throw Refusal(
                    message:
                        "\(path) does not say which suite and shard it holds (written by a Sceneflow before 0.20?); run that shard again"
                )
            }
            let reference = first.suite!
            guard (1...TestSettings.maxShards).contains(suite.shardCount),
                (1...suite.shardCount).contains(suite.shardIndex)
            else {
                throw Refusal(
                    message:
                        "\(path) says it is shard \(suite.shardIndex)/\(suite.shardCount): a shard is I/N with 1 <= I <= N <= \(TestSettings.maxShards)"
                )
            }
            // Paths compared by their bytes: `café` precomposed and decomposed are two files.
            if suite.files.map({ Array($0.utf8) }) != reference.files.map({ Array($0.utf8) }) {
                let extra = Set(suite.files).symmetricDifference(reference.files).sorted().prefix(3)
                throw Refusal(
                    message:
                        "\(path) and \(firstPath) are shards of different suites (their script files differ: \(extra.joined(separator: ", "))\(extra.isEmpty ? "the same files in another order" : "")); merge only the shards of one run"
                )
            }
            if suite.shardCount != reference.shardCount {
                throw Refusal(
                    message:
                        "\(path) is shard \(suite.shardIndex)/\(suite.shardCount) but \(firstPath) is shard \(reference.shardIndex)/\(reference.shardCount): the suite was split differently"
                )
            }
            // Shards that selected tests differently add up to no one machine's run: a shard run
            // with --filter could leave out the failures another shard would have shown.
            if suite.selection != reference.selection {
                throw Refusal(
                    message:
                        "\(path) was run with \(selectionText(suite.selection)) but \(firstPath) with \(selectionText(reference.selection)): the shards selected their tests differently; merge the shards of one run"
                )
            }
            if let other = byShard[suite.shardIndex] {
                throw Refusal(
                    message:
                        "\(other) and \(path) both hold shard \(suite.shardIndex)/\(suite.shardCount): the shards overlap (a report given twice, or a shard run twice)"
                )
            }
            byShard[suite.shardIndex] = path
        }
        let suite = first.suite!
        // Files in the suite's order, as one machine would have run them.
        var byFile: [[UInt8]: ScriptFileResult] = [:]
        var holder: [[UInt8]: String] = [:]
        for (path, report) in reports {
            for file in report.files {
                let key = Array(file.file.utf8)
                // One file twice (in one report, or in two shards) would let the last one win:
                // a failure could be merged away.
                if let other = holder[key] {
                    throw Refusal(
                        message: other == path
                            ? "\(path) lists \(file.file) twice: a malformed report (sceneflow test writes each file once); run that shard again"
                            : "\(other) and \(path) both hold \(file.file): the shards overlap; merge the reports of one split run"
                    )
                }
                holder[key] = path
                byFile[key] = file
            }
        }
        let missing = (1...max(suite.shardCount, 1)).filter { byShard[$0] == nil }
        // A file no report holds that belongs to a missing shard is counted as not run, as one
        // machine interrupted before it would report it, never silently left out; its not
        // running fails the merge (exit 1): an error in JUnit, not a skip. One of a shard that
        // was merged was left out by that shard's selection (--filter, --tag, --last-failed),
        // as one machine's run leaves it out (it was reported as not run, and failed the merge).
        let absent = "no report of \(shardList(missing, of: suite.shardCount)) was merged"
        let shardOf = ScriptFinder.shardIndexes(suite.files, count: suite.shardCount)
        let files = suite.files.compactMap { file -> ScriptFileResult? in
            let key = Array(file.utf8)
            if let result = byFile[key] { return result }
            guard let shard = shardOf[key], byShard[shard] == nil else { return nil }
            var result = ScriptFileResult.notRun(file, reason: absent)
            result.notRunIsFailure = true
            return result
        }
        let formatter = ISO8601DateFormatter()
        let started = reports.compactMap { formatter.date(from: $0.report.startedAt) }.min() ?? Date()
        let merged = JSONReport(
            files, startedAt: started, suite: SuiteIdentity(files: suite.files, selection: suite.selection),
            runFailure: runFailure(reports.map(\.report)))
        return Merged(report: merged, startedAt: started, missingShards: missing, shardCount: suite.shardCount)
    }
}
