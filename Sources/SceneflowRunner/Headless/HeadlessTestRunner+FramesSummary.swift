import Foundation
import SceneflowCore

/// The summary a `--frames` run writes beside its frames.
extension HeadlessTestRunner {
    /// Writes `summary.txt` of a `--frames` run (each test's verdict and the frames written)
    /// and the frame hashes. Returns the files that could not be written, as `PATH: REASON`.
    func writeSummary(_ recorder: FrameRecorder, result: ScriptFileResult, prototype: Prototype) -> [String] {
        var text = "Sceneflow headless run of \(result.file)\nprototype: \(prototype.name) (\(prototype.directory))\n"
        text +=
            "device: \(formatNumber(prototype.device.width))x\(formatNumber(prototype.device.height)) pt at scale \(formatNumber(prototype.device.scale, decimals: 4)) = \(prototype.device.pixelWidth)x\(prototype.device.pixelHeight) px\n\n"
        if let stopped = recorder.resumedAfter {
            text +=
                "The worker process running test \"\(stopped)\" was stopped inside it: the tests up to it ran in that worker, their verdicts are in the console and reports, their frames are the files numbered before the ones listed here.\n\n"
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
        for (file, what) in recorder.written { text += "  \(file)  \(what)\n" }
        let path = (recorder.directory as NSString).appendingPathComponent("summary.txt")
        var problems: [String] = []
        do { try AtomicFile.write(text, to: path) } catch { problems.append("\(path): \(plainReason(error))") }
        do {
            try recorder.writeHashes()
        } catch {
            let hashes = (recorder.directory as NSString).appendingPathComponent("hashes.txt")
            problems.append("\(hashes): \(plainReason(error))")
        }
        return problems
    }
}
