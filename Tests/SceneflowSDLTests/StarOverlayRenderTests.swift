import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

@Suite("Drawing star ratings over a scene")
struct StarOverlayRenderTests {
    // 40 x 20 pt at scale 2 = 80 x 40 px; two 20 pt stars fill the width.
    let device = Device(width: 40, height: 20, scale: 2)

    private func frame(value: Double, rtl: Bool = false, images: Bool, focused: Bool = false) throws
        -> FrameDescription
    {
        let rating = StarRating(
            stars: 2, starImage: images ? "off.png" : nil, highlightedImage: images ? "on.png" : nil,
            starSize: Size(width: 20, height: 20), touchBand: 0, step: 0.5, rightToLeft: rtl)
        var tracker = StarRatingTracker(rating, frame: Rect(x: 0, y: 0, width: 40, height: 20))
        try tracker.set(value)
        var scene = layer("white.png")
        scene.overlays = [StarRatingOverlay(label: "Rating", tracker: tracker, focused: focused)]
        return FrameDescription(device: device, layers: [scene])
    }

    private func draw(_ frame: FrameDescription) throws -> RGBAImage {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("white.png", RGBAImage(width: 80, height: 40, fill: (255, 255, 255, 255)))
        try folder.png("off.png", RGBAImage(width: 10, height: 10, fill: (200, 0, 0, 255)))
        try folder.png("on.png", RGBAImage(width: 10, height: 10, fill: (0, 200, 0, 255)))
        let renderer = try OffscreenRenderer(device: device)
        try renderer.draw(frame, images: renderer.makeTextureCache(directory: folder.path))
        return try renderer.capture()
    }

    @Test func partlyLitImageIsClippedAtTheFraction() throws {
        let image = try draw(try frame(value: 1.5, images: true))
        let red = (UInt8(200), UInt8(0), UInt8(0), UInt8(255))
        let green = (UInt8(0), UInt8(200), UInt8(0), UInt8(255))
        #expect(image == makeImage(width: 80, height: 40) { x, _ in x < 60 ? green : red })
        let rtl = try draw(try frame(value: 1.5, rtl: true, images: true))
        #expect(rtl == makeImage(width: 80, height: 40) { x, _ in x < 20 ? red : green })
        let none = try draw(try frame(value: 0, images: true))
        #expect(none == RGBAImage(width: 80, height: 40, fill: red))
    }

    @Test func builtInStarsAreGoldWhenLitGreyWhenEmptyAndTransparentAround() throws {
        let image = try draw(try frame(value: 1.5, images: false))
        let litCentre = image.pixel(x: 20, y: 22)
        #expect(litCentre.r == 255 && litCentre.g == 190 && litCentre.b == 20)
        let halfLeft = image.pixel(x: 56, y: 22)
        #expect(halfLeft.r == 255 && halfLeft.g == 190)
        let halfRight = image.pixel(x: 64, y: 22)
        #expect(halfRight.r == 218 && halfRight.g == 218 && halfRight.b == 218)
        let corner = image.pixel(x: 1, y: 1)
        #expect(corner.r == 255 && corner.g == 255 && corner.b == 255)
        // Anti-aliased edges: pixels between the background and the outline colours.
        let pure: Set<[UInt8]> = [
            [255, 255, 255], [255, 190, 20], [218, 218, 218], [222, 142, 0], [158, 158, 158],
        ]
        let mixed = (0..<40).flatMap { y in (0..<80).map { image.pixel(x: $0, y: y) } }
            .filter { !pure.contains([$0.r, $0.g, $0.b]) }
        #expect(mixed.count > 20)
    }

    @Test func focusRingIsOutlinedAroundTheRow() throws {
        // A 60 x 40 pt screen with the 40 x 20 pt control at (10, 10): the ring lies 3 pt
        // outside the row, at x = 7 pt = 14 px.
        let big = Device(width: 60, height: 40, scale: 2)
        let rating = StarRating(stars: 2, starSize: Size(width: 20, height: 20), touchBand: 0)
        let tracker = StarRatingTracker(rating, frame: Rect(x: 10, y: 10, width: 40, height: 20))
        var scene = layer("white.png")
        scene.overlays = [StarRatingOverlay(label: "Rating", tracker: tracker, focused: true)]
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("white.png", RGBAImage(width: 120, height: 80, fill: (255, 255, 255, 255)))
        let renderer = try OffscreenRenderer(device: big)
        try renderer.draw(
            FrameDescription(device: big, layers: [scene]), images: renderer.makeTextureCache(directory: folder.path))
        let image = try renderer.capture()
        #expect(image.pixel(x: 14, y: 40) == (26, 115, 232, 255))
        #expect(image.pixel(x: 105, y: 40) == (26, 115, 232, 255))
        #expect(image.pixel(x: 60, y: 14) == (26, 115, 232, 255))
        #expect(image.pixel(x: 9, y: 40) == (255, 255, 255, 255))
    }
}
