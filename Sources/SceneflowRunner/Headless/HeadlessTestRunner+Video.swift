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

    /// The file `finishVideo` will write for `outcome`'s video, or nil when none is kept.
    func pendingVideo(_ video: VideoRecorder, outcome: TestOutcome) -> String? {
        video.pendingPath(failed: outcome.verdict == .failed || outcome.verdict == .interrupted)
    }

    /// Notes in `outcome` that its video at `path` was cut off by a stop and not kept: in the
    /// failure's message for a failed test, else as a log message (the verdict stays).
    public static func noteCutVideo(_ path: String, in outcome: inout TestOutcome) {
        let note = VideoCut.note(path)
        if var failure = outcome.failure {
            failure.message += " (and \(note))"
            outcome.failure = failure
        } else {
            outcome.log.append(TestLogEntry(level: .message, clockTime: outcome.clockSeconds, line: nil, message: note))
        }
    }

    /// Ends the test's video at tick `tick` (drawing and encoding its logged frames when the mode
    /// keeps it) and notes the kept file in `outcome`; a video that cannot be written fails a test that had passed (no result is reported without the video
    /// it promised) and is noted in a failure's message otherwise.
    /// The test's verdict is final by then (its Lua ended): a video the stop cuts off
    /// (`stopsVideo`) is removed and noted (in the failure's message, else as a log message)
    /// without changing the verdict.
    func finishVideo(_ video: VideoRecorder, tick: Int, outcome: inout TestOutcome) {
        let failed = outcome.verdict == .failed || outcome.verdict == .interrupted
        do {
            outcome.video = try video.finish(tick: tick, failed: failed, stop: stopsVideo)
        } catch let cut as VideoCut {
            Self.noteCutVideo(cut.path, in: &outcome)
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
