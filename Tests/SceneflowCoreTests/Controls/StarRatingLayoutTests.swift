import Testing

@testable import SceneflowCore

/// DLStarRating's geometry from issue 4: a 320×153 pt control, five 50×48 pt stars, no
/// spacing, a 20 pt touch band.
enum StarFixtures {
    static let frame = Rect(x: 0, y: 0, width: 320, height: 153)

    static func control(
        step: Double = 1, minimum: Double = 0, value: Double? = nil, readOnly: Bool = false, rtl: Bool = false,
        tapToClear: Bool = false, size: Size = Size(width: 50, height: 48), spacing: Double = 0
    ) -> StarRating {
        StarRating(
            stars: 5, starSize: size, spacing: spacing, touchBand: 20, step: step, minimum: minimum,
            initialValue: value, readOnly: readOnly, rightToLeft: rtl, tapToClear: tapToClear)
    }

    static func tracker(_ control: StarRating = control(), frame: Rect = frame) -> StarRatingTracker {
        StarRatingTracker(control, frame: frame)
    }
}

@Suite("Star rating: one layout for drawing, hit testing and accessibility")
struct StarRatingLayoutTests {
    let layout = StarRatingLayout(StarFixtures.control(), frame: StarFixtures.frame)
    let grid = StarRatingValue(step: 1, minimum: 0, maximum: 5)

    @Test func glyphsAreCentredWithTheTouchBandBelow() {
        for i in 0..<5 {
            #expect(layout.glyph(i) == Rect(x: 35 + 50 * Double(i), y: 42.5, width: 50, height: 48))
        }
        #expect(layout.row == Rect(x: 35, y: 42.5, width: 250, height: 48))
        #expect(layout.touchBand == Rect(x: 35, y: 90.5, width: 250, height: 20))
        #expect(layout.hitArea.contains(Point(x: 35, y: 42.5)))
        #expect(layout.hitArea.contains(Point(x: 284.9, y: 110.4)))
        #expect(!layout.hitArea.contains(Point(x: 100, y: 110.5)))
        #expect(!layout.hitArea.contains(Point(x: 100, y: 42.4)))
        #expect(!layout.hitArea.contains(Point(x: 34.9, y: 60)))
        #expect(!layout.hitArea.contains(Point(x: 285, y: 60)))
    }

    @Test func cellsRunFromLeftEdgeInclusiveToNextLeftEdgeExclusive() {
        #expect(layout.value(atX: 85, grid: grid) == 2)
        #expect(layout.value(atX: 84.9, grid: grid) == 1)
        #expect(layout.value(atX: 35, grid: grid) == 1)
        #expect(layout.value(atX: 34.99, grid: grid) == 0)
        #expect(layout.value(atX: 284.99, grid: grid) == 5)
        #expect(layout.value(atX: 285, grid: grid) == 5)
        #expect(layout.value(atX: -1000, grid: grid) == 0)
        #expect(layout.value(atX: 1000, grid: grid) == 5)
        for i in 0..<5 {
            #expect(layout.value(atX: 35 + 50 * Double(i), grid: grid) == Double(i + 1))
            #expect(layout.value(atX: 84.999 + 50 * Double(i), grid: grid) == Double(i + 1))
        }
    }

    @Test func spacingBelongsToTheStarOnItsLeft() {
        let control = StarFixtures.control(size: Size(width: 36, height: 36), spacing: 30)
        let wide = StarRatingLayout(control, frame: Rect(x: 0, y: 0, width: 400, height: 80))
        let left = wide.row.x
        #expect(wide.row.width == 36 * 5 + 30 * 4)
        // The centre of the 4th star is 216 pt from the row's left edge.
        #expect(wide.glyph(3).center.x - left == 216)
        #expect(wide.value(atX: left + 216, grid: grid) == 4)
        // In the gap after star 2 (x 102…132 from the row's left edge).
        #expect(wide.value(atX: left + 110, grid: grid) == 2)
        #expect(wide.value(atX: left + 131.9, grid: grid) == 2)
        #expect(wide.value(atX: left + 132, grid: grid) == 3)
    }

    @Test func fractionalStepsRoundTheFractionUp() {
        let halves = StarRatingValue(step: 0.5, minimum: 0, maximum: 5)
        let tenths = StarRatingValue(step: 0.1, minimum: 0, maximum: 5)
        // Star 3 (0-based 2) spans x 135…185.
        #expect(layout.value(atX: 135, grid: halves) == 2.5)
        #expect(layout.value(atX: 160, grid: halves) == 2.5)
        #expect(layout.value(atX: 160.1, grid: halves) == 3)
        #expect(layout.value(atX: 184.9, grid: halves) == 3)
        #expect(layout.value(atX: 150, grid: tenths) == 2.3)
        #expect(layout.value(atX: 135.1, grid: tenths) == 2.1)
        #expect(layout.value(atX: 175, grid: tenths) == 2.8)
    }

    @Test func pointForValueGivesThatValueBack() {
        for step in [1.0, 0.5, 0.1] {
            let g = StarRatingValue(step: step, minimum: 0, maximum: 5)
            let count = Int((5 / step).rounded())
            for n in 0...count {
                let value = Double(n) / g.stepsPerStar
                let p = layout.point(for: value, grid: g)
                #expect(layout.value(atX: p.x, grid: g) == value, "step \(step) value \(value)")
                #expect(p.y == layout.row.center.y)
            }
        }
        #expect(layout.point(for: 3, grid: grid).x == layout.glyph(2).center.x)
    }

    @Test func rightToLeftMirrorsTheRow() {
        let rtl = StarRatingLayout(StarFixtures.control(rtl: true), frame: StarFixtures.frame)
        #expect(rtl.glyph(0) == Rect(x: 235, y: 42.5, width: 50, height: 48))
        #expect(rtl.glyph(4) == Rect(x: 35, y: 42.5, width: 50, height: 48))
        #expect(rtl.value(atX: 260, grid: grid) == 1)
        #expect(rtl.value(atX: 60, grid: grid) == 5)
        #expect(rtl.value(atX: 300, grid: grid) == 0)
        #expect(rtl.value(atX: 0, grid: grid) == 5)
        for v in 0...5 {
            #expect(rtl.value(atX: rtl.point(for: Double(v), grid: grid).x, grid: grid) == Double(v))
        }
    }

    @Test func builtInStarsTakeTheLargestSquareThatFits() {
        let control = StarRating(stars: 5, spacing: 4, touchBand: 10)
        let byHeight = StarRatingLayout(control, frame: Rect(x: 10, y: 20, width: 300, height: 40))
        #expect(byHeight.starSize == Size(width: 30, height: 30))
        #expect(byHeight.row.x == 10 + (300 - 166) / 2)
        let byWidth = StarRatingLayout(control, frame: Rect(x: 0, y: 0, width: 116, height: 100))
        #expect(byWidth.starSize == Size(width: 20, height: 20))
    }

    @Test func fillsFollowTheValue() {
        #expect(layout.fills(for: 3.5) == [1, 1, 1, 0.5, 0])
        #expect(layout.fills(for: 0) == [0, 0, 0, 0, 0])
        #expect(layout.fills(for: 5) == [1, 1, 1, 1, 1])
    }
}
