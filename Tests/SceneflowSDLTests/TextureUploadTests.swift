import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// `TextureCache.uploadPreloaded()`: the window creates textures of finished background
/// decodes while idle, so a transition's first frame does not pay for the upload.
@Suite struct TextureUploadTests {
    let device = Device(width: 60, height: 120, scale: 1)

    @Test func createsTexturesOfFinishedDecodesOnceAndKeepsFailuresForDrawing() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let shot = RGBAImage(width: 60, height: 120, fill: (40, 80, 120, 255))
        try folder.png("a.png", shot)
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        #expect(images.uploadPreloaded() == 0)
        images.preload([(path: "a.png", screen: .wholeImage), (path: "missing.png", screen: .wholeImage)])
        var created = 0
        for _ in 0..<500 where images.count == 0 {  // decodes run on a background queue
            created += images.uploadPreloaded()
            if images.count == 0 { usleep(2_000) }
        }
        #expect(created == 1 && images.count == 1)
        #expect(images.uploadPreloaded() == 0, "nothing left to upload")
        let layer = SceneLayer(scene: "a", image: "a.png", screen: .wholeImage, offset: Point(x: 0, y: 0), alpha: 1)
        try renderer.draw(FrameDescription(device: device, layers: [layer]), images: images)
        #expect(try renderer.capture() == shot)
        var missing = layer
        missing.image = "missing.png"
        #expect(throws: ImageLoadError.fileNotFound(path: folder.file("missing.png"))) {
            try renderer.draw(FrameDescription(device: device, layers: [missing]), images: images)
        }
    }
}
