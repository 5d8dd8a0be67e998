import Testing

@testable import SceneflowCore

private let size = Size(width: 360, height: 800)
private let fromLayer = SceneLayer(
    scene: "from", image: "from.png", screen: .wholeImage, offset: Point(x: 5, y: 5), alpha: 0.3)
private let toLayer = SceneLayer(scene: "to", image: "to.png", screen: .auto, offset: Point(x: 7, y: 7), alpha: 0.1)

/// Expected (scene, x, y, alpha) back to front for `kind` at progress `p` on 360x800, written
/// out from DESIGN.md §2 and the TransitionKind docs (independently of FrameComposer).
private func expected(_ kind: TransitionKind, _ p: Double) -> [(String, Double, Double, Double)] {
    let w = 360.0
    let h = 800.0
    switch kind {
    case .none: return [("to", 0, 0, 1)]
    case .crossfade: return [("from", 0, 0, 1), ("to", 0, 0, p)]
    // push: both move; incoming enters from the opposite edge.
    case .pushLeft: return [("from", -p * w, 0, 1), ("to", w - p * w, 0, 1)]
    case .pushRight: return [("from", p * w, 0, 1), ("to", p * w - w, 0, 1)]
    case .pushUp: return [("from", 0, -p * h, 1), ("to", 0, h - p * h, 1)]
    case .pushDown: return [("from", 0, p * h, 1), ("to", 0, p * h - h, 1)]
    // cover: from is still, to slides over it.
    case .coverLeft: return [("from", 0, 0, 1), ("to", w - p * w, 0, 1)]
    case .coverRight: return [("from", 0, 0, 1), ("to", p * w - w, 0, 1)]
    case .coverUp: return [("from", 0, 0, 1), ("to", 0, h - p * h, 1)]
    case .coverDown: return [("from", 0, 0, 1), ("to", 0, p * h - h, 1)]
    // reveal: to is still underneath, from slides away on top.
    case .revealLeft: return [("to", 0, 0, 1), ("from", -p * w, 0, 1)]
    case .revealRight: return [("to", 0, 0, 1), ("from", p * w, 0, 1)]
    case .revealUp: return [("to", 0, 0, 1), ("from", 0, -p * h, 1)]
    case .revealDown: return [("to", 0, 0, 1), ("from", 0, p * h, 1)]
    }
}

private struct Case: CustomTestStringConvertible, Sendable {
    let kind: TransitionKind
    let p: Double
    var testDescription: String { "\(kind.rawValue) at p=\(p)" }
}

private let allCases: [Case] = TransitionKind.allCases.flatMap { k in [0, 0.25, 0.5, 1].map { Case(kind: k, p: $0) } }

@Suite("FrameComposer layer layout")
struct TransitionLayoutTests {
    @Test(arguments: allCases)
    fileprivate func layersForEveryKindAtChosenProgress(c: Case) {
        let layers = FrameComposer.layers(kind: c.kind, progress: c.p, size: size, from: fromLayer, to: toLayer)
        let want = expected(c.kind, c.p)
        #expect(layers.count == want.count)
        for (layer, w) in zip(layers, want) {
            #expect(layer.scene == w.0)
            #expect(abs(layer.offset.x - w.1) < 1e-9, "x of \(layer.scene)")
            #expect(abs(layer.offset.y - w.2) < 1e-9, "y of \(layer.scene)")
            #expect(abs(layer.alpha - w.3) < 1e-9, "alpha of \(layer.scene)")
            // Image and screen area come from the input layer untouched.
            #expect(layer.image == (w.0 == "from" ? "from.png" : "to.png"))
            #expect(layer.screen == (w.0 == "from" ? .wholeImage : .auto))
        }
    }

    @Test(arguments: TransitionKind.allCases.filter { $0 != .none && $0 != .crossfade })
    func movingKindsStartWithFromVisibleAndEndWithToAtOrigin(kind: TransitionKind) throws {
        let start = FrameComposer.layers(kind: kind, progress: 0, size: size, from: fromLayer, to: toLayer)
        let end = FrameComposer.layers(kind: kind, progress: 1, size: size, from: fromLayer, to: toLayer)
        let fromAtStart = try #require(start.first { $0.scene == "from" })
        let toAtEnd = try #require(end.first { $0.scene == "to" })
        #expect(fromAtStart.offset == Point(x: 0, y: 0))
        #expect(toAtEnd.offset == Point(x: 0, y: 0))
        // The moving layer is off screen at its far end: at p=0 for the incoming layer of
        // push/cover, at p=1 for the outgoing layer of push/reveal.
        let toAtStart = try #require(start.first { $0.scene == "to" })
        let fromAtEnd = try #require(end.first { $0.scene == "from" })
        func offscreen(_ p: Point) -> Bool { abs(p.x) == 360 || abs(p.y) == 800 }
        if kind.rawValue.hasPrefix("push") || kind.rawValue.hasPrefix("cover") { #expect(offscreen(toAtStart.offset)) }
        if kind.rawValue.hasPrefix("push") || kind.rawValue.hasPrefix("reveal") { #expect(offscreen(fromAtEnd.offset)) }
    }

    @Test func pushLeftHalfwayExample() {
        let layers = FrameComposer.layers(kind: .pushLeft, progress: 0.5, size: size, from: fromLayer, to: toLayer)
        #expect(layers[0].scene == "from" && layers[0].offset.x == -180)
        #expect(layers[1].scene == "to" && layers[1].offset.x == 180)
    }

    @Test func crossfadeDrawsFromOpaqueAndToAtP() {
        for p in [0.0, 0.1, 0.25, 0.5, 0.9, 1.0] {
            let layers = FrameComposer.layers(kind: .crossfade, progress: p, size: size, from: fromLayer, to: toLayer)
            #expect(layers.map(\.scene) == ["from", "to"])
            #expect(layers[0].alpha == 1)
            #expect(layers[1].alpha == p)
        }
    }

    @Test func framesOfARevealDrawFromOnTop() {
        let proto = Fixtures.storePrototype()
        let frame = FrameComposer.frame(
            prototype: proto, from: "details", to: "home",
            transition: Transition(kind: .revealDown, duration: 0.3, curve: .linear), linearProgress: 0.25)
        #expect(frame.layers.map(\.scene) == ["home", "details"])
        #expect(frame.layers.map(\.image) == ["home.png", "details.png"])
        #expect(frame.layers[1].offset == Point(x: 0, y: 200))
        #expect(frame.layers[0].offset == Point(x: 0, y: 0))
        #expect(frame.device == Fixtures.device)
    }

    @Test func nonAnimatedTransitionFrameShowsOnlyTo() {
        let proto = Fixtures.storePrototype()
        let frame = FrameComposer.frame(
            prototype: proto, from: "home", to: "details",
            transition: Transition(kind: .pushLeft, duration: 0), linearProgress: 0.5)
        #expect(frame.layers.map(\.scene) == ["details"])
        #expect(frame.layers[0].offset == Point(x: 0, y: 0))
    }

    @Test func stillLayerForUnknownSceneHasEmptyImage() {
        let layer = FrameComposer.layer(Fixtures.storePrototype(), "nowhere")
        #expect(layer.image == "")
        #expect(layer.alpha == 1)
    }
}
