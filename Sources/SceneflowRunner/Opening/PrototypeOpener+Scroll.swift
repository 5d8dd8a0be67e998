import Foundation
import SceneflowCore
import SceneflowSDL

extension PrototypeOpener {
    /// Fills in the content height (points) of each scroll scene that does not give
    /// `scroll.height`, from its image's pixel height ÷ the device scale (its screen area's,
    /// for a framed image). Images were checked before, so a failure leaves the height unset
    /// (the scene then does not scroll).
    /// Landscape variants' scroll regions and landscape scenes are measured the same way
    /// against the turned device's width.
    public static func measureScrollScenes(_ prototype: Prototype) -> Prototype {
        var result = prototype
        let loader = PictureLoader()
        func measure(_ region: ScrollRegion?, _ image: String, _ screen: ScreenArea, width: Double) -> ScrollRegion? {
            guard var region, region.contentHeight == nil else { return region }
            let path = (prototype.directory as NSString).appendingPathComponent(image)
            guard let size = try? loader.pixelSize(path: path, screen: screen) else { return region }
            // The image is scaled to the screen's width; its height follows the same factor.
            region.contentHeight = Double(size.height) * width / Double(max(size.width, 1))
            return region
        }
        let (portrait, turned) = (prototype.device.width, prototype.device.rotated.width)
        for (name, scene) in prototype.scenes {
            let width = scene.design.portraitScene == nil ? portrait : turned
            result.scenes[name]?.design.scroll = measure(scene.design.scroll, scene.image, scene.screen, width: width)
            if let variant = scene.design.landscape {
                result.scenes[name]?.design.landscape?.scroll = measure(
                    variant.scroll, variant.image, variant.screen, width: turned)
            }
        }
        return result
    }
}
