import Testing

@testable import SceneflowCore

/// `sceneflow check` warns about two interactive elements of one scene whose touch areas (the
/// areas hit testing uses) overlap while neither holds the other whole; containers, elements
/// without actions, and pairs that only touch are left alone.
@Suite struct OverlapWarningTests {
    let device = Device(width: 36, height: 80, scale: 1)

    func tap(_ label: String, _ frame: Rect, index: Int) -> Element {
        Element(
            label: label, frame: frame, onTap: .go(scene: "b", transition: .cut), path: "scenes.a.elements[\(index)]")
    }

    func warnings(_ elements: [Element]) -> [Diagnostic] {
        let prototype = Prototype(
            name: "P", device: device, start: "a",
            scenes: [Scene(name: "a", image: "a.png", elements: elements), Scene(name: "b", image: "b.png")])
        return PrototypeChecker.overlapWarnings(for: prototype, file: "p.lua")
    }

    /// The red-team case: a star rating 10 pt below a 10 pt text field; its touch band
    /// (20 pt under the glyphs, centred in the frame with them) reaches over the field.
    @Test func aStarRatingsTouchBandOverATextField() throws {
        let field = Element(
            label: "Sub", frame: Rect(x: 0, y: 40, width: 36, height: 10), kind: "text_field",
            path: "scenes.a.elements[1]", control: .textField(TextField()))
        let stars = Element(
            label: "Stars", frame: Rect(x: 0, y: 50, width: 36, height: 10), kind: "star_rating",
            path: "scenes.a.elements[2]", control: .starRating(StarRating()))
        let found = warnings([field, stars])
        #expect(found.count == 1, "\(found)")
        let warning = try #require(found.first)
        #expect(warning.path == "scenes.a.elements[2]" && warning.severity == .warning)
        let area = stars.touchArea(placedAt: stars.frame)
        #expect(area.y < 50 && area.maxY > 60, "the band reaches past the frame: \(area)")
        #expect(
            warning.message
                == "\"Stars\" (its touch area \(area) reaches past its frame) and \"Sub\" (scenes.a.elements[1]) in scene \"a\" overlap by 36x\(formatNumber(50 - area.y)) pt at {0, \(formatNumber(area.y)), 36, \(formatNumber(50 - area.y))}: a tap there reaches only \"Stars\", declared later; move one, or put one wholly inside the other"
        )
        // Hit testing agrees: a press in the overlap goes to the star rating.
        let session = Session(
            prototype: Prototype(
                name: "P", device: device, start: "a",
                scenes: [Scene(name: "a", image: "a.png", elements: [field, stars])]))
        #expect(session.controlLabel(at: Point(x: 18, y: (area.y + 50) / 2)) == "Stars")
    }

    /// Generated pairs of tap hotspots: the warning comes exactly when the frames overlap by
    /// more than the tolerance and neither holds the other whole.
    @Test(arguments: 0..<200)
    func generatedPairs(_ seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        func rect() -> Rect {
            Rect(
                x: Double(rng.next() % 30), y: Double(rng.next() % 70), width: Double(1 + rng.next() % 20),
                height: Double(1 + rng.next() % 20))
        }
        let a = rect()
        let b = rect()
        let found = warnings([tap("A", a, index: 1), tap("B", b, index: 2)])
        let overlap = a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
        let contained = a.isInside(b) || b.isInside(a)
        #expect(found.count == (overlap && !contained ? 1 : 0), "\(a) \(b): \(found)")
        if let warning = found.first {
            #expect(warning.path == "scenes.a.elements[2]")
            let w = min(a.maxX, b.maxX) - max(a.x, b.x)
            let h = min(a.maxY, b.maxY) - max(a.y, b.y)
            #expect(warning.message.contains("overlap by \(formatNumber(w))x\(formatNumber(h)) pt"), "\(warning)")
        }
    }

    @Test func containersPassiveElementsAndTouchingEdgesAreLeftAlone() {
        let card = tap("Card", Rect(x: 0, y: 0, width: 36, height: 40), index: 1)
        let button = tap("Buy", Rect(x: 4, y: 4, width: 20, height: 10), index: 2)
        let label = Element(
            label: "Title", frame: Rect(x: 10, y: 30, width: 26, height: 20), path: "scenes.a.elements[3]")
        let below = tap("Next", Rect(x: 0, y: 40, width: 36, height: 40), index: 4)
        let fractional = tap("Frac", Rect(x: 0, y: 80 - 1e-9, width: 36, height: 1), index: 5)
        var disabled = Element(
            label: "Off", frame: Rect(x: 20, y: 30, width: 16, height: 20), kind: "star_rating",
            path: "scenes.a.elements[6]", control: .starRating(StarRating()))
        disabled.enabled = false
        #expect(warnings([card, button, label, below, fractional, disabled]).isEmpty)
    }

    @Test func landscapeLooksAreCheckedApart() {
        var scene = Scene(
            name: "a", image: "a.png", elements: [tap("One", Rect(x: 0, y: 0, width: 20, height: 20), index: 1)])
        scene.design.landscape = LandscapeVariant(
            image: "l.png",
            elements: [
                tap("One", Rect(x: 0, y: 0, width: 20, height: 20), index: 1),
                tap("Two", Rect(x: 10, y: 10, width: 20, height: 20), index: 2),
            ])
        let prototype = Prototype(
            name: "P", device: device, start: "a", scenes: [scene, Scene(name: "b", image: "b.png")])
        let found = PrototypeChecker.overlapWarnings(for: prototype, file: "p.lua")
        #expect(
            found.map(\.message).allSatisfy { $0.contains("in scene \"a (landscape)\"") } && found.count == 1,
            "\(found)")
    }

    /// Overlap warnings are bounded (red-team 15 A1: 40 000 overlapping hotspots made about 7
    /// million warnings and 3.2 GB in `check`): at most `overlapWarningsPerScene`, then one
    /// warning counting the rest, in declaration order.
    @Test func overlapWarningsStopAtTheCapAndCountTheRest() {
        let n = 40
        let elements = (0..<n).map {
            tap("E\($0)", Rect(x: Double($0) * 0.1, y: 0, width: 10, height: 10), index: $0 + 1)
        }
        let found = warnings(elements)
        let cap = PrototypeChecker.overlapWarningsPerScene
        #expect(found.count == cap + 1, "\(found.count)")
        #expect(found.first?.message.hasPrefix("\"E1\" and \"E0\"") == true, "\(found.first?.message ?? "")")
        let pairs = n * (n - 1) / 2
        #expect(
            found.last?.message
                == "\(pairs - cap) more pairs of overlapping touch areas in scene \"a\" are not listed (at most \(cap) are)"
        )
        #expect(found.last?.path == "scenes.a")
    }

    /// A scene past the pair budget is checked among its first elements, and says so.
    @Test func aSceneOfThousandsOfElementsIsCheckedWithinTheBudget() {
        let n = 7_000
        let elements = (0..<n).map {
            tap("E\($0)", Rect(x: 0, y: Double($0) * 0.01, width: 10, height: 5), index: $0 + 1)
        }
        let found = warnings(elements)
        let last = found.last?.message ?? ""
        #expect(found.count == PrototypeChecker.overlapWarningsPerScene + 2, "\(found.count)")
        #expect(
            last.hasPrefix(
                "scene \"a\" has 7000 interactive elements: overlapping touch areas were looked for among the first "),
            "\(last)")
    }
}
