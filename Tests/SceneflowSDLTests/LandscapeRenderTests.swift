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
