import Foundation
import SceneflowCore
import SceneflowRunner

/// What a run's results say after it: tests `--last-failed` asked for that vanished, files
/// `--max-failures` kept from running, `--param`s no script read.
extension TestCommand {
    /// The tests `--last-failed` asked for (`tests`: file → names) that their file, which ran,
    /// no longer declares, as `file: name`.
    static func vanishedFailures(
        _ tests: [String: [String]], results: [ScriptFileResult], selection: TestSelection = TestSelection(),
        leftOutByOnly: [String: OnlyFocus] = [:]
    ) -> [String] {
        let vanished = vanishedNames(tests, results: results, leftOutByOnly: leftOutByOnly)
        return tests.keys.sorted().flatMap { file in
            (tests[file] ?? []).filter {
                // A name --filter leaves out is declared still: the selection took it out.
                vanished[file]?.contains($0) ?? false && !selection.leavesOut(name: $0, file: file)
            }.map { "\(file): \($0)" }
        }
    }

    /// The tests `--last-failed` asked for (`tests`) that an `only()` of their file left out
    /// (`leftOutByOnly`, by file), as `file: name`, with the `only()` places; nil when none.
    static func leftOutFailures(_ tests: [String: [String]], leftOutByOnly: [String: OnlyFocus]) -> (
        list: [String], places: [String]
    )? {
        var list: [String] = []
        var places: [String] = []
        for file in tests.keys.sorted() {
            guard let focus = leftOutByOnly[file] else { continue }
            let names = (tests[file] ?? []).filter { focus.names.contains($0) }
            guard !names.isEmpty else { continue }
            list += names.map { "\(file): \($0)" }
            places.append(focus.place(in: file))
        }
        return list.isEmpty ? nil : (list, places)
    }

    /// What the run says of the failures `--last-failed` asked for that did not run (nil when
    /// every one ran or `selection`'s `--filter` left it out): no longer declared; or, under
    /// `--tag`/`--tag-invert`, which cannot tell a removed test from one whose tags it leaves
    /// out, both.
    /// The failures an `only()` left out are named first, with the `only()` places: they are
    /// still declared, and stay in the state for the next run (red-team 52 A W1).
    static func vanishedMessage(
        _ tests: [String: [String]], results: [ScriptFileResult], selection: TestSelection,
        leftOutByOnly: [String: OnlyFocus] = [:]
    ) -> String? {
        var lines: [String] = []
        func listed(_ names: [String]) -> String {
            names.prefix(5).joined(separator: "; ") + (names.count > 5 ? "; …" : "")
        }
        func failed(_ count: Int) -> String {
            "sceneflow test --last-failed: \(counted(count, "test")) that failed in the previous run"
        }
        if let (list, places) = leftOutFailures(tests, leftOutByOnly: leftOutByOnly) {
            let one = list.count == 1
            lines.append(
                "\(failed(list.count)) \(one ? "was" : "were") not run: \(places.joined(separator: "; ")) left \(one ? "it" : "them") out (a file with only() runs only those tests; \(one ? "it stays" : "they stay") to be rerun): \(listed(list))"
            )
        }
        // Those --filter or --filter-invert leaves out, named so (red-team 54 A A6).
        let onlyLeft = Set(leftOutFailures(tests, leftOutByOnly: leftOutByOnly)?.list ?? [])
        let filtered = tests.keys.sorted().flatMap { file in
            (tests[file] ?? []).filter { selection.leavesOut(name: $0, file: file) }.map { "\(file): \($0)" }
        }.filter { !onlyLeft.contains($0) }
        if !filtered.isEmpty {
            let one = filtered.count == 1
            let words = [
                selection.filter.flatMap { $0.isEmpty ? nil : "--filter \($0)" },
                selection.filterInvert.flatMap { $0.isEmpty ? nil : "--filter-invert \($0)" },
            ].compactMap { $0 }.joined(separator: " ")
            lines.append(
                "\(failed(filtered.count)) \(one ? "was" : "were") not run: \(words) left \(one ? "it" : "them") out (\(one ? "it stays" : "they stay") to be rerun): \(listed(filtered))"
            )
        }
        let vanished = vanishedFailures(tests, results: results, selection: selection, leftOutByOnly: leftOutByOnly)
        if !vanished.isEmpty {
            let one = vanished.count == 1
            if selection.selectsByTags {
                lines.append(
                    "\(failed(vanished.count)) \(one ? "was" : "were") not run: \(selection.tagOptions) left \(one ? "it" : "them") out, or \(one ? "it is" : "they are") no longer declared: \(listed(vanished))"
                )
            } else {
                lines.append(
                    "\(failed(vanished.count)) \(one ? "is" : "are") no longer declared (renamed or removed?): \(listed(vanished))"
                )
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The tests `--last-failed` asked for that their file, which ran, no longer declares: file
    /// (as the run names it) → names.
    /// A test an `only()` of its file left out (`leftOutByOnly`) is declared still: not vanished.
    static func vanishedNames(
        _ tests: [String: [String]], results: [ScriptFileResult], leftOutByOnly: [String: OnlyFocus] = [:]
    ) -> [String: Set<String>] {
        // Names by their exact text ("caf\u{E9}" is not "cafe\u{301}"), as the selection
        // compares them (TestSelection.holdsExactly).
        var declared: [String: Set<[UInt8]>] = [:]
        // A file that did not load or was not run says nothing about its tests' names.
        let unknown = Set(results.filter { $0.notRun != nil || !$0.loadProblems.isEmpty }.map(\.file))
        for result in results {
            declared[result.file, default: []].formUnion(result.outcomes.map { Array($0.name.utf8) })
        }
        var vanished: [String: Set<String>] = [:]
        for (file, names) in tests where !unknown.contains(file) {
            let kept = leftOutByOnly[file]?.names ?? []
            let gone = Set(names.filter { !(declared[file]?.contains(Array($0.utf8)) ?? false) && !kept.contains($0) })
            if !gone.isEmpty { vanished[file] = gone }
        }
        return vanished
    }

    /// True when `--max-failures` left a test or a file of `results` not run, whether the
    /// runner stopped its workers or a worker, counting the same failures, stopped itself first.
    static func leftOutByMaxFailures(_ results: [ScriptFileResult], limit: Int) -> Bool {
        let reason = TestSettings.maxFailuresReason(limit)
        return results.contains { result in
            result.notRun == reason || result.outcomes.contains { $0.skipReason == "not run: \(reason)" }
        }
    }

    /// `results` of a run `--max-failures` stopped: the tests and files it left are reported
    /// as not run for that reason (not as interrupted by a signal).
    static func stoppedAtMaxFailures(_ results: [ScriptFileResult], limit: Int) -> [ScriptFileResult] {
        let reason = TestSettings.maxFailuresReason(limit)
        return results.map { result in
            var result = result
            if result.notRun != nil { result.notRun = reason }
            for index in result.outcomes.indices where result.outcomes[index].skipReason == "the run was interrupted" {
                result.outcomes[index].skipReason = "not run: \(reason)"
            }
            return result
        }
    }

    /// A warning for each `--param` key no test of the run asked `param(key)` for, with a
    /// did-you-mean among the keys asked for: a misspelt key ran the suite on the default
    /// with no word (red-team 12 m3). A warning only: the run's verdicts stand.
    static func unreadParameters(_ given: [String: String], read: Set<String>) -> [String] {
        let asked = read.sorted()
        return given.keys.sorted().filter { !read.contains($0) }.map { key in
            "sceneflow test: warning: --param \(key) was read by no test of this run"
                + NearestName.hint(for: key, among: asked)
        }
    }
}
