import Foundation
import SceneflowCore
import SceneflowRunner

/// The console line after `test --frames DIR`: which script folders got their frames. Only
/// folders whose `summary.txt` (`hashes.txt` with `--frames-hash-only`) is really there are
/// named; on a full disk the line claimed frames that were never written (red-team finding F9),
/// now the scripts without them are named on standard error instead.
enum FramesNotice {
    /// Prints the notice for `results` (files that failed to load or did not run write no
    /// frames and are left out), and on standard error each file that could not be written,
    /// with the reason. Returns true when one could not be written (the run then exits 70).
    @discardableResult
    static func show(_ results: [ScriptFileResult], frames: String, hashOnly: Bool) -> Bool {
        let problems = results.flatMap { $0.writeProblems ?? [] }
        for problem in problems { printError("sceneflow test: --frames: could not write \(problem)") }
        let root = (frames as NSString).standardizingPath
        let index = hashOnly ? "hashes.txt" : "summary.txt"
        let ran = results.filter { !$0.outcomes.isEmpty }.map { HeadlessTestRunner.scriptID($0.file) }
        // A folder one of whose files could not be written is not said to be written (red-team
        // 33 F7: "frames and summary.txt written to" followed "could not write").
        let written = ran.filter { id in
            FileManager.default.fileExists(atPath: PathText.join(PathText.join(root, id), index))
                && !problems.contains { $0.contains("/\(id)/") }
        }
        let folders = written.map { $0 + "/" }
        // Escaped as every output path is: a control character in the folder's name must not
        // drive the terminal (red-team 32 R5).
        if folders.count == 1 {
            print(
                "frames and summary.txt written to \(TerminalText.path((root as NSString).appendingPathComponent(folders[0])))"
            )
        } else if !folders.isEmpty {
            print(
                "frames and summary.txt written to \(TerminalText.path(root))/, one folder per script: \(folders.map(TerminalText.path).joined(separator: ", "))"
            )
        }
        let missing = ran.filter { !written.contains($0) }
        if !missing.isEmpty && problems.isEmpty {
            // (With problems, the lines above named what was not written.)
            printError(
                "sceneflow test: --frames: no \(index) was written for \(missing.map { TerminalText.path($0) + "/" }.joined(separator: ", ")) in \(TerminalText.path(root)) (see the failures above)"
            )
        }
        return !problems.isEmpty
    }
}
