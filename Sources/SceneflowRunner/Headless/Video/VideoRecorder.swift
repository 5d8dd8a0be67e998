import Foundation
import SceneflowCore
import SceneflowSDL

/// When `sceneflow test` keeps a video of a test (`--video`), named as Playwright Test names
/// its modes.
public enum VideoMode: String, Sendable, CaseIterable {
    /// Every test that runs gets a video.
    case on
    /// Only failed (or interrupted) tests get a video; a passing test's frames are dropped
    /// without being drawn or encoded.
    case retainOnFailure = "retain-on-failure"
    /// No video (the default): nothing is rendered for it.
    case off
}

/// Records the frames of one script file's tests into one MP4 video per test
/// (`<report>/videos/<script>/<NN-test>.mp4`) as the virtual clock produces them.
///
/// While a test runs, only a frame log is kept: each `FrameDescription` that differs from the
/// last one, with its tick (a few hundred bytes a frame, no pixels). At the test's end the log is
/// drawn and encoded (`on`, or a failed test under `retain-on-failure`) or dropped (a passing
/// test under `retain-on-failure`: no frame is drawn or encoded). Drawing, and converting each
/// frame to YUV straight from the drawing surface, happen on the caller's thread while the
/// encoder's threads encode the frames before it. The frames are the ones the
/// screenshot checks and `--frames` render (one geometry: `OffscreenRenderer` draws
/// `FrameDescription`, and the same description always gives the same pixels).
final class VideoRecorder {
    let mode: VideoMode
    private let folder: String
    /// The renderer and decoded screenshots, shared with the process's other files on the
    /// same prototype (`VideoCanvas`).
    private let canvas: VideoCanvas
    private var renderer: OffscreenRenderer { canvas.renderer }
    private var images: TextureCache { canvas.images }
    private var log: [(frame: FrameDescription, tick: Int)] = []
    private var name: String?
    private var firstTick = 0
    /// Where a landscape frame is read back before conversion (portrait frames are converted
    /// straight from the drawing surface).
    private var scratch: [UInt8] = []

    /// A recorder writing into `folder` (made when the first video is written).
    /// - Throws: `SDLError` when the offscreen renderer cannot be made.
    init(mode: VideoMode, folder: String, prototype: Prototype) throws {
        self.mode = mode
        self.folder = folder
        canvas = try VideoCanvas.take(device: Self.videoDevice(prototype.device), directory: prototype.directory)
    }

    deinit { VideoCanvas.giveBack(canvas) }

    /// The device the video's frames are drawn for: `device` at a smaller scale, so that its
    /// pixel size fits `VideoEncoder.largestSide` on both sides (Playwright's rule), and at
    /// most one point a pixel (a 360x800 pt device at scale 3 is drawn at 360x800 px, a tenth of
    /// its 1080x2400 px). Screenshots are scaled once when decoded (bilinear), and each frame
    /// is drawn straight at the video's size, so the encoder only converts colours. Never
    /// below 2 px on the short side (a 16384x1 px device drew a 0 px frame): the encoder
    /// scales what is left to fit.
    static func videoDevice(_ device: Device) -> Device {
        let largest = Double(max(device.pixelWidth, device.pixelHeight, 1))
        let smallest = Double(max(min(device.pixelWidth, device.pixelHeight), 1))
        let factor = min(1, max(Double(VideoEncoder.largestSide) / largest, 2 / smallest))
        return Device(width: device.width, height: device.height, scale: device.scale * factor)
    }

    /// Starts the frame log of a test at frame tick `tick`; its video is file `name` (without
    /// extension) when written.
    func begin(name: String, tick: Int) {
        self.name = name
        log.removeAll(keepingCapacity: true)
        firstTick = tick
    }

    /// Looks at the session after frame tick `tick`; logs the frame when what is drawn changed.
    func observe(_ session: Session, tick: Int) {
        guard name != nil else { return }
        let frame = session.frame()
        if frame == log.last?.frame { return }
        log.append((frame, tick - firstTick))
    }

    /// The file the running test's video will be written to when it ends with `failed`, or nil
    /// when the mode does not keep it (or no test runs).
    func pendingPath(failed: Bool) -> String? {
        guard let name, mode == .on || failed else { return nil }
        return (folder as NSString).appendingPathComponent(name + ".mp4")
    }

    /// A written video: its file, the real seconds drawing and encoding it took, and, when
    /// its `budget` ran out first, the clock time it was cut at (of `clockSeconds` in all).
    struct Written {
        let path: String
        let encodingSeconds: Double
        let cutAtSeconds: Double?
        let clockSeconds: Double
    }

    /// Ends the running test's video at frame tick `tick`. Returns the written video, or nil
    /// when the mode does not keep it (`retain-on-failure` and the test passed: nothing is
    /// drawn or written). `stop` is asked before each frame: once it returns true (a stop
    /// signal) the unfinished file is removed and `VideoCut` thrown, so no truncated MP4 is
    /// left behind. `budget` bounds the real seconds drawing and encoding may take (the test's
    /// `--timeout`): past it no further frame is drawn and the video ends, a playable file, at
    /// the clock time it reached (`Written.cutAtSeconds`), so a test of 100 000 changed frames
    /// never holds its worker for minutes.
    /// - Throws: an error making the folder, `SDLError` when drawing fails, `VideoError` when
    ///   encoding fails, `VideoCut` when `stop` ended it.
    func finish(tick: Int, failed: Bool, budget: Double = .infinity, stop: () -> Bool = { false }) throws -> Written? {
        guard let name else { return nil }
        self.name = nil
        defer { log.removeAll(keepingCapacity: true) }
        if mode == .retainOnFailure && !failed { return nil }
        let started = ProcessInfo.processInfo.systemUptime
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = (folder as NSString).appendingPathComponent(name + ".mp4")
        let device = renderer.device
        let encoder: VideoEncoder
        do {
            encoder = try VideoEncoder(path: path, width: device.pixelWidth, height: device.pixelHeight)
        } catch {
            // FFmpeg may have created the file before its header failed (a full disk): no
            // empty MP4 is left behind (red-team 11 m6).
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        var end = tick - firstTick
        var cut: Int?
        do {
            for (frame, tick) in log {
                if stop() { throw VideoCut(path: path) }
                if tick > 0, ProcessInfo.processInfo.systemUptime - started > budget {
                    cut = tick
                    end = tick
                    break
                }
                try renderer.draw(frame, images: images)
                try renderer.withBGRXPixels(scratch: &scratch) { pixels, width, height, pitch in
                    try encoder.add(pixels, width: width, height: height, pitch: pitch, tick: tick)
                }
            }
            if stop() { throw VideoCut(path: path) }
            try encoder.finish(tick: end)
        } catch {
            encoder.abandon()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return Written(
            path: path, encodingSeconds: ProcessInfo.processInfo.systemUptime - started,
            cutAtSeconds: cut.map { Double($0) / 60 }, clockSeconds: Double(tick - firstTick) / 60)
    }
}

/// A video left unfinished because the run was stopped (a signal, or `--max-failures` reached
/// in another worker) while it was encoded: its partial file was removed.
struct VideoCut: Error, CustomStringConvertible {
    /// The video file that was not kept.
    let path: String
    var description: String { VideoCut.note(path) }

    /// What a report says about a video the stop cut off at `path`.
    static func note(_ path: String) -> String {
        "the video \(path)" + ending
    }
    /// How every such note ends (`HeadlessTestRunner.videoWasCut`).
    static let ending = " was not kept: the run was stopped while it was encoded"
}
