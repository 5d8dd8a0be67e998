import Foundation
import SceneflowCore
import SceneflowSDL

/// A fresh temporary folder per test, with helpers that write generated images into it.
struct TempFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "sceneflow-sdl-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Writes `image` as PNG with the module's own writer; returns the full path.
    @discardableResult
    func png(_ name: String, _ image: RGBAImage) throws -> String {
        let target = file(name)
        try OffscreenRenderer.savePNG(image, to: target)
        return target
    }

    /// Writes raw bytes; returns the full path.
    @discardableResult
    func bytes(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A `width` x `height` image where every pixel is `color(x, y)`.
func makeImage(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let c = color(x, y)
            let i = (y * width + x) * 4
            (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (c.0, c.1, c.2, c.3)
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

func layer(_ image: String, screen: ScreenArea = .wholeImage, x: Double = 0, y: Double = 0, alpha: Double = 1)
    -> SceneLayer
{
    SceneLayer(scene: image, image: image, screen: screen, offset: Point(x: x, y: y), alpha: alpha)
}
