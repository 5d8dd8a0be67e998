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
        note(VideoCut.note(path), in: &outcome)
    }

    /// True when a stop cut `outcome`'s video short (`noteCutVideo`): the signal stopped
    /// something, so the run's exit is 128 + n even though every test had its verdict.
    public static func videoWasCut(_ outcome: TestOutcome) -> Bool {
        outcome.failure?.message.contains(VideoCut.ending) == true
            || outcome.log.contains { $0.message.hasSuffix(VideoCut.ending) }
    }

    /// Adds `note` about the test's video to `outcome`: to a failure's message, else as a log
    /// message (the verdict stays).
    static func note(_ note: String, in outcome: inout TestOutcome) {
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
            // Encoding counts against the test's real-time limit (--timeout) on its own: past
            // it the video ends where it got to, with a note; the verdict stays the test's.
            let budget = options.limits.testWallSeconds
            if let written = try video.finish(tick: tick, failed: failed, budget: budget, stop: stopsVideo) {
                outcome.video = written.path
                outcome.videoSeconds = written.encodingSeconds
                if let at = written.cutAtSeconds {
                    Self.note(
                        "the video \(written.path) ends at \(formatSeconds(at)) s of the test's \(formatSeconds(written.clockSeconds)) s of clock time: drawing and encoding it took more than \(formatSeconds(budget)) s of real time (the test's limit, \(options.limits.testWallSecondsOrigin ?? "--timeout"))",
                        in: &outcome)
                }
            }
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
