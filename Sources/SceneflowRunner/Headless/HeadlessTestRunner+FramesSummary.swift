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
        for outcome in result.outcomes {
            switch outcome.verdict {
            case .passed, .warned, .recorded:
                text +=
                    "PASS  \(outcome.name)  (\(formatNumber(outcome.clockSeconds, decimals: 2)) s clock, \(counted(outcome.frames, "frame")))\n"
            case .skipped: text += "SKIP  \(outcome.name)  (\(outcome.skipReason ?? ""))\n"
            case .failed, .interrupted:
                text += "FAIL  \(outcome.name)\n      \(outcome.failure.map(String.init(describing:)) ?? "")\n"
            }
        }
        text += "\nframes written:\n"
        for line in recorder.carried.frames { text += line + "\n" }
        for (file, what) in recorder.written { text += "  \(file)  \(what)\n" }
        let path = (recorder.directory as NSString).appendingPathComponent("summary.txt")
        var problems: [String] = []
        do { try AtomicFile.write(text, to: path) } catch { problems.append("\(path): \(plainReason(error))") }
        if let problem = recorder.hashesProblem {
            problems.append("\((recorder.directory as NSString).appendingPathComponent("hashes.txt")): \(problem)")
        }
        return problems
    }
}
