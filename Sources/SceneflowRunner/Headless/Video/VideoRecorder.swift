import Foundation
import SceneflowCore
import SceneflowSDL

/// When `sceneflow test` keeps a video of a test (`--video`), named as Playwright Test names
/// its modes.
public enum VideoMode: String, Sendable, CaseIterable {
    /// Every test that runs gets a video.
    case on
    /// Every test is recorded; the video of a test that passed is deleted at its end.
    case retainOnFailure = "retain-on-failure"
    /// No video (the default): nothing is rendered for it.
    case off
}

/// Records the frames of one script file's tests into one WebM video per test
/// (`<report>/videos/<script>/<NN-test>.webm`) as the virtual clock produces them.
///
/// A frame is rendered only when what is drawn changed (`Session.frame()` differs from the last
/// one): a test that waits on a still screen encodes one picture, shown for as long as the
/// clock ran. The frames are the ones the screenshot checks and `--frames` render (one
/// geometry: `OffscreenRenderer` draws `FrameDescription`).
final class VideoRecorder {
    let mode: VideoMode
    private let folder: String
    private let renderer: OffscreenRenderer
    private let images: TextureCache
    private var image = RGBAImage(width: 0, height: 0, pixels: [])
    private var encoder: VideoEncoder?
    private var lastFrame: FrameDescription?
    private var firstTick = 0

    /// A recorder writing into `folder` (made when the first video starts).
    /// - Throws: `SDLError` when the offscreen renderer cannot be made.
    init(mode: VideoMode, folder: String, prototype: Prototype) throws {
        self.mode = mode
        self.folder = folder
        // Drawn straight at the video's size: the device at a smaller scale, so screenshots are
        // scaled once when decoded (bilinear) and each frame is a tenth of a 1080x2400 frame.
        let device = prototype.device
        let largest = Double(max(device.pixelWidth, device.pixelHeight, 1))
        let smallest = Double(max(min(device.pixelWidth, device.pixelHeight), 1))
        // Never below 2 px on the short side (a 16384x1 px device drew a 0 px frame and its
        // passing test failed; red-team finding): the encoder scales what is left to fit.
        let factor = min(1, max(Double(VideoEncoder.largestSide) / largest, 2 / smallest))
        renderer = try OffscreenRenderer(
            device: Device(width: device.width, height: device.height, scale: device.scale * factor))
        images = renderer.makeTextureCache(directory: prototype.directory)
    }

    /// Starts the video of a test at frame tick `tick`, in file `name` (without extension).
    /// - Throws: an error making the folder, or `VideoError`.
    func begin(name: String, tick: Int) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = (folder as NSString).appendingPathComponent(name + ".webm")
        let device = renderer.device
        encoder = try VideoEncoder(path: path, width: device.pixelWidth, height: device.pixelHeight)
        lastFrame = nil
        firstTick = tick
    }

    /// Looks at the session after frame tick `tick`; renders and encodes the frame when what
    /// is drawn changed.
    /// - Throws: `SDLError` when rendering fails, `VideoError` when encoding fails.
    func observe(_ session: Session, tick: Int) throws {
        guard let encoder else { return }
        let frame = session.frame()
        if frame == lastFrame { return }
        lastFrame = frame
        try renderer.draw(frame, images: images)
        try renderer.capture(into: &image)
        try encoder.add(image, tick: tick - firstTick)
    }

    /// Ends the running test's video at frame tick `tick`. Returns the video's path, or nil when
    /// the mode does not keep it (`retain-on-failure` and the test passed: the file is deleted).
    /// - Throws: `VideoError` when the end cannot be written.
    func finish(tick: Int, failed: Bool) throws -> String? {
        guard let encoder else { return nil }
        self.encoder = nil
        try encoder.finish(tick: max(tick - firstTick, 1))
        if mode == .retainOnFailure && !failed {
            try? FileManager.default.removeItem(atPath: encoder.path)
            return nil
        }
        return encoder.path
    }
}
