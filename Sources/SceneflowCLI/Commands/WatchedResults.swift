import Foundation
import SceneflowRunner

/// The latest result of every script a `--watch` watches. A rerun takes only the changed
/// scripts; the reports it writes (`--json`, `--junit`, `--report`, …) must still describe the
/// whole watched suite, or a rerun of one passing script would write a green report while
/// another watched script fails. Each run's results replace those of the same files; the
/// others keep their last result.
final class WatchedResults {
    /// The scripts watched now, as `ScriptFinder` names them (set by `TestWatch` before each run).
    var scripts: [String] = []
    /// The last result of each script, by the script as named.
    private var latest: [String: ScriptFileResult] = [:]
    /// What each script's last run read besides it (its modules, its prototype's file and
    /// images), by the script as named: a change to one reruns every script.
    var filesRead: [String: [String]] = [:]

    /// The files the watched scripts' last runs read, sorted, each once.
    var readByScripts: [String] { Set(scripts.flatMap { filesRead[$0] ?? [] }).sorted() }

    /// Records `results` (one run's) and gives the result of every watched script that has one,
    /// in `scripts` order: this run's, else the last one kept (scripts no longer watched are
    /// forgotten).
    func merge(_ results: [ScriptFileResult]) -> [ScriptFileResult] {
        for result in results { latest[result.file] = result }
        let watched = Set(scripts)
        latest = latest.filter { watched.contains($0.key) }
        var merged = scripts.compactMap { latest[$0] }
        // A result whose file is not among the watched scripts (named otherwise) is kept too.
        merged += results.filter { !watched.contains($0.file) }
        return merged
    }

    /// The summary of the whole watched suite (`N passed, N failed`), as of the last results.
    var summary: RunSummary { RunSummary(scripts.compactMap { latest[$0] }) }
}
