import Foundation
import Testing

/// Runs every shell case of the bad-input corpus (`Tests/BadInput/*/cases.txt`, see
/// `ShellCase`) under its hard time limit and checks the exact exit status, standard output
/// and standard error, and that nothing crashed or hung (no status of 128 or more).
/// `SCENEFLOW_RECORD_BAD_INPUT=1` rewrites the files from the observed runs instead (review
/// the diff before committing it).
@Suite struct ShellCorpusTests {
    static var recording: Bool { ProcessInfo.processInfo.environment["SCENEFLOW_RECORD_BAD_INPUT"] == "1" }

    @Test(arguments: ShellCase.all)
    func caseGivesItsExactMessageAndExitCode(_ c: ShellCase) throws {
        guard !Self.recording else { return }
        let outcome = try c.execute()
        let shown =
            "\(c): exit \(outcome.status) after \(String(format: "%.1f", outcome.seconds)) s\n--- stdout\n\(outcome.stdout)--- stderr\n\(outcome.stderr)"
        #expect(!outcome.timedOut, "\(c) hung (killed after \(c.timeout) s)\n\(shown)")
        #expect(outcome.status < 128, "\(c) crashed or was killed\n\(shown)")
        #expect(outcome.status == c.exitCode, "\(shown)")
        if let expected = c.stdout { #expect(outcome.stdout == expected, "\(c) stdout\n\(shown)") }
        if let expected = c.stderr { #expect(outcome.stderr == expected, "\(c) stderr\n\(shown)") }
        #expect(c.stdout != nil || c.stderr != nil, "\(c): the case gives no expected output")
        #expect(!c.run.isEmpty, "\(c): the case has no run: line")
    }

    @Test func caseNamesAreUniqueInEachFile() {
        var seen = Set<String>()
        for c in ShellCase.all { #expect(seen.insert(c.description).inserted, "\(c) is named twice") }
    }

    /// Record mode: runs each folder's cases one after another and rewrites its `cases.txt`.
    @Test func recordWhenAsked() throws {
        guard Self.recording else { return }
        for (folder, cases) in Dictionary(grouping: ShellCase.all, by: \.folder) {
            let filter = ProcessInfo.processInfo.environment["SCENEFLOW_RECORD_FOLDER"]
            if let filter, filter != folder { continue }
            try ShellCase.record(folder: folder, outcomes: try cases.map { ($0, try $0.execute()) })
        }
    }
}
