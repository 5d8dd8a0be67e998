import Foundation
import SceneflowCore
import SceneflowSDL

extension PrototypeOpener {
    /// Fills in the content height (points) of each scroll scene that does not give
    /// `scroll.height`, from its image's pixel height ÷ the device scale (its screen area's,
    /// for a framed image). Images were checked before, so a failure leaves the height unset
    /// (the scene then does not scroll).
    public static func measureScrollScenes(_ prototype: Prototype) -> Prototype {
        var result = prototype
        let loader = PictureLoader()
        for (name, scene) in prototype.scenes {
            guard var region = scene.design.scroll, region.contentHeight == nil else { continue }
            let path = (prototype.directory as NSString).appendingPathComponent(scene.image)
            guard let size = try? loader.pixelSize(path: path, screen: scene.screen) else { continue }
            // The image is scaled to the device's width; its height follows the same factor.
            let points = Double(size.height) * prototype.device.width / Double(max(size.width, 1))
            region.contentHeight = points
            result.scenes[name]?.design.scroll = region
        }
        return result
    }
}
