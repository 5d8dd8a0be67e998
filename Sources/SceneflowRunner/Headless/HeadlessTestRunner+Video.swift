import Foundation
import SceneflowCore

extension HeadlessTestRunner {
    /// The video recorder for `file`'s tests, or nil when `--video` is off.
    /// - Throws: `SDLError` when the offscreen renderer cannot be made.
    func makeVideoRecorder(file: String, prototype: Prototype) throws -> VideoRecorder? {
        guard options.videoMode != .off else { return nil }
        let folder = (options.visualDirectory as NSString).appendingPathComponent("videos/\(Self.scriptID(file))")
        return try VideoRecorder(mode: options.videoMode, folder: folder, prototype: prototype)
    }

    /// Starts test `index`'s frame log with its first frame.
    func startVideo(_ video: VideoRecorder, index: Int, name: String, session: Session) {
        video.begin(name: FailureArtifacts.folder(index, name), tick: 0)
        video.observe(session, tick: 0)
    }

    /// Ends the test's video at tick `tick` (drawing and encoding its logged frames when the mode
    /// keeps it) and notes the kept file in `outcome`; a video that cannot be written fails a test that had passed (no result is reported without the video
    /// it promised) and is noted in a failure's message otherwise.
    func finishVideo(_ video: VideoRecorder, tick: Int, outcome: inout TestOutcome) {
        let failed = outcome.verdict == .failed || outcome.verdict == .interrupted
        do {
            outcome.video = try video.finish(tick: tick, failed: failed)
        } catch {
            if failed, var failure = outcome.failure {
                failure.message += " (and \(error))"
                outcome.failure = failure
            } else {
                outcome.verdict = .failed
                outcome.failure = Diagnostic(file: outcome.file, message: "\(error)")
                outcome.failureKind = .error
            }
        }
    }
}
