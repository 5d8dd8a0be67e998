import Foundation
import SceneflowCore

/// The summary a `--frames` run writes beside its frames.
extension HeadlessTestRunner {
    /// `hand(_:to:_:)` for a test of `run`, then, with `--frames`, its `summary.txt` written
    /// anew with the tests so far, so a worker process stopped inside a
    /// later test, or by a signal, leaves them describing every test before (red-team 31 B4,
    /// B7: a stop in a file's last test, or SIGTERM to the process group, left no summary.txt).
    func hand(_ outcome: TestOutcome, in run: FileRun, _ onOutcome: (TestOutcome) -> Void) {
        hand(outcome, to: &run.result, onOutcome)
        if let recorder = run.recorder { _ = writeSummary(recorder, result: run.result, prototype: run.prototype) }
    }

    /// Writes `summary.txt` of a `--frames` run (each test's verdict and the frames written;
    /// `hashes.txt` is written frame by frame by the recorder). Returns the files that could not
    /// be written, as `PATH: REASON` (`hashes.txt` too when a line of it could not be).
    func writeSummary(_ recorder: FrameRecorder, result: ScriptFileResult, prototype: Prototype) -> [String] {
        // Paths as one line shows them: a line break in a name cannot split the header.
        var text =
            "Sceneflow headless run of \(TerminalText.path(result.file))\nprototype: \(TerminalText.oneLine(prototype.name)) (\(TerminalText.path(prototype.directory)))\n"
        text +=
            "device: \(formatNumber(prototype.device.width))x\(formatNumber(prototype.device.height)) pt at scale \(formatNumber(prototype.device.scale, decimals: 4)) = \(prototype.device.pixelWidth)x\(prototype.device.pixelHeight) px\n\n"
        if let stopped = recorder.resumedAfter {
            text +=
                "The worker process running test \"\(stopped)\" was stopped inside it: the tests before it ran in that worker (their lines and frames are kept from its summary), the tests after it in a fresh one.\n\n"
        }
        for line in recorder.carried.verdicts { text += line + "\n" }
        if let stopped = recorder.resumedAfter {
            text += "STOP  \(stopped)  (its worker process was stopped inside it)\n"
        }
        for outcome in result.outcomes { text += Self.verdictLines(outcome) }
        text += "\nframes written:\n"
        for line in recorder.carried.frames { text += line + "\n" }
        for (file, what) in recorder.written { text += "  \(file)  \(what)\n" }
        let path = (recorder.directory as NSString).appendingPathComponent("summary.txt")
        var problems: [String] = []
        do { try AtomicFile.write(text, to: path) } catch { problems.append("\(path): \(plainReason(error))") }
        let hashes = (recorder.directory as NSString).appendingPathComponent("hashes.txt")
        if let problem = recorder.hashesProblem { problems.append("\(hashes): \(problem)") }
        // Not one line of it could be written (a full disk): no empty file is left under its
        // name to read as "no frames" (red-team 33 F7).
        // Only an empty regular file: a folder or link in its place is the user's.
        var info = stat()
        if recorder.hashesProblem != nil || (!problems.isEmpty && recorder.hashes.isEmpty),
            lstat(hashes, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0
        {
            unlink(hashes)
        }
        return problems
    }

    /// The lines of `summary.txt` for one test: `PASS  name  (1.25 s clock, 3 frames)`,
    /// `SKIP  name  (reason)`, or `FAIL  name` and its failure indented below.
    static func verdictLines(_ outcome: TestOutcome) -> String {
        switch outcome.verdict {
        case .passed, .warned, .recorded:
            return
                "PASS  \(outcome.name)  (\(formatNumber(outcome.clockSeconds, decimals: 2)) s clock, \(counted(outcome.frames, "frame")))\n"
        case .skipped: return "SKIP  \(outcome.name)  (\(outcome.skipReason ?? ""))\n"
        case .failed, .interrupted:
            return "FAIL  \(outcome.name)\n      \(outcome.failure.map(String.init(describing:)) ?? "")\n"
        }
    }

    /// Completes the `summary.txt` in the `--frames` folder `directory` from the runner's
    /// `result` of its script, when a worker process that was stopped (by the watchdog, a
    /// signal to the process group, a kill) left it without a test the runner reports or a
    /// frame `hashes.txt` lists: the summary is written again with every test's verdict, as the
    /// runner has them, and every frame, those it did not describe marked as a stopped test's
    /// (red-team 32 R2, R3: a stop in a file's first, only or last test left its frames
    /// described nowhere, or no summary at all). Returns the summary's path and why it could
    /// not be written, or nil when it was whole or written.
    public static func completeFramesSummary(directory: String, result: ScriptFileResult) -> String? {
        let path = (directory as NSString).appendingPathComponent("summary.txt")
        let hashes = FrameRecorder.hashLines(in: (directory as NSString).appendingPathComponent("hashes.txt"))
        let listed = FrameRecorder.summaryLines(in: path)
        let frameNames = Set(listed.frames.compactMap { $0.split(separator: " ").first.map(String.init) })
        let unlisted = hashes.map(\.file).filter { !frameNames.contains($0) }
        let verdictNames = Set(
            listed.verdicts.filter { !$0.hasPrefix("      ") }.map { String($0.dropFirst(6).prefix { $0 != "\n" }) })
        let missingTests = result.outcomes.filter { outcome in
            !verdictNames.contains { $0 == outcome.name || $0.hasPrefix(outcome.name + "  ") }
        }
        // No summary at all: a stop before the file's first frame (red-team 33 F1) still
        // leaves every test's verdict.
        // So does a file whose turn had not come, in a folder its worker had made.
        var isFolder: ObjCBool = false
        let notRunInFolder =
            result.notRun != nil && FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder)
            && isFolder.boolValue
        let noSummary =
            (!result.outcomes.isEmpty || notRunInFolder) && !FileManager.default.fileExists(atPath: path)
        guard !unlisted.isEmpty || (!missingTests.isEmpty && !hashes.isEmpty) || noSummary else { return nil }
        // The header as the worker wrote it (up to its first empty line), else the script's.
        let existing = (try? RegularFile.read(path, limit: 64 << 20)).map { String(decoding: $0, as: UTF8.self) }
        var header: String?
        if let existing, let end = existing.range(of: "\n\n") { header = String(existing[..<end.upperBound]) }
        var text =
            header
            ?? "Sceneflow headless run of \(TerminalText.path(result.file))\n(the worker process running it was stopped before it described the prototype)\n\n"
        text +=
            "Completed by the runner after a worker process was stopped inside a test: every test's verdict is the runner's; frames no test's line describes are marked.\n\n"
        for outcome in result.outcomes { text += verdictLines(outcome) }
        if let notRun = result.notRunText { text += "\(notRun): the run was stopped before its tests began\n" }
        text += "\nframes written:\n"
        for line in listed.frames { text += line + "\n" }
        for file in unlisted { text += "  \(file)  (a frame of a test whose worker process was stopped)\n" }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try AtomicFile.write(text, to: path)
            return nil
        } catch {
            return "\(path): \(plainReason(error))"
        }
    }
}
