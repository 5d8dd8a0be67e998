import Testing

@testable import SceneflowCore

/// A synthetic device-framed screenshot: transparent background, a rounded dark bezel
/// `bezel` px thick starting `margin` px in, with two grey bands, around a screen with an app
/// bar, a vertical gradient, cards, "text" and a full-width bottom bar.
private func framedScreenshot(
    width w: Int = 300, height h: Int = 600, margin: Int = 10, bezel: Int = 20,
    bottomBar: Int = 40, appBar: Int = 60
) -> RGBAImage {
    var image = RGBAImage(width: w, height: h, fill: (0, 0, 0, 0))
    func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
        let i = (y * w + x) * 4
        image.pixels[i] = c.0
        image.pixels[i + 1] = c.1
        image.pixels[i + 2] = c.2
        image.pixels[i + 3] = 255
    }
    let inner = margin + bezel
    let radius = 24
    for y in 0..<h {
        for x in 0..<w {
            // Outside the rounded outer frame: transparent.
            let ox0 = margin
            let oy0 = margin
            let ox1 = w - margin - 1
            let oy1 = h - margin - 1
            if x < ox0 || x > ox1 || y < oy0 || y > oy1 { continue }
            let cx = x < ox0 + radius ? ox0 + radius : (x > ox1 - radius ? ox1 - radius : x)
            let cy = y < oy0 + radius ? oy0 + radius : (y > oy1 - radius ? oy1 - radius : y)
            if (x - cx) * (x - cx) + (y - cy) * (y - cy) > radius * radius { continue }
            let inScreen = x >= inner && x < w - inner && y >= inner && y < h - inner
            if !inScreen {
                let d = min(x - margin, ox1 - x, y - margin, oy1 - y)
                let band = (5...7).contains(d) || (12...14).contains(d)
                set(x, y, band ? (110, 110, 110) : (28, 28, 30))
                continue
            }
            let sy = y - inner
            let sx = x - inner
            let screenH = h - 2 * inner
            if sy < appBar {
                set(x, y, (40, 90, 200))  // app bar
            } else if sy >= screenH - bottomBar {
                set(x, y, (250, 250, 250))  // full-width bottom navigation bar
            } else {
                let g = UInt8(210 - sy * 30 / screenH)  // gentle gradient, no jumps
                var c: (UInt8, UInt8, UInt8) = (g, 230, 240)
                // Cards covering well under 80 % of the sampled rows, 12 px in from the sides.
                let cards = [(130, 200), (230, 300), (330, 370)]
                if cards.contains(where: { sy >= $0.0 && sy < $0.1 }) && sx >= 12 && sx < w - 2 * inner - 12 {
                    c = (255, 255, 255)
                    // Dark "text" runs of varying length in the cards.
                    if sy % 20 < 6 && sx >= 24 && sx < 24 + (sy * 7) % 150 { c = (60, 60, 60) }
                }
                set(x, y, c)
            }
        }
    }
    return image
}

@Suite("ScreenFinder")
struct ScreenFinderTests {
    @Test func findsTheExactScreenInsideAFramedScreenshot() throws {
        let image = framedScreenshot()
        // Sanity of the fixture: corners transparent, bezel opaque, screen edge is app bar.
        #expect(image.pixel(x: 0, y: 0).a == 0)
        #expect(image.pixel(x: 11, y: 11).a == 0)  // rounded corner
        #expect(image.pixel(x: 10, y: 300).a == 255)
        #expect(image.pixel(x: 30, y: 30) == (40, 90, 200, 255))
        let rect = try #require(ScreenFinder.find(in: image))
        #expect(rect == PixelRect(x: 30, y: 30, width: 240, height: 540))
    }

    @Test(arguments: [(320, 680, 8, 24), (280, 560, 0, 20), (360, 760, 14, 28)])
    func findsScreenForOtherSizesAndBezels(w: Int, h: Int, margin: Int, bezel: Int) throws {
        let image = framedScreenshot(width: w, height: h, margin: margin, bezel: bezel)
        let inner = margin + bezel
        if margin == 0 {
            // Without a transparent margin the corners are still transparent (rounded).
            #expect(image.pixel(x: 0, y: 0).a == 0)
        }
        let rect = try #require(ScreenFinder.find(in: image))
        #expect(rect == PixelRect(x: inner, y: inner, width: w - 2 * inner, height: h - 2 * inner))
    }

    @Test func bottomBarIsNotMistakenForTheBezel() throws {
        // A bottom bar 35 px tall puts its top edge inside the outer 12 % where a consistent
        // edge search alone would take it for the screen's bottom edge.
        let image = framedScreenshot(bottomBar: 35)
        let rect = try #require(ScreenFinder.find(in: image))
        #expect(rect.y + rect.height == 570)
    }

    /// A contrasting app bar whose bottom edge falls inside the outer 12 % is a shared edge
    /// too; it is not taken for the bezel because above it the columns show the bar's blue,
    /// which the side bezels do not have (before the bezel test this found {30, 60, 240, 470}).
    /// Realistic framed shots (status bar + toolbar ≈ 11 % of the height) can look like this.
    @Test func shortContrastingAppBarNearTheTop() throws {
        let image = framedScreenshot(appBar: 30)
        #expect(ScreenFinder.find(in: image) == PixelRect(x: 30, y: 30, width: 240, height: 540))
    }

    @Test func fullyOpaqueImageGivesNil() {
        #expect(ScreenFinder.find(in: RGBAImage(width: 300, height: 600, fill: (20, 30, 40, 255))) == nil)
        // Even with a frame-like pattern, no transparency means a plain screenshot.
        var framed = framedScreenshot()
        for i in stride(from: 3, to: framed.pixels.count, by: 4) { framed.pixels[i] = 255 }
        #expect(ScreenFinder.find(in: framed) == nil)
    }

    @Test func transparentOrTinyImagesGiveNil() {
        #expect(ScreenFinder.find(in: RGBAImage(width: 300, height: 600, fill: (0, 0, 0, 0))) == nil)
        #expect(ScreenFinder.find(in: RGBAImage(width: 16, height: 16, fill: (0, 0, 0, 0))) == nil)
    }

    @Test func aStatusBarInTheBezelColourStillEndsAtTheFirstOtherColour() throws {
        // A dark status bar coloured like the bezel cannot be told from it: the screen is then
        // taken to start below it (at the app bar), as before the bezel test.
        var image = framedScreenshot(appBar: 30)
        for y in 30..<40 {
            for x in 30..<270 {
                let i = (y * image.width + x) * 4
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = (28, 28, 30)
            }
        }
        let rect = try #require(ScreenFinder.find(in: image))
        #expect(rect.y == 40, "\(rect)")
    }
}
