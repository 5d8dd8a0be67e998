import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

/// Issue 13 item 8: star glyphs as DLStarRating draws them. DLStarRating shows one image per
/// state: a lit star shows `star_highlighted` instead of `star`, never over it, and a partly lit
/// star shows the lit image's part up to the clip and the empty image's part after it. With a
/// grey ring as `star` and a smaller gold disc as `star_highlighted`, no grey ring may show
/// around a lit star.
@Suite("Star glyphs: the lit image replaces the empty one")
struct StarGlyphReplaceTests {
    // Two 40 pt stars at scale 1 over a white 80 x 40 pt scene.
    let device = Device(width: 80, height: 40, scale: 1)
    static let grey: (UInt8, UInt8, UInt8, UInt8) = (128, 128, 128, 255)
    static let gold: (UInt8, UInt8, UInt8, UInt8) = (255, 190, 0, 255)
    static let clear: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)

    /// A 40 x 40 px grey ring: radius 14 to 19 px around the centre, transparent elsewhere.
    static let ring = makeImage(width: 40, height: 40) { x, y in
        let d = (pow(Double(x) + 0.5 - 20, 2) + pow(Double(y) + 0.5 - 20, 2)).squareRoot()
        return d >= 14 && d <= 19 ? grey : clear
    }
    /// A 40 x 40 px gold disc of radius 10 px: smaller than the ring, transparent around it.
    static let disc = makeImage(width: 40, height: 40) { x, y in
        let d = (pow(Double(x) + 0.5 - 20, 2) + pow(Double(y) + 0.5 - 20, 2)).squareRoot()
        return d <= 10 ? gold : clear
    }

    private func draw(value: Double, rightToLeft: Bool = false) throws -> RGBAImage {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("white.png", RGBAImage(width: 80, height: 40, fill: (255, 255, 255, 255)))
        try folder.png("star.png", Self.ring)
        try folder.png("star_highlighted.png", Self.disc)
        let rating = StarRating(
            stars: 2, starImage: "star.png", highlightedImage: "star_highlighted.png",
            starSize: Size(width: 40, height: 40), touchBand: 0, step: 0.5, rightToLeft: rightToLeft)
        var tracker = StarRatingTracker(rating, frame: Rect(x: 0, y: 0, width: 80, height: 40))
        try tracker.set(value)
        var scene = layer("white.png")
        scene.overlays = [StarRatingOverlay(label: "Rating", tracker: tracker, focused: false)]
        let renderer = try OffscreenRenderer(device: device)
        try renderer.draw(
            FrameDescription(device: device, layers: [scene]), images: renderer.makeTextureCache(directory: folder.path)
        )
        return try renderer.capture()
    }

    private func isGrey(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        let p = image.pixel(x: x, y: y)
        return p.r == 128 && p.g == 128 && p.b == 128
    }

    private func isGold(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        let p = image.pixel(x: x, y: y)
        return p.r == 255 && p.g == 190 && p.b == 0
    }

    private func isWhite(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        let p = image.pixel(x: x, y: y)
        return p.r == 255 && p.g == 255 && p.b == 255
    }

    /// Grey pixels (the ring) inside columns `columns` of the frame.
    private func greyCount(_ image: RGBAImage, columns: Range<Int>) -> Int {
        columns.reduce(0) { sum, x in sum + (0..<40).filter { isGrey(image, x, $0) }.count }
    }

    @Test func aLitStarShowsOnlyTheLitImage() throws {
        let image = try draw(value: 2)
        let ringPixels = greyCount(image, columns: 0..<80)
        #expect(ringPixels == 0, "no ring shows under or around a lit star")
        for star in 0..<2 {
            let cx = 20 + 40 * star
            let discAtCentre = isGold(image, cx, 20)
            #expect(discAtCentre, "the disc at the centre of star \(star + 1)")
            let sceneWhereRingWas = isWhite(image, cx + 16, 20)
            #expect(sceneWhereRingWas, "the scene shows where only the ring would be")
            let sceneAboveDisc = isWhite(image, cx, 3)
            #expect(sceneAboveDisc, "and above the disc")
        }
    }

    @Test func anEmptyStarShowsOnlyTheEmptyImage() throws {
        let image = try draw(value: 0)
        let ringsShow = isGrey(image, 36, 20) && isGrey(image, 76, 20)
        #expect(ringsShow)
        let noDiscs = isWhite(image, 20, 20) && isWhite(image, 60, 20)
        #expect(noDiscs, "no disc")
    }

    @Test func aPartlyLitStarShowsTheLitPartThenTheEmptyPart() throws {
        // 1.5 stars: star 2 is lit over its left half (x 40..<60), empty over the right half.
        let image = try draw(value: 1.5)
        let ringPixelsLit = greyCount(image, columns: 0..<60)
        #expect(ringPixelsLit == 0, "no ring on the lit star or the lit half")
        let discLeftHalf = isGold(image, 55, 20)
        #expect(discLeftHalf, "the disc's left half")
        let ringRightHalf = isGrey(image, 76, 20)
        #expect(ringRightHalf, "the ring's right half")
        let noDiscRightHalf = isWhite(image, 65, 20)
        #expect(noDiscRightHalf, "the disc's right half is not drawn")
        let ringPixelsUnlit = greyCount(image, columns: 60..<80)
        #expect(ringPixelsUnlit > 0)
    }

    @Test func aPartlyLitRightToLeftStarIsLitFromItsRightEdge() throws {
        // Right to left, 1.5 stars: the right star is lit, the left one over its right half.
        let image = try draw(value: 1.5, rightToLeft: true)
        let ringPixelsLit = greyCount(image, columns: 20..<80)
        #expect(ringPixelsLit == 0, "no ring on the lit half or the lit star")
        let discRightHalf = isGold(image, 25, 20)
        #expect(discRightHalf)
        let ringLeftHalf = isGrey(image, 3, 20)
        #expect(ringLeftHalf, "the ring's left half stays")
        let noDiscLeftHalf = isWhite(image, 15, 20)
        #expect(noDiscLeftHalf, "the disc's left half is not drawn")
    }
}
