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

    /// Starts test `index`'s video with its first frame; the problem when it cannot start.
    func startVideo(_ video: VideoRecorder, index: Int, name: String, session: Session) -> String? {
        do {
            try video.begin(name: FailureArtifacts.folder(index, name), tick: 0)
            try video.observe(session, tick: 0)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Adds the frame after tick `tick` to the video; the problem when it cannot be written.
    func recordVideoFrame(_ video: VideoRecorder, session: Session, tick: Int) -> String? {
        do {
            try video.observe(session, tick: tick)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Ends the test's video at tick `tick` and notes the kept file in `outcome`; a video that
    /// cannot be finished fails a test that had passed (no result is reported without the video
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
