import Foundation
import SceneflowCore
import SceneflowRunner

/// Writes the report files of a `sceneflow test` run, each atomically (a temporary file
/// renamed into place), so an interrupted run never leaves half a report.
enum TestReports {
    /// Writes `--junit`, `--json` and the `--report` folder's `results.json`, `junit.xml` and
    /// `index.html`.
    /// Returns the paths written, whether one could not be written (printed to standard
    /// error; the run then exits 70), and whether that one was a report on standard output
    /// (`-`: cut short by a stop signal, the run exits 128 + n, as for its console).
    /// `suite` names the run's suite and shard in the JSON report (for `merge-reports`);
    /// `command` is the command whose messages these are (`test`, `merge-reports`):
    /// `sceneflow merge-reports: could not write standard output: No space left on device`.
    /// `runFailure`: why the run failed although no test did (`JSONReport.runFailure`), written
    /// into every report. Until each is written, a third stop signal names it as it kills the
    /// process (`Interruption.unwritten`).
    static func write(
        _ results: [ScriptFileResult], settings: TestSettings, started: Date, suite: SuiteIdentity? = nil,
        command: String = TestCommand.name, runFailure: String? = nil
    ) -> (written: [String], failed: Bool, standardOutputFailed: Bool) {
        var written: [String] = []
        var failed = false
        var standardOutputFailed = false
        // What a third stop signal would leave unwritten, said as it kills the process.
        var unwritten = [settings.junit, settings.timeline, settings.csv, settings.json, settings.report]
            .compactMap { $0 }
        func finished(_ paths: String?...) {
            unwritten.removeAll { paths.contains($0) }
            Interruption.unwritten(unwritten, command: command)
        }
        defer { Interruption.unwritten([], command: command) }
        func save(_ path: String, _ make: () throws -> String) {
            defer { finished(path) }
            do {
                try AtomicFile.write(try make(), to: path)
                written.append(path)
            } catch {
                failed = true
                // `-`, `/dev/stdout`, `/dev/fd/1`, or a name for where it goes (59 B F4).
                if StandardOutput.names(path) { standardOutputFailed = true }
                printError("sceneflow \(command): could not write \(OutputPath.shown(path)): \(plainReason(error))")
            }
        }
        let json = { () throws -> String in
            String(
                decoding: try JSONReport(results, startedAt: started, suite: suite, runFailure: runFailure).data(),
                as: UTF8.self) + "\n"
        }
        let junit = {
            JUnitReport.xml(
                results, timestamp: started, extras: settings.junitExtras, runFailure: runFailure,
                shard: settings.shard)
        }
        // Files first, standard output (`-`) last: a reader that stalls on it must not keep the
        // files from being written.
        let junitToOutput = settings.junit == "-"
        if let path = settings.junit, !junitToOutput { save(path, junit) }
        if settings.timeline != nil || settings.csv != nil {
            do {
                try TimelineExport.write(
                    TimelineExport.document(results: results), json: settings.timeline, csv: settings.csv)
                written += [settings.timeline, settings.csv].compactMap { $0 }
            } catch {
                failed = true
                printError("sceneflow \(command): \(error)")
                // The one of the two that was written is still said to be.
                let missing = (error as? TimelineExport.WriteError)?.failures.map(\.path) ?? []
                written += [settings.timeline, settings.csv].compactMap { $0 }.filter { !missing.contains($0) }
            }
            finished(settings.timeline, settings.csv)
        }
        let jsonToOutput = settings.json == "-"
        if let path = settings.json, !jsonToOutput { save(path, json) }
        if let folder = settings.report {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                // Checked before the run (`OutputOptions.checkReportPages`) and again now: a link
                // made during it is never written through (red-team 53 B F1), nor is a page a
                // person edited while it ran written over (54 B N1). Noted in the journal first,
                // so a run killed while writing leaves it a run's (N3).
                func savePage(_ name: String, _ make: () throws -> String) {
                    if let problem = ReportFolderLedger.pageProblem(name, in: folder, shard: settings.shard) {
                        failed = true
                        printError(
                            "sceneflow \(command): could not write \(OutputPath.shown(folder))/\(name): \(problem)")
                        return
                    }
                    // One step under the folder's lock, as a worker's files are.
                    ReportFolderLedger.holdingLock(folder) {
                        ReportFolderLedger.journal(name, in: folder)
                        save((folder as NSString).appendingPathComponent(name), make)
                        ReportFolderLedger.journalWritten(name, in: folder)
                    }
                }
                savePage("results.json", json)
                savePage("junit.xml", junit)
                savePage("index.html") {
                    HTMLReport.html(
                        results, reportFolder: folder, startedAt: started, runFailure: runFailure,
                        writtenBy: "\(command) --report")
                }
            } catch {
                failed = true
                printError(
                    "sceneflow \(command): could not create the report folder \(folder): \(error.localizedDescription)")
            }
            finished(folder)
        }
        if junitToOutput { save("-", junit) }
        if jsonToOutput { save("-", json) }
        return (written, failed, standardOutputFailed)
    }
}
