import Testing

@testable import SceneflowCore

/// CSS cubic-bezier references, computed independently by bisecting x(t) to 1e-15 (Python):
/// ease-in (0.42,0,1,1), ease-out (0,0,0.58,1), ease-in-out (0.42,0,0.58,1).
private let references: [(TimingCurve, Double, Double)] = [
    (.easeIn, 0.1, 0.017027), (.easeIn, 0.25, 0.093465), (.easeIn, 0.5, 0.315357),
    (.easeIn, 0.75, 0.621862), (.easeIn, 0.9, 0.839428),
    (.easeOut, 0.1, 0.160572), (.easeOut, 0.25, 0.378138), (.easeOut, 0.5, 0.684643),
    (.easeOut, 0.75, 0.906535), (.easeOut, 0.9, 0.982973),
    (.easeInOut, 0.1, 0.019722), (.easeInOut, 0.25, 0.129162), (.easeInOut, 0.5, 0.5),
    (.easeInOut, 0.75, 0.870838), (.easeInOut, 0.9, 0.980278),
]

@Suite("Timing curves")
struct TimingCurveTests {
    @Test(arguments: TimingCurve.allCases)
    func endsAndMonotonicity(curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -0.5) == 0)
        #expect(curve.value(at: 1.5) == 1)
        var previous = 0.0
        for i in 1...1000 {
            let v = curve.value(at: Double(i) / 1000)
            #expect(v >= previous, "\(curve) decreases at \(Double(i) / 1000)")
            #expect(v >= 0 && v <= 1)
            previous = v
        }
    }

    @Test func midpointShapes() {
        #expect(TimingCurve.linear.value(at: 0.5) == 0.5)
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(TimingCurve.easeIn.value(at: 0.5) < 0.5)
        #expect(TimingCurve.easeOut.value(at: 0.5) > 0.5)
    }

    @Test func symmetry() {
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            // ease_in_out is point-symmetric about (0.5, 0.5); ease_out mirrors ease_in.
            #expect(abs(TimingCurve.easeInOut.value(at: x) + TimingCurve.easeInOut.value(at: 1 - x) - 1) < 1e-6)
            #expect(abs(TimingCurve.easeOut.value(at: x) + TimingCurve.easeIn.value(at: 1 - x) - 1) < 1e-6)
        }
    }

    @Test func matchesCSSCubicBezierReferences() {
        for (curve, x, y) in references {
            #expect(abs(curve.value(at: x) - y) < 1e-5, "\(curve.rawValue) at \(x)")
        }
        #expect(abs(TimingCurve.easeInOut.value(at: 0.25) - 0.1291) < 1e-3)
    }

    @Test func rawNamesMatchThePrototypeVocabulary() {
        #expect(TimingCurve.allCases.map(\.rawValue) == ["linear", "ease_in", "ease_out", "ease_in_out"])
        #expect(TimingCurve(rawValue: "ease_in_out") == .easeInOut)
    }

    @Test(arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut])
    func sessionFrameMidTransitionUsesTheCurve(curve: TimingCurve) throws {
        let proto = Fixtures.storePrototype()
        let session = Session(prototype: proto)
        session.perform(
            .go(scene: "details", transition: Transition(kind: .pushLeft, duration: 1, curve: curve)), source: "t")
        var mid = -1.0
        for t in [0.0, 0.25, 0.5, 0.75] {
            session.step(to: t)
            let frame = session.frame()
            if t == 0.5 { mid = -frame.layers[0].offset.x / 360 }
            #expect(frame.layers.map(\.scene) == ["home", "details"])
            let p = curve.value(at: t)
            #expect(abs(frame.layers[0].offset.x - (-360 * p)) < 1e-9)
            #expect(abs(frame.layers[1].offset.x - 360 * (1 - p)) < 1e-9)
        }
        switch curve {
        case .linear, .easeInOut: #expect(abs(mid - 0.5) < 1e-9)
        case .easeIn: #expect(mid < 0.5)
        case .easeOut: #expect(mid > 0.5)
        }
    }

    @Test func sessionCrossfadeAlphaFollowsEaseInOut() {
        let session = Session(prototype: Fixtures.storePrototype())
        session.perform(
            .go(scene: "details", transition: Transition(kind: .crossfade, duration: 0.4, curve: .easeInOut)),
            source: "t")
        session.step(to: 0.1)  // linear 0.25
        let layers = session.frame().layers
        #expect(layers[0].alpha == 1)
        #expect(abs(layers[1].alpha - 0.129162) < 1e-5)
        session.framePresented()
        session.step(to: 0.4)
        session.framePresented()
        #expect(session.frame().layers.map(\.scene) == ["details"])
        #expect(session.frame().layers[0].alpha == 1)
    }
}
