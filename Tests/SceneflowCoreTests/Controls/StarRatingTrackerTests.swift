import Testing

@testable import SceneflowCore

@Suite("Star rating: touch rules, events, snapping")
struct StarRatingTrackerTests {
    @Test func issueVectorPressDragRelease() {
        // The value before the press is 2, so ending at 0 differs from it.
        var t = StarFixtures.tracker(StarFixtures.control(value: 2))
        let press = t.press(at: Point(x: 60, y: 60))
        #expect(press.captured)
        #expect(t.value == 1)
        #expect(press.events == [.changing(1)])
        let r1 = t.move(to: Point(x: 200, y: 100))
        #expect(r1 == [.changing(4)])
        #expect(t.value == 4)
        // y no longer matters once captured: below the touch band is still star 4.
        let r2 = t.move(to: Point(x: 200, y: 115))
        #expect(r2 == [])
        #expect(t.value == 4)
        let r3 = t.move(to: Point(x: 20, y: 140))
        #expect(r3 == [.changing(0)])
        #expect(t.value == 0)
        let release = t.release(at: Point(x: 20, y: 140))
        #expect(release == [.changed(0)])
        #expect(!t.isTracking)
    }

    @Test func pressMustStartInsideTheGlyphRowOrTouchBand() {
        var t = StarFixtures.tracker()
        let r4 = t.press(at: Point(x: 60, y: 115))
        #expect(!r4.captured)  // below the band
        let r5 = t.press(at: Point(x: 60, y: 40))
        #expect(!r5.captured)  // above the glyphs
        let r6 = t.press(at: Point(x: 20, y: 60))
        #expect(!r6.captured)  // left of the row
        let r7 = t.move(to: Point(x: 200, y: 60))
        #expect(r7 == [])
        #expect(t.value == 0)
        let r8 = t.press(at: Point(x: 60, y: 100))
        #expect(r8.captured)  // in the touch band
        #expect(t.value == 1)
    }

    @Test func fastDragNeverFreezesAtTheLastInRangeSample() {
        var t = StarFixtures.tracker()
        _ = t.press(at: Point(x: 110, y: 60))
        #expect(t.value == 2)
        _ = t.move(to: Point(x: 900, y: -400))
        #expect(t.value == 5)
        _ = t.move(to: Point(x: -900, y: 900))
        #expect(t.value == 0)
    }

    @Test func minimumHoldsLeftOfTheRow() {
        var t = StarFixtures.tracker(StarFixtures.control(minimum: 1))
        #expect(t.value == 1)
        _ = t.press(at: Point(x: 160, y: 60))
        #expect(t.value == 3)
        _ = t.move(to: Point(x: -50, y: 60))
        #expect(t.value == 1)
        let r9 = t.release(at: Point(x: -50, y: 60))
        #expect(r9 == [])
        #expect(t.layout.fills(for: t.value).filter { $0 > 0 }.count == 1)
    }

    @Test func tapGivesTheStarTapped() {
        var t = StarFixtures.tracker()
        _ = t.press(at: Point(x: 210, y: 66))
        let r10 = t.release(at: Point(x: 210, y: 66))
        #expect(r10 == [.changed(4)])
        #expect(t.value == 4)
    }

    @Test func tapToClearTheCurrentStarGivesZeroEvenFromOne() {
        for value in 1...5 {
            var t = StarFixtures.tracker(StarFixtures.control(value: Double(value), tapToClear: true))
            let x = 60 + 50 * Double(value - 1)
            let r11 = t.press(at: Point(x: x, y: 60))
            #expect(r11.events == [])
            let r12 = t.release(at: Point(x: x, y: 60))
            #expect(r12 == [.changed(0)], "value \(value)")
            #expect(t.value == 0)
        }
        // Without tap_to_clear the same tap keeps the value and fires nothing.
        var plain = StarFixtures.tracker(StarFixtures.control(value: 1))
        _ = plain.press(at: Point(x: 60, y: 60))
        let r13 = plain.release(at: Point(x: 60, y: 60))
        #expect(r13 == [])
        #expect(plain.value == 1)
        // Visiting another star on the way cancels the clear.
        var dragged = StarFixtures.tracker(StarFixtures.control(value: 2, tapToClear: true))
        _ = dragged.press(at: Point(x: 110, y: 60))
        _ = dragged.move(to: Point(x: 160, y: 60))
        _ = dragged.move(to: Point(x: 110, y: 60))
        let r14 = dragged.release(at: Point(x: 110, y: 60))
        #expect(r14 == [])
        #expect(dragged.value == 2)
    }

