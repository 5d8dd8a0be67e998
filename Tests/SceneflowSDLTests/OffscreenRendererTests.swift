import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

@Suite struct OffscreenRendererTests {
    // 20 x 40 pt at scale 3 = 60 x 120 px.
    let device = Device(width: 20, height: 40, scale: 3)

    @Test func crossfadeMidpointBlendsEveryPixel() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("a.png", RGBAImage(width: 60, height: 120, fill: (200, 40, 40, 255)))
        try folder.png("b.png", RGBAImage(width: 60, height: 120, fill: (20, 60, 240, 255)))
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        try renderer.draw(
            FrameDescription(device: device, layers: [layer("a.png"), layer("b.png", alpha: 0.5)]), images: images)
        let frame = try renderer.capture()
        #expect(frame.width == 60 && frame.height == 120)
        let expected: [Double] = [110, 50, 140, 255]  // 0.5 * A + 0.5 * B, opaque
        var worst = 0.0
        for i in 0..<frame.pixels.count { worst = max(worst, abs(Double(frame.pixels[i]) - expected[i % 4])) }
        #expect(worst <= 1, "largest channel error \(worst)")
    }

    @Test func pushAtHalfwayPutsTheBoundaryAtHalfTheWidth() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("a.png", RGBAImage(width: 60, height: 120, fill: (200, 40, 40, 255)))
        try folder.png("b.png", RGBAImage(width: 60, height: 120, fill: (20, 60, 240, 255)))
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        let frame = FrameDescription(
            device: device,
            layers: [
                layer("a.png", x: -device.width / 2), layer("b.png", x: device.width / 2),
            ])
        try renderer.draw(frame, images: images)
        let image = try renderer.capture()
        for y in 0..<120 {
            for x in 0..<60 {
                let p = image.pixel(x: x, y: y)
                let want: (UInt8, UInt8, UInt8, UInt8) = x < 30 ? (200, 40, 40, 255) : (20, 60, 240, 255)
                #expect(p == want, "pixel (\(x), \(y))")
                if p != want { return }
            }
        }
    }

    @Test func emptyFrameIsOpaqueBlackAndOffscreenLayersAreSkipped() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        // The image does not exist: a layer moved fully off screen is never decoded.
        try renderer.draw(FrameDescription(device: device, layers: [layer("missing.png", x: 20)]), images: images)
        let frame = try renderer.capture()
        #expect(frame == RGBAImage(width: 60, height: 120, fill: (0, 0, 0, 255)))
        #expect(images.count == 0)
    }

    @Test func cropsTheScreenRectAndDrawsItOneToOne() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        // A device-framed shot: 100 x 200 px, the 60 x 120 px screen at (20, 40) shows a gradient.
        let shot = makeImage(width: 100, height: 200) { x, y in
            let inside = x >= 20 && x < 80 && y >= 40 && y < 160
            return inside ? (UInt8(x), UInt8(y), 77, 255) : (255, 255, 255, 0)
        }
        try folder.png("framed.png", shot)
        let screen = ScreenArea.rect(PixelRect(x: 20, y: 40, width: 60, height: 120))
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        try images.prepare(image: "framed.png", screen: screen, directory: folder.path)
        try renderer.draw(
            FrameDescription(device: device, layers: [layer("framed.png", screen: screen)]), images: images)
        let frame = try renderer.capture()
        let expected = makeImage(width: 60, height: 120) { x, y in (UInt8(x + 20), UInt8(y + 40), 77, 255) }
        #expect(frame == expected)
    }

    @Test func autoFindsTheScreenInsideAPhoneFrame() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        // 200 x 400 px: transparent background, a grey bezel at (10, 10)-(190, 390), and a
        // 160 x 340 px screen at (20, 30) with a horizontal gradient.
        let shot = makeImage(width: 200, height: 400) { x, y in
            if x >= 20 && x < 180 && y >= 30 && y < 370 { return (UInt8(x), 220, 240, 255) }
            if x >= 10 && x < 190 && y >= 10 && y < 390 { return (30, 30, 30, 255) }
            return (0, 0, 0, 0)
        }
        let path = try folder.png("framed.png", shot)
        #expect(
            try PictureLoader().load(path: path).screenRect(for: .auto)
                == PixelRect(x: 20, y: 30, width: 160, height: 340))
        let device = Device(width: 80, height: 170, scale: 2)
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        try renderer.draw(
            FrameDescription(device: device, layers: [layer("framed.png", screen: .auto)]), images: images)
        #expect(try renderer.capture() == makeImage(width: 160, height: 340) { x, _ in (UInt8(x + 20), 220, 240, 255) })
    }

    @Test func preloadedImagesDrawTheSameAsLazyOnes() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let shot = makeImage(width: 60, height: 120) { x, y in (UInt8(x * 4), UInt8(y * 2), 9, 255) }
        try folder.png("s.png", shot)
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        images.preload([(path: "s.png", screen: .wholeImage), (path: "missing.png", screen: .wholeImage)])
        try renderer.draw(FrameDescription(device: device, layers: [layer("s.png")]), images: images)
        #expect(try renderer.capture() == shot)
        #expect(images.count == 1)
        #expect(throws: ImageLoadError.fileNotFound(path: folder.file("missing.png"))) {
            try renderer.draw(FrameDescription(device: device, layers: [layer("missing.png")]), images: images)
        }
    }

    @Test func scalesAScreenOfAnotherSizeToTheDevice() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("half.png", RGBAImage(width: 30, height: 60, fill: (10, 200, 30, 255)))
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        try renderer.draw(FrameDescription(device: device, layers: [layer("half.png")]), images: images)
        #expect(try renderer.capture() == RGBAImage(width: 60, height: 120, fill: (10, 200, 30, 255)))
    }

    @Test func savePNGRoundTripsAndLeavesNoTemporaryFile() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let image = makeImage(width: 7, height: 5) { x, y in (UInt8(x * 30), UInt8(y * 50), 3, UInt8(255 - x)) }
        let path = try folder.png("round.png", image)
        try folder.png("round.png", image)  // overwrite in place
        #expect(try PictureLoader().load(path: path).rgbaImage() == image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["round.png"])
        // Encoding errors are SDLErrors; a write that fails is an OutputError naming the reason.
        #expect(throws: OutputError.self) {
            try OffscreenRenderer.savePNG(image, to: folder.file("no/such/folder/x.png"))
        }
    }
}
