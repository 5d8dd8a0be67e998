import Testing

@testable import SceneflowCore

/// Separate landscape scenes (`landscape = "grid"`): shown in place of the portrait scene while
/// the device is turned, back again when it turns upright (Apple's AlternateViews).
@Suite struct LandscapeSceneTests {
    /// home → list (portrait; `landscape = "grid"`); grid (landscape points) → detail.
    static func session() -> Session {
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "List", frame: Rect(x: 0, y: 0, width: 360, height: 100),
                    onTap: .go(scene: "list", transition: Transition(kind: .pushLeft, duration: 0.3)))
            ])
        var list = Scene(
            name: "list", image: "list.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 100), onTap: .back)])
        list.design.landscapeScene = "grid"
        let grid = Scene(
            name: "grid", image: "grid.png",
            elements: [
                Element(
                    label: "Open", frame: Rect(x: 700, y: 0, width: 100, height: 100),
                    onTap: .go(scene: "detail", transition: Transition(kind: .pushLeft, duration: 0.3))),
                Element(label: "Grid back", frame: Rect(x: 0, y: 300, width: 100, height: 60), onTap: .back),
            ])
        let detail = Scene(
            name: "detail", image: "detail.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 100), onTap: .back)])
        return Session(
            prototype: Prototype(
                name: "A", device: Device(width: 360, height: 800, scale: 2), start: "home",
                scenes: [home, list, grid, detail]))
    }

    static func run(_ s: Session, for seconds: Double) { OrientationTests.run(s, for: seconds) }

    static func tap(_ s: Session, _ x: Double, _ y: Double) {
        s.handle(InputEvent(.down, Point(x: x, y: y), at: s.now))
        s.handle(InputEvent(.up, Point(x: x, y: y), at: s.now + 0.05))
        run(s, for: 0.5)
    }

    @Test func theInitialiserMarksTheLandscapeSceneWithThePortraitOne() {
        let s = Self.session()
        #expect(s.prototype.scenes["grid"]?.design.portraitScene == "list")
        #expect(s.prototype.scenes["list"]?.design.portraitScene == nil)
        #expect(PrototypeChecker.reachableScenes(s.prototype).contains("grid"), "reached by turning the device")
    }

    @Test func turningShowsTheLandscapeSceneInPlaceAndTurningBackReturns() {
        let s = Self.session()
        Self.tap(s, 100, 50)
        #expect(s.stack == ["home", "list"])
        s.rotate(to: .landscape)
        #expect(s.currentScene == "grid", "scene() reports the landscape scene at once")
        let starting = s.frame()
        let turn = try! #require(starting.turn, "the turn is drawn as a rotation")
        #expect(turn.fromLayers.map(\.image) == ["list.png"] && !turn.fromLayers[0].rotated, "from list upright")
        #expect(turn.fromDevice.width == 360 && turn.progress == 0 && turn.angle == -90)
        #expect(starting.layers.map(\.image) == ["grid.png"] && starting.device.width == 800, "to grid turned")
        s.step(to: s.now + Session.rotationDuration * 0.75)
        let later = try! #require(s.frame().turn)
        #expect(later.progress > 0.5 && later.progress < 1, "eased in and out: \(later.progress)")
        Self.run(s, for: 0.3)
        #expect(s.isSettled)
        #expect(s.stack == ["home", "grid"], "grid replaces list on top")
        #expect(s.history.suffix(2) == ["list", "grid"])
        let frame = s.frame()
        #expect(frame.device == Device(width: 800, height: 360, scale: 2))
        #expect(frame.layers.map(\.image) == ["grid.png"] && frame.layers[0].rotated)
        #expect(s.screenElements.map(\.label) == ["Open", "Grid back"])
        #expect(s.screenBounds == Rect(x: 0, y: 0, width: 800, height: 360))
        let phases = s.timeline.events.compactMap { event -> String? in
            if case .lifecycle(let l) = event.kind, !l.animated { return l.description } else { return nil }
        }
        #expect(
            phases.suffix(4) == [
                "grid.will_appear(not animated)", "list.will_disappear(not animated)",
                "list.did_disappear(not animated)", "grid.did_appear(not animated)",
            ])
        s.rotate(to: .portrait)
        Self.run(s, for: 0.4)
        #expect(s.currentScene == "list" && s.stack == ["home", "list"])
        #expect(s.frame().layers.map(\.image) == ["list.png"])
    }

    @Test func theLandscapeScenesElementsWorkAndBackGoesBelowThePortraitScene() {
        let s = Self.session()
        Self.tap(s, 100, 50)
        s.rotate(to: .landscape)
        Self.run(s, for: 0.4)
        Self.tap(s, 750, 50)  // "Open", only in grid's landscape points
        #expect(s.currentScene == "detail")
        #expect(s.frame().device.width == 360, "detail is portrait-only")
        Self.tap(s, 50, 50)  // detail's "Back"
        #expect(s.currentScene == "grid", "back to the landscape scene while turned")
        Self.tap(s, 50, 330)  // "Grid back"
        #expect(s.stack == ["home"], "back from grid goes to what was below list")
    }

    @Test func navigatingToThePortraitSceneWhileTurnedShowsTheLandscapeScene() {
        let s = Self.session()
        s.rotate(to: .landscape)
        Self.run(s, for: 0.4)
        #expect(s.currentScene == "home", "home has no landscape look")
        Self.tap(s, 100, 50)
        #expect(s.stack == ["home", "grid"])
        #expect(s.timeline.transitions.map(\.drawnAsRotation) == [true], "home upright → grid turned: a rotation")
        #expect(s.timeline.lifecycle.last == LifecycleEvent(.didAppear, "grid", animated: true))
        s.rotate(to: .portrait)
        Self.run(s, for: 0.4)
        #expect(s.stack == ["home", "list"])
        s.reset()
        #expect(s.stack == ["home"] && s.orientation == .portrait)
        Self.tap(s, 100, 50)
        #expect(s.currentScene == "list", "upright again after reset")
    }

    @Test func aTransitionFromPortraitToTheLandscapeSceneTurnsTheScreen() {
        let s = Self.session()
        s.rotate(to: .landscape)
        Self.run(s, for: 0.4)
        s.perform(.go(scene: "list", transition: Transition(kind: .pushLeft, duration: 0.3)), source: "test")
        s.step(to: s.now + 0.1)
        let mid = s.frame()
        #expect(mid.device.width == 800 && mid.layers.map(\.image) == ["grid.png"], "to the turned screen")
        #expect(mid.turn?.fromLayers.map(\.image) == ["home.png"], "home upright rotating into it")
        #expect(mid.turn?.progress ?? 0 > 0 && mid.turn?.progress ?? 1 < 1)
        OrientationTests.run(s, for: 0.4)
        #expect(s.frame().turn == nil)
        s.perform(.go(scene: "detail", transition: .cut), source: "test")
        #expect(s.frame().turn == nil && s.frame().device.width == 360, "declared none: a cut upright")
    }

    @Test func aReloadInLandscapeStaysTurnedOnTheLandscapeScene() {
        let old = Self.session()
        Self.tap(old, 100, 50)
        old.rotate(to: .landscape)
        Self.run(old, for: 0.4)
        let fresh = Session(prototype: old.prototype)
        #expect(fresh.restore(old.navigationEntries, orientation: old.orientation).isEmpty)
        #expect(fresh.orientation == .landscape && fresh.stack == ["home", "grid"])
        #expect(fresh.frame().device.width == 800)
        fresh.rotate(to: .portrait)
        Self.run(fresh, for: 0.4)
        #expect(fresh.currentScene == "list", "still knows grid stands in for list")
    }

    @Test func checkMeasuresLandscapeElementsOnTheTurnedScreen() {
        var p = Self.session().prototype
        var far = Element(label: "Far", frame: Rect(x: 700, y: 300, width: 100, height: 100))
        far.path = "scenes.list.landscape.elements[1]"
        p.scenes["list"]?.design.landscape = nil
        p.scenes["home"]?.design.landscape = LandscapeVariant(image: "home_land.png", elements: [far])
        let warnings = PrototypeChecker.warnings(for: p, file: "p.lua", imageFiles: [])
        let messages = warnings.map(\.message)
        #expect(
            messages.contains { $0.contains("\"Far\" frame") && $0.contains("outside the 800x360 pt screen") },
            "\(messages)")
        #expect(!messages.contains { $0.contains("\"Open\"") }, "grid's elements are in landscape points: \(messages)")
    }
}
