import Testing

@testable import SceneflowCore

/// A synthetic framed screenshot whose *screen* has rounded corners: transparent background, a
/// rounded outer frame with a grey rim, a `bezel`-coloured band, and a screen of `background`
/// with anti-aliased rounded corners of `radius` px, a black punch-hole camera ring near the
/// top-left corner and a blue block in the middle. The screen rectangle is `{40, 40, w − 80, h − 80}`.
private func framedShot(
    width w: Int = 400, height h: Int = 800, radius: Double = 48, bezel: (UInt8, UInt8, UInt8) = (20, 20, 22),
    background: (UInt8, UInt8, UInt8) = (250, 250, 246)
) -> RGBAImage {
    var image = RGBAImage(width: w, height: h, fill: (0, 0, 0, 0))
    let inner = 40
    func blend(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 { UInt8((Double(a) * (1 - t) + Double(b) * t).rounded()) }
    for y in 0..<h {
        for x in 0..<w {
            // Outer frame: rounded rectangle 10 px in, radius 60; rim 4 px grey.
            let ox = min(max(Double(x) + 0.5, 70), Double(w) - 70)
            let oy = min(max(Double(y) + 0.5, 70), Double(h) - 70)
            let outer =
                ((Double(x) + 0.5 - ox) * (Double(x) + 0.5 - ox) + (Double(y) + 0.5 - oy) * (Double(y) + 0.5 - oy))
                .squareRoot()
            guard outer <= 60 else { continue }
            var c = outer > 56 ? (UInt8(130), UInt8(130), UInt8(130)) : bezel
            let inScreen = x >= inner && x < w - inner && y >= inner && y < h - inner
            if inScreen {
                // Distance past the screen's rounded corner (0 inside), for anti-aliasing.
                let cx = min(max(Double(x) + 0.5, Double(inner) + radius), Double(w - inner) - radius)
                let cy = min(max(Double(y) + 0.5, Double(inner) + radius), Double(h - inner) - radius)
                let d =
                    ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy))
                    .squareRoot()
                let coverage = min(max(radius + 0.5 - d, 0), 1)
                var content = background
                let camera = ((Double(x) - 75) * (Double(x) - 75) + (Double(y) - 75) * (Double(y) - 75)).squareRoot()
                if camera < 12 { content = (0, 0, 0) }
                if x >= 150 && x < 250 && y >= 300 && y < 500 { content = (40, 90, 200) }
                c = (
                    blend(bezel.0, content.0, coverage), blend(bezel.1, content.1, coverage),
                    blend(bezel.2, content.2, coverage)
                )
            }
            let i = (y * w + x) * 4
            (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3]) = (c.0, c.1, c.2, 255)
        }
    }
    return image
}

@Suite struct ScreenCornersTests {
    let screen = PixelRect(x: 40, y: 40, width: 320, height: 720)

    func maxDifference(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (UInt8, UInt8, UInt8)) -> Int {
        max(abs(Int(p.r) - Int(c.0)), abs(Int(p.g) - Int(c.1)), abs(Int(p.b) - Int(c.2)))
    }

    @Test func radiiAreMeasuredFromTheDiagonal() {
        let radii = ScreenCorners.radii(framedShot(), screen: screen)
        #expect(radii.count == 4)
        for r in radii { #expect(abs(r - 48) <= 3, "\(radii)") }
    }

    @Test func cornersShowTheScreenNotTheBezel() {
        let shot = framedShot()
        let before = ScreenCorners.crop(shot, screen)
        let after = ScreenCorners.screenImage(shot, screen: screen)
        #expect(after.width == 320 && after.height == 720)
        // Before: the corner pixels are bezel. After: every pixel of each 60x60 corner square is
        // the background (or the camera ring near the top-left corner, which stays).
        #expect(maxDifference(before.pixel(x: 2, y: 2), (20, 20, 22)) <= 2)
        let corners = [(0, 0), (260, 0), (0, 660), (260, 660)]
        for (cx, cy) in corners {
            for y in cy..<cy + 60 {
                for x in cx..<cx + 60 {
                    let p = after.pixel(x: x, y: y)
                    let camera =
                        ((Double(x + 40) - 75) * (Double(x + 40) - 75) + (Double(y + 40) - 75) * (Double(y + 40) - 75))
                        .squareRoot()
                    if camera < 14 { continue }
                    #expect(maxDifference(p, (250, 250, 246)) <= 12 && p.a == 255, "pixel (\(x), \(y)) is \(p)")
                    if maxDifference(p, (250, 250, 246)) > 12 { return }
                }
            }
        }
        // The camera ring (content near the corner) and everything away from the corners are untouched.
        #expect(after.pixel(x: 35, y: 35) == before.pixel(x: 35, y: 35))
        #expect(maxDifference(after.pixel(x: 35, y: 35), (0, 0, 0)) == 0)
        for y in stride(from: 80, to: 640, by: 7) {
            for x in stride(from: 0, to: 320, by: 5) where after.pixel(x: x, y: y) != before.pixel(x: x, y: y) {
                Issue.record("pixel (\(x), \(y)) away from the corners changed")
                return
            }
        }
    }

    @Test func darkContentAgainstABlackBezelIsLeftAlone() {
        // Nothing to hide (black on black), and no way to tell content from bezel: no change.
        let shot = framedShot(bezel: (0, 0, 0), background: (0, 0, 0))
        #expect(ScreenCorners.radii(shot, screen: screen) == [0, 0, 0, 0])
        #expect(ScreenCorners.screenImage(shot, screen: screen) == ScreenCorners.crop(shot, screen))
    }

    @Test func aDarkThemeNextToABlackBezelIsFilled() {
        let shot = framedShot(bezel: (0, 0, 0), background: (25, 28, 25))
        let after = ScreenCorners.screenImage(shot, screen: screen)
        #expect(maxDifference(after.pixel(x: 1, y: 1), (25, 28, 25)) <= 3, "\(after.pixel(x: 1, y: 1))")
        #expect(maxDifference(after.pixel(x: 318, y: 718), (25, 28, 25)) <= 3, "\(after.pixel(x: 318, y: 718))")
    }

    @Test func aScreenAreaTouchingTheImageEdgeIsUnchanged() {
        let plain = RGBAImage(width: 50, height: 80, fill: (10, 10, 10, 255))
        let whole = PixelRect(x: 0, y: 0, width: 50, height: 80)
        #expect(ScreenCorners.screenImage(plain, screen: whole) == plain)
    }
}
