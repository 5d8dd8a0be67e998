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

    /// The most pixels a scroll region's content may have from top to bottom: it is drawn as
    /// one image of its height × scale pixels (the rule `prototype.lua`'s `scroll.height` is
    /// held to when written).
    public static let maxScrollContentPixels = ScrollRegion.maxContentPixels

    /// The scroll regions of `measured` (after `measureScrollScenes`) whose content, scaled to
    /// the screen's width, would be taller than `maxScrollContentPixels` at the device's
    /// scale: a narrow, tall screenshot (100x8000 px is 28 800 pt on a 360 pt phone). Written
    /// heights were refused by the loader already; this holds measured ones to the same rule,
    /// so every command refuses what it could not draw. `file` names `prototype.lua`.
    public static func scrollProblems(_ measured: Prototype, file: String) -> [Diagnostic] {
        let scale = measured.device.scale
        var problems: [Diagnostic] = []
        func check(_ region: ScrollRegion?, image: String, path: String) {
            guard let height = region?.contentHeight, height * scale > Double(maxScrollContentPixels) else { return }
            problems.append(
                Diagnostic(
                    file: file, path: path,
                    message:
                        "the content of \(image), scaled to the screen's width, is \(formatNumber(height.rounded())) pt tall: at scale \(formatNumber(scale)) that is \(formatNumber((height * scale).rounded())) px, more than \(maxScrollContentPixels) px (the most an image may have on a side); crop the screenshot, or give it the screen's width"
                ))
        }
        for name in measured.sceneOrder {
            guard let scene = measured.scenes[name] else { continue }
            check(scene.design.scroll, image: scene.image, path: "scenes.\(name).scroll")
            if let variant = scene.design.landscape {
                check(variant.scroll, image: variant.image, path: "scenes.\(name).landscape.scroll")
            }
        }
        return problems
    }
}
