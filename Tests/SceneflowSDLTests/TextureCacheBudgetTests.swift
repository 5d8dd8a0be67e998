import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// The texture cache stays within its byte budget by dropping the least recently drawn
/// textures, never one drawn in the current frame (the current and next scenes).
@Suite struct TextureCacheBudgetTests {
    let device = Device(width: 10, height: 20, scale: 1)

    func layer(_ image: String, x: Double = 0) -> SceneLayer {
        SceneLayer(scene: image, image: image, screen: .wholeImage, offset: Point(x: x, y: 0), alpha: 1)
    }

    /// A folder with one 10x20 px PNG per name, each a different grey.
    func folder(_ names: [String]) throws -> TempFolder {
        let folder = try TempFolder()
        for (index, name) in names.enumerated() {
            let grey = UInt8(index * 40)
            try folder.png(name, makeImage(width: 10, height: 20) { _, _ in (grey, grey, grey, 255) })
        }
        return folder
    }

    @Test func leastRecentlyDrawnTexturesAreEvictedFirst() throws {
        let names = ["a.png", "b.png", "c.png", "d.png"]
        let folder = try folder(names)
        defer { folder.remove() }
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        images.byteBudget = 3 * 10 * 20 * 4  // three screens
        for name in ["a.png", "b.png", "c.png", "a.png", "d.png"] {
            try renderer.draw(FrameDescription(device: device, layers: [layer(name)]), images: images)
        }
        // a was drawn again after b, so b is the least recently drawn when d arrives.
        #expect(images.count == 3)
        #expect(images.evictions == 1)
        #expect(images.bytesInUse == 3 * 800)
        #expect(images.peakBytes <= images.byteBudget)
        // b comes back (decoded again) and the drawn pixels are still right.
        try renderer.draw(FrameDescription(device: device, layers: [layer("b.png")]), images: images)
        #expect(try renderer.capture().pixels[0] == 40)
        #expect(images.evictions == 2)
    }

    @Test func texturesDrawnInTheCurrentFrameArePinned() throws {
        let folder = try folder(["a.png", "b.png", "c.png"])
        defer { folder.remove() }
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        images.byteBudget = 800  // one screen
        try renderer.draw(FrameDescription(device: device, layers: [layer("a.png")]), images: images)
        // A transition frame draws two scenes: neither may be dropped for the other.
        let transition = FrameDescription(device: device, layers: [layer("b.png"), layer("c.png", x: 5)])
        try renderer.draw(transition, images: images)
        #expect(images.count == 2, "both scenes of the transition stay, over the budget")
        #expect(images.evictions == 1, "only a, not drawn in this frame, was dropped")
        let pixels = try renderer.capture().pixels
        #expect(pixels[0] == 40 && pixels[5 * 4] == 80)
    }
}
