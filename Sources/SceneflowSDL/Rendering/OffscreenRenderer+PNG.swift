import Foundation
import SceneflowCore

extension OffscreenRenderer {
    /// Writes `image` (RGBA, straight alpha) as a PNG at `path`, atomically: the bytes go to
    /// a temporary file in the same folder which is then renamed over `path`, so readers never
    /// see a half-written file.
    /// Throws `SDLError` naming `IMG_SavePNG` or `rename` with the path.
    public static func savePNG(_ image: RGBAImage, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = (folder as NSString).appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8)).tmp")
        do {
            try SDLSurface(image).savePNG(to: temporary)
            guard rename(temporary, path) == 0 else {
                let message = String(cString: strerror(errno))
                throw SDLError(function: "rename", message: message, path: path)
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
