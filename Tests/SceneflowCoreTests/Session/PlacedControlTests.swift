import Testing

@testable import SceneflowCore

/// Issue 13 items 2 and 3, around the one geometry: a star rating in a scroll region holds the
/// finger (the content does not scroll under a rating drag), and the frame
/// `expect.screenshot{at = ...}` draws for an overlay's transition is composed as the session
/// draws it (the overlay over the scene below, its controls placed on the card).
@Suite struct PlacedControlTests {
    static let device = Device(width: 200, height: 400, scale: 1)

    static func scrollPrototype() -> Prototype {
        var long = Scene(
            name: "long", image: "long.png",
            elements: [
                Element(
                    label: "Rating", frame: Rect(x: 0, y: 200, width: 200, height: 60), kind: "star_rating",
                    control: .starRating(StarRating(touchBand: 20)))
            ])
        long.design.scroll = ScrollRegion(header: 40, footer: 0, contentHeight: 1200)
        return Prototype(name: "S", device: device, start: "long", scenes: [long])
    }

    @Test func aDragOnAStarRatingInAScrollRegionRatesAndDoesNotScroll() throws {
        let s = Session(prototype: Self.scrollPrototype())
        s.scroll(by: 100)  // "Rating" now at y 100 on screen
        let frame = try #require(s.screenElements.first?.frame)
        #expect(frame == Rect(x: 0, y: 100, width: 200, height: 60))
        let y = frame.y + 20
        s.handle(InputEvent(.down, Point(x: 30, y: y), at: 0))
        s.handle(InputEvent(.move, Point(x: 120, y: y + 80), at: 0.1))
        s.handle(InputEvent(.up, Point(x: 190, y: y + 120), at: 0.2))
        #expect(s.scrollOffset("long") == 100, "the rating held the finger")
        #expect(try s.controlValue("Rating") == 5)
        // Elsewhere in the band a drag scrolls as before.
        s.handle(InputEvent(.down, Point(x: 100, y: 300), at: 1))
        s.handle(InputEvent(.move, Point(x: 100, y: 250), at: 1.1))
        s.handle(InputEvent(.up, Point(x: 100, y: 250), at: 1.2))
        #expect(s.scrollOffset("long") == 150)
    }

    static func overlayPrototype() -> Prototype {
        let entry = Scene(
            name: "entry", image: "entry.png",
            elements: [
                Element(
                    label: "Rate", frame: Rect(x: 0, y: 300, width: 200, height: 100),
                    onTap: .present(
                        scene: "rate", transition: Transition(kind: .crossfade, duration: 0.3, curve: .linear)))
            ])
        var rate = Scene(
            name: "rate", image: "card.png",
            elements: [
                Element(
                    label: "Rating", frame: Rect(x: 10, y: 10, width: 100, height: 40), kind: "star_rating",
                    control: .starRating(StarRating(touchBand: 0)))
            ])
        rate.design.overlay = OverlayStyle(position: .center, dim: 0.5, size: Size(width: 120, height: 100))
        return Prototype(name: "O", device: device, start: "entry", scenes: [entry, rate])
    }

    @Test func aScreenshotMomentOfAnOverlayTransitionIsComposedAsTheSessionDrawsIt() throws {
        let s = Session(prototype: Self.overlayPrototype())
        s.handle(InputEvent(.down, Point(x: 100, y: 350), at: 0))
        s.step(to: 0.05)
        s.handle(InputEvent(.up, Point(x: 100, y: 350), at: 0.05))  // the present starts at 0.05 s
        s.step(to: 0.2)
        let live = s.frame()  // halfway through the present, as drawn
        var t = 0.2
        while t < 0.5 {
            t += 1.0 / 60
            s.step(to: t)
            s.framePresented()
        }
        let record = try #require(s.lastCompletedTransition)
        let moment = s.transitionFrame(record, linearProgress: 0.5)
        #expect(moment.layers.map(\.scene) == ["entry", "", "rate"], "the card over the dimmed scene below")
        // The same frame as the one drawn halfway (alphas up to rounding of the clock).
        #expect(moment.layers.count == live.layers.count)
        for (a, b) in zip(moment.layers, live.layers) {
            #expect(a.scene == b.scene && a.offset == b.offset && a.size == b.size && abs(a.alpha - b.alpha) < 1e-9)
            #expect(a.overlays.map(\.glyphs) == b.overlays.map(\.glyphs))
        }
        let card = try #require(moment.layers.last)
        #expect(card.size == Size(width: 120, height: 100))
        #expect(card.overlays.first?.glyphs.first?.x ?? 0 >= 40, "the stars placed on the card (at x 40 + 10)")
    }
}
