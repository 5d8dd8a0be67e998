import Foundation
import SceneflowCore
import SceneflowRunner

/// Which tests a run takes when it narrows them (`--last-failed`), and why a run that took
/// none failed.
extension TestCommand {
    /// Narrows `scripts` and `tests` to what `state` says failed; why nothing is left to run
    /// (nothing failed, or none of it is in this run), or nil.
    func rerunSelection(
        _ state: LastRunState, _ scripts: inout [String], _ tests: inout [String: [String]]
    ) -> String? {
        guard !state.failed.isEmpty else {
            return
                "sceneflow test --last-failed: no test failed in the previous run (started \(state.startedAt)); nothing to run"
        }
        (scripts, tests) = state.rerun(scripts)
        if scripts.isEmpty {
            return "sceneflow test --last-failed: the files that failed are not part of this run; nothing to run"
        }
        return nil
    }

    /// Why a run whose `results` (left-out files removed) hold nothing failed: it selected no
    /// test. `reason` goes into every report (`JSONReport.runFailure`), `message` to standard
    /// error. Nil when the run ran something, or when selecting nothing passes: `--last-failed`
    /// found nothing left to rerun, or `--pass-with-no-tests` (which lets pass a selection that
    /// is empty by design, not failed tests that can no longer run).
    /// `leftOutByOnly`: what each file's `only()` left out of the selection, named when that is
    /// why nothing ran (red-team 43 A F5: "no test matches --filter plain" when one did).
    func selectionFailure(
        _ results: [ScriptFileResult], suite: [String], nothingToRerun: Bool,
        leftOutByOnly: [String: OnlyFocus] = [:]
    ) -> (reason: String, message: String)? {
        guard results.isEmpty, !nothingToRerun else { return nil }
        let nothing = "nothing was checked"
        if settings.lastFailed {
            let reason = "none of the tests that failed can be run again: \(nothing)"
            return ("--last-failed: " + reason, "sceneflow test --last-failed: " + reason)
        }
        guard !settings.passWithNoTests else { return nil }
        // As Playwright Test's "No tests found".
        let (reason, allows): (String, String)
        if !settings.selection.keepsAll, !leftOutByOnly.isEmpty {
            let files = leftOutByOnly.keys.sorted()
            let places = files.map { leftOutByOnly[$0]!.place(in: $0) }.joined(separator: "; ")
            let names = files.flatMap { file in leftOutByOnly[file]!.names.map { "\(file): \($0)" } }
            let list = names.prefix(5).joined(separator: "; ") + (names.count > 5 ? "; …" : "")
            (reason, allows) = (
                "no test runs: \(places) left out what \(settings.selection.options) selects (a file with only() runs only those tests): \(list): \(nothing)",
                "it"
            )
        } else if !settings.selection.keepsAll {
            (reason, allows) = ("no test matches \(settings.selection.options): \(nothing)", "it")
        } else if let (index, count) = settings.shard {
            (reason, allows) = (
                "shard \(index)/\(count) holds none of the \(counted(suite.count, "script file")): \(nothing)",
                "an empty shard"
            )
        } else {
            return ("no test was selected: \(nothing)", "sceneflow test: no test was selected: \(nothing)")
        }
        return (reason, "sceneflow test: \(reason) (--pass-with-no-tests allows \(allows))")
    }

    /// The options that selected the run's tests, as the JSON report's `suite.selection` names
    /// them (`--filter smoke --last-failed`); empty when the run took every test.
    static func selectionOptions(_ settings: TestSettings) -> String {
        var words = settings.selection.options
        if settings.lastFailed && !words.contains("--last-failed") {
            words += words.isEmpty ? "--last-failed" : " --last-failed"
        }
        return words
    }
}
