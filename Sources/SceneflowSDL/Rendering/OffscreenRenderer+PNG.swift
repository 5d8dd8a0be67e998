import Foundation
import SceneflowCore

extension OffscreenRenderer {
    /// Writes `image` (RGBA, straight alpha) as a PNG at `path`: encoded in memory, then
    /// written as `OutputTarget` says (a temporary file renamed over a regular file, every
    /// write checked, so a full disk keeps the old file; `-` is standard output).
    /// Throws `SDLError` naming `IMG_SavePNG` when encoding fails, `OutputError` with the
    /// reason (No space left on device, File too large) when writing does.
    public static func savePNG(_ image: RGBAImage, to path: String) throws {
        let data = try SDLSurface(image).pngData(path: path)
        try OutputTarget.write(data, to: path)
    }
}
