import Foundation
import SceneflowCore
import SceneflowSDL

/// The offscreen renderer a prototype's videos are drawn with and its screenshots, decoded and
/// scaled to the video's size (`TextureCache`), kept by the process between script files.
///
/// A worker runs its files one after another, several of them on one prototype (the sample
/// suite: 14 files on 7 prototypes); each file used to decode every screenshot it showed again
/// (a 1080x2400 px PNG is ~20 ms of zlib and libpng), a fifth of `--video on`'s CPU time. The
/// last canvas given back is kept (one at a time, so memory stays one cache's
/// `TextureCache.defaultByteBudget`) and handed to the next file on the same prototype folder and
/// video device; files on another prototype make a new one. A canvas is taken out while a
/// file uses it, so two runners in one process never draw with the same one. Screenshots
/// changed on disk during a run are not read again (each `test` run starts new workers).
final class VideoCanvas {
    /// Draws the frames at the video's size.
    let renderer: OffscreenRenderer
    /// The screenshots as textures of `renderer`.
    let images: TextureCache
    /// The prototype folder the screenshots come from.
    let directory: String

    private init(renderer: OffscreenRenderer, directory: String) {
        self.renderer = renderer
        self.directory = directory
        images = renderer.makeTextureCache(directory: directory)
    }

    private static let lock = NSLock()
    /// The canvas last given back, waiting for the next file.
    nonisolated(unsafe) private static var kept: VideoCanvas?

    /// A canvas drawing `device` (the video's, `VideoRecorder.videoDevice`) with the screenshots
    /// of the prototype folder `directory`: the kept one when it matches, else a new one.
    /// - Throws: `SDLError` when the offscreen renderer cannot be made.
    static func take(device: Device, directory: String) throws -> VideoCanvas {
        lock.lock()
        let match = kept.flatMap { $0.directory == directory && $0.renderer.device == device ? $0 : nil }
        if match != nil { kept = nil }
        lock.unlock()
        if let match { return match }
        return VideoCanvas(renderer: try OffscreenRenderer(device: device), directory: directory)
    }

    /// Keeps `canvas` for the next `take` (replacing the one kept before).
    static func giveBack(_ canvas: VideoCanvas) {
        lock.lock()
        kept = canvas
        lock.unlock()
    }
}
