import Testing

@testable import SceneflowCore

/// Feeds down, moves and up; returns what the release produced.
private func recognize(_ points: [(Double, Double)], times: [Double]) -> Gesture? {
    var r = GestureRecognizer()
    var result: Gesture?
    for (i, (p, t)) in zip(points, times).enumerated() {
        let phase: InputEvent.Phase = i == 0 ? .down : (i == points.count - 1 ? .up : .move)
        let g = r.handle(InputEvent(phase, Point(x: p.0, y: p.1), at: t))
        if i < points.count - 1 { #expect(g == nil, "only the release completes a gesture") }
        result = g
    }
    #expect(!r.isTracking)
    return result
}

@Suite("Gesture recognizer")
struct GestureRecognizerTests {
    @Test func tapWithSmallMoveWithinSlop() {
        let g = recognize([(100, 100), (104, 103), (106, 108)], times: [0, 0.05, 0.1])
        #expect(g == .tap(at: Point(x: 100, y: 100)))
    }

    @Test func tapJustUnderLongPressDuration() {
        #expect(recognize([(10, 10), (10, 10)], times: [1, 1.49]) == .tap(at: Point(x: 10, y: 10)))
    }

    @Test func movingBeyondSlopIsNotATap() {
        // 11 pt away then back: the maximum distance counts, not only the release point.
        let g = recognize([(100, 100), (111, 100), (100, 100)], times: [0, 0.05, 0.1])
        guard case .drag(let path, let duration) = g else {
            Issue.record("expected drag, got \(String(describing: g))")
            return
        }
        #expect(path == [Point(x: 100, y: 100), Point(x: 111, y: 100), Point(x: 100, y: 100)])
        #expect(abs(duration - 0.1) < 1e-12)
    }

    @Test func longPress() {
        #expect(
            recognize([(50, 60), (52, 61), (53, 62)], times: [2, 2.3, 2.5])
                == .longPress(at: Point(x: 50, y: 60), duration: 0.5))
        let g = recognize([(50, 60), (50, 60)], times: [0, 1.7])
        #expect(g == .longPress(at: Point(x: 50, y: 60), duration: 1.7))
    }

    @Test(arguments: [
        (SwipeDirection.left, 300.0, 400.0, 100.0, 410.0),
        (.right, 60, 400, 300, 390),
        (.up, 180, 700, 175, 200),
        (.down, 180, 100, 190, 600),
    ])
    func swipesFollowTheFingersMotion(direction: SwipeDirection, x0: Double, y0: Double, x1: Double, y1: Double) {
        let g = recognize([(x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2), (x1, y1)], times: [0, 0.1, 0.2])
        #expect(g == .swipe(direction: direction, from: Point(x: x0, y: y0), to: Point(x: x1, y: y1), duration: 0.2))
    }

    @Test func shortSwipeAtMinimumDistance() {
        #expect(
            recognize([(100, 100), (60, 100)], times: [0, 0.1])
                == .swipe(direction: .left, from: Point(x: 100, y: 100), to: Point(x: 60, y: 100), duration: 0.1))
        // 39 pt is below the swipe minimum: a drag.
        if case .drag = recognize([(100, 100), (61, 100)], times: [0, 0.1]) {} else { Issue.record("expected drag") }
    }

    @Test func diagonalMovementIsADrag() {
        let g = recognize([(100, 100), (150, 150), (200, 200)], times: [0, 0.1, 0.2])
        guard case .drag(let path, _) = g else {
            Issue.record("expected drag, got \(String(describing: g))")
            return
        }
        #expect(path.count == 3)
        #expect(g?.start == Point(x: 100, y: 100))
    }

    @Test func slowMovementIsADrag() {
        let g = recognize([(300, 400), (200, 400), (100, 400)], times: [0, 0.6, 1.2])
        guard case .drag(let path, let duration) = g else {
            Issue.record("expected drag, got \(String(describing: g))")
            return
        }
        #expect(path.last == Point(x: 100, y: 400))
        #expect(abs(duration - 1.2) < 1e-12)
    }

    @Test func moveOrUpWithoutDownIsIgnored() {
        var r = GestureRecognizer()
        #expect(r.handle(InputEvent(.move, Point(x: 1, y: 1), at: 0)) == nil)
        #expect(!r.isTracking)
        #expect(r.handle(InputEvent(.up, Point(x: 1, y: 1), at: 0.1)) == nil)
        #expect(!r.isTracking)
        // A full tap afterwards still works and starts from its own press.
        #expect(r.handle(InputEvent(.down, Point(x: 5, y: 5), at: 1)) == nil)
        #expect(r.isTracking)
        #expect(r.handle(InputEvent(.up, Point(x: 5, y: 5), at: 1.1)) == .tap(at: Point(x: 5, y: 5)))
    }

    @Test func secondPressRestartsAndCancelForgets() {
        var r = GestureRecognizer()
        _ = r.handle(InputEvent(.down, Point(x: 0, y: 0), at: 0))
        _ = r.handle(InputEvent(.move, Point(x: 200, y: 0), at: 0.1))
        _ = r.handle(InputEvent(.down, Point(x: 50, y: 50), at: 2))
        #expect(r.handle(InputEvent(.up, Point(x: 50, y: 50), at: 2.1)) == .tap(at: Point(x: 50, y: 50)))
        _ = r.handle(InputEvent(.down, Point(x: 0, y: 0), at: 3))
        r.cancel()
        #expect(!r.isTracking)
        #expect(r.handle(InputEvent(.up, Point(x: 0, y: 0), at: 3.1)) == nil)
    }

    @Test func descriptions() {
        #expect(Gesture.tap(at: Point(x: 1, y: 2.5)).description == "tap at (1, 2.5)")
        #expect(
            Gesture.swipe(direction: .left, from: Point(x: 300, y: 4), to: Point(x: 10, y: 4), duration: 0.2)
                .description
                == "swipe left from (300, 4) to (10, 4)")
    }
}