    @Test func changingOncePerDistinctValueAndChangedOnlyWhenDifferentFromPress() {
        var t = StarFixtures.tracker(StarFixtures.control(value: 3))
        var events = t.press(at: Point(x: 160, y: 60)).events  // star 3 = the value at press
        for x in stride(from: 160.0, through: 260, by: 5) { events += t.move(to: Point(x: x, y: 60)) }
        for x in stride(from: 260.0, through: 160, by: -5) { events += t.move(to: Point(x: x, y: 60)) }
        #expect(events == [.changing(4), .changing(5), .changing(4), .changing(3)])
        let r15 = t.release(at: Point(x: 160, y: 60))
        #expect(r15 == [])
    }

    @Test func setFromScriptFiresNothingThenOneDragFiresOneChange() throws {
        var t = StarFixtures.tracker()
        try t.set(3)
        #expect(t.value == 3)
        var events = t.press(at: Point(x: 160, y: 60)).events
        events += t.move(to: Point(x: 210, y: 60))
        events += t.release(at: Point(x: 210, y: 60))
        #expect(events.filter { if case .changed = $0 { true } else { false } } == [.changed(4)])
        #expect(events == [.changing(4), .changed(4)])
    }

    @Test func cancelRestoresTheValueAtPressAndFiresNothing() {
        var t = StarFixtures.tracker(StarFixtures.control(value: 2))
        _ = t.press(at: Point(x: 260, y: 60))
        #expect(t.value == 5)
        t.cancel()
        #expect(t.value == 2)
        #expect(!t.isTracking)
        let r16 = t.release(at: Point(x: 260, y: 60))
        #expect(r16 == [])
    }

    @Test func readOnlyIgnoresEverything() {
        var t = StarFixtures.tracker(StarFixtures.control(value: 2, readOnly: true))
        let press = t.press(at: Point(x: 60, y: 60))
        #expect(!press.captured && press.events.isEmpty)
        let r17 = t.move(to: Point(x: 260, y: 60))
        #expect(r17 == [])
        let r18 = t.release(at: Point(x: 260, y: 60))
        #expect(r18 == [])
        let r19 = t.adjust(by: 1)
        #expect(!r19)
        let r20 = t.jump(toMaximum: true)
        #expect(!r20)
        #expect(t.value == 2)
    }

    @Test func snappingHalfUpWithFloatTolerance() throws {
        let halves = StarRatingValue(step: 0.5, minimum: 0, maximum: 5)
        #expect(try halves.snap(2.1) == 2.0)
        #expect(try halves.snap(2.25) == 2.5)
        #expect(try halves.snap(3.75) == 4.0)
        #expect(try halves.snap(-1) == 0)
        #expect(try halves.snap(7) == 5)
        #expect(try halves.snap(.infinity) == 5)
        let tenths = StarRatingValue(step: 0.1, minimum: 0, maximum: 5)
        #expect(try tenths.snap(0.7) == 0.7)
        #expect(try tenths.snap(0.1 + 0.2) == 0.3)
        #expect(try tenths.snap(0.65) == 0.7)
        #expect(try tenths.snap(2.449) == 2.4)
        let whole = StarRatingValue(step: 1, minimum: 1, maximum: 5)
        #expect(try whole.snap(2.5) == 3)
        #expect(try whole.snap(0) == 1)
        #expect(throws: StarRatingError.notANumber) { try whole.snap(.nan) }
        var t = StarFixtures.tracker(StarFixtures.control(step: 0.5, value: 2))
        #expect(throws: StarRatingError.notANumber) { try t.set(.nan) }
        #expect(t.value == 2)
        try t.set(2.25)
        #expect(t.value == 2.5)
        #expect(t.layout.fills(for: t.value) == [1, 1, 0.5, 0, 0])
    }

    @Test func incrementAndDecrementStopAtTheBounds() {
        var t = StarFixtures.tracker(StarFixtures.control(value: 5))
        let r21 = t.adjust(by: 1)
        #expect(!r21)
        #expect(t.value == 5)
        let r22 = t.adjust(by: -1)
        #expect(r22)
        #expect(t.value == 4)
        var halves = StarFixtures.tracker(StarFixtures.control(step: 0.5, minimum: 1, value: 1.5))
        let r23 = halves.adjust(by: -1)
        #expect(r23)
        #expect(halves.value == 1)
        let r24 = halves.adjust(by: -1)
        #expect(!r24)
        #expect(halves.value == 1)
        let r25 = halves.jump(toMaximum: true)
        #expect(r25)
        #expect(halves.value == 5)
    }

    @Test func accessibilityValueText() throws {
        #expect(StarRatingValue.accessibilityText(3.5, stars: 5) == "3.5 of 5 stars")
        #expect(StarRatingValue.accessibilityText(0, stars: 5) == "No rating")
        #expect(StarRatingValue.accessibilityText(4, stars: 10) == "4 of 10 stars")
        var t = StarFixtures.tracker(StarFixtures.control(step: 0.1))
        try t.set(0.7)
        #expect(t.accessibilityValue == "0.7 of 5 stars")
    }
}
