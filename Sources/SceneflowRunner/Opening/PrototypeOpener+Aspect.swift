import Foundation
import SceneflowCore
import SceneflowSDL

extension PrototypeOpener {
    /// `PrototypeChecker.aspectWarnings` for `prototype`, measuring each image's screen area
    /// with SDL_image: from the header for a plain screenshot, by decoding for a framed one
    /// (`screen = "auto"` or a rectangle). Images that cannot be measured are skipped (their
    /// errors are reported by `open`).
    public static func aspectWarnings(_ prototype: Prototype, file: String) -> [Diagnostic] {
        let loader = PictureLoader()
        var sizes: [String: (width: Int, height: Int)?] = [:]
        return PrototypeChecker.aspectWarnings(for: prototype, file: file) { image, screen in
            let key = "\(image)|\(screen)"
            if let known = sizes[key] { return known }
            let path = (prototype.directory as NSString).appendingPathComponent(image)
            let size = try? loader.pixelSize(path: path, screen: screen)
            sizes[key] = size
            return size
        }
    }
}
