import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

/// Headless frames of scenes shown in landscape: drawn at the turned pixel size.
@Suite struct LandscapeRenderTests {
    // 20 x 40 pt at scale 3: 60 x 120 px upright, 120 x 60 px turned.
    let device = Device(width: 20, height: 40, scale: 3)

    /// `video` (blue) with a landscape variant (left half red, right half green), and `wide`,
    /// the separate landscape scene of `gallery` (yellow).
    func session(in folder: TempFolder) throws -> Session {
        try folder.png("video.png", RGBAImage(width: 60, height: 120, fill: (0, 0, 200, 255)))
        try folder.png(
            "land.png", makeImage(width: 120, height: 60) { x, _ in x < 60 ? (200, 0, 0, 255) : (0, 200, 0, 255) })
        var video = Scene(name: "video", image: "video.png")
        video.design.landscape = LandscapeVariant(image: "land.png")
        var prototype = Prototype(name: "L", device: device, start: "video", scenes: [video])
        prototype.directory = folder.path
        return Session(prototype: prototype)
    }

    func settle(_ s: Session) {
        for _ in 0..<30 {
            s.step(to: s.now + 1.0 / 60)
            s.framePresented()
        }
    }

    /// What `test --video` converts (`withBGRXPixels`: the drawing surface itself for an upright
    /// frame, read back for a turned one) is the frame just drawn, byte for byte as
    /// `captureBGRX` reads it back, at its own size, however the scratch buffer started.
    @Test func lentPixelsAreTheLastFrameUprightAndTurned() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let s = try session(in: folder)
        try folder.png("other.png", makeImage(width: 60, height: 120) { x, y in (UInt8(x * 4), UInt8(y * 2), 9, 255) })
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        var scratch = [UInt8](repeating: 5, count: 3)
        func lent() throws -> (bytes: [UInt8], width: Int, height: Int) {
            try renderer.withBGRXPixels(scratch: &scratch) { pixels, width, height, pitch in
                var rows = [UInt8]()
                for y in 0..<height {
                    rows += UnsafeRawBufferPointer(start: pixels + y * pitch, count: width * 4)
                }
                return (rows, width, height)
            }
        }
        var expected = [UInt8]()
        // Two upright frames in a row: the second one's pixels, not the first's.
        try renderer.draw(s.frame(), images: images)
        try renderer.draw(FrameDescription(device: device, layers: [layer("other.png")]), images: images)
        _ = try renderer.captureBGRX(into: &expected)
        var got = try lent()
        #expect(got.width == 60 && got.height == 120)
        #expect(got.bytes == expected)
        #expect(Array(got.bytes[(61 * 60 + 10) * 4..<(61 * 60 + 10) * 4 + 3]) == [9, 122, 40], "B,G,R of (10, 61)")

        s.rotate(to: .landscape)
        settle(s)
        try renderer.draw(s.frame(), images: images)
        _ = try renderer.captureBGRX(into: &expected)
        got = try lent()
        #expect(got.width == 120 && got.height == 60)
        #expect(got.bytes == expected)
        #expect(Array(got.bytes[(30 * 120 + 10) * 4..<(30 * 120 + 10) * 4 + 3]) == [0, 0, 200], "red on the left")
    }

    @Test func aTurnedSceneIsCapturedAtTheTurnedPixelSizeAndBack() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let s = try session(in: folder)
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        try renderer.draw(s.frame(), images: images)
        let upright = try renderer.capture()
        #expect(upright.width == 60 && upright.height == 120)
        #expect(upright.pixel(x: 30, y: 60) == (0, 0, 200, 255))

        s.rotate(to: .landscape)
        settle(s)
        try renderer.draw(s.frame(), images: images)
        let turned = try renderer.capture()
        #expect(turned.width == 120 && turned.height == 60)
        #expect(renderer.targetSize == (120, 60))
        #expect(turned.pixel(x: 10, y: 30) == (200, 0, 0, 255), "the left half of the landscape screenshot")
        #expect(turned.pixel(x: 110, y: 50) == (0, 200, 0, 255), "the right half, not squashed into 60 px")
        let path = folder.file("turned.png")
        try OffscreenRenderer.savePNG(turned, to: path)
        let reread = try PictureLoader().load(path: path).rgbaImage()
        #expect(reread == turned, "the PNG holds the turned frame")

        s.rotate(to: .portrait)
        settle(s)
        try renderer.draw(s.frame(), images: images)
        var again = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 0))
        try renderer.capture(into: &again)
        #expect(again == upright, "back upright: the surface again, same pixels")
    }

    @Test func theTurnRotatesTheUprightScreenIntoTheTurnedOne() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let s = try session(in: folder)
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        s.rotate(to: .landscape)
        try renderer.draw(s.frame(), images: images)  // progress 0: the upright screen, fitted, unturned
        let start = try renderer.capture()
        #expect(start.width == 120 && start.height == 60, "drawn on the turned screen")
        #expect(start.pixel(x: 60, y: 30) == (0, 0, 200, 255), "the blue upright screen in the middle")
        #expect(start.pixel(x: 60, y: 2) == (0, 0, 200, 255), "fitted to the height: 30 x 60 px")
        #expect(start.pixel(x: 10, y: 30) == (0, 0, 0, 255) && start.pixel(x: 110, y: 30) == (0, 0, 0, 255))
        s.step(to: s.now + Session.rotationDuration * 0.5)
        try renderer.draw(s.frame(), images: images)
        let mid = try renderer.capture()
        let centre = mid.pixel(x: 55, y: 30)
        #expect(
            centre.2 > 40 && (centre.0 > 40 || centre.1 > 40), "half-way: blue under the landscape fading in: \(centre)"
        )
        #expect(mid.pixel(x: 1, y: 1) == (0, 0, 0, 255), "a corner still uncovered while turned 45 degrees")
        settle(s)
        try renderer.draw(s.frame(), images: images)
        let end = try renderer.capture()
        #expect(end.pixel(x: 10, y: 30) == (200, 0, 0, 255) && end.pixel(x: 110, y: 30) == (0, 200, 0, 255))
    }
}
