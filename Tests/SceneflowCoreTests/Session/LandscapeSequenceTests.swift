import Testing

@testable import SceneflowCore

/// Landscape sequences (`landscape = { "chart_1", "chart_2", ... }` on a portrait scene): the
/// landscape scenes lead to each other, and turning the device upright from any of them shows
/// the portrait scene the sequence belongs to. Sequences of several lengths, moved through by
/// `go` (pushed) or `replace`.
@Suite struct LandscapeSequenceTests {
    /// How a chart leads to the next one.
    enum Step: CaseIterable { case push, replace }

    /// home → stocks (portrait, `landscape = { chart_1 … chart_n }`); each chart (landscape
    /// points, 800x360 on a 360x800 pt device) has "Next" at {700, 0, 100, 100} leading to the
    /// next chart and a scene-wide swipe left doing the same; "Prev" at {0, 0, 100, 100} goes
    /// back (pushed) or replaces with the chart before (replaced).
    static func prototype(length n: Int, step: Step) -> Prototype {
        let slide = Transition(kind: .pushLeft, duration: 0.3)
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "Stocks", frame: Rect(x: 0, y: 0, width: 360, height: 100),
                    onTap: .go(scene: "stocks", transition: slide))
            ])
        var stocks = Scene(
            name: "stocks", image: "stocks.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 100), onTap: .back)])
        stocks.design.landscapeSequence = (1...n).map { "chart_\($0)" }
        var charts: [Scene] = []
        for i in 1...n {
            var elements: [Element] = []
            if i < n {
                let next: Action =
                    step == .push
                    ? .go(scene: "chart_\(i + 1)", transition: slide)
                    : .replace(scene: "chart_\(i + 1)", transition: slide)
                elements.append(Element(label: "Next", frame: Rect(x: 700, y: 0, width: 100, height: 100), onTap: next))
            }
            if i > 1 {
                let previous: Action =
                    step == .push ? .back : .replace(scene: "chart_\(i - 1)", transition: slide.reversed)
                elements.append(
                    Element(label: "Prev", frame: Rect(x: 0, y: 0, width: 100, height: 100), onTap: previous))
            }
            var chart = Scene(name: "chart_\(i)", image: "chart_\(i).png", elements: elements)
            if let next = elements.first(where: { $0.label == "Next" })?.onTap { chart.onSwipe[.left] = next }
            charts.append(chart)
        }
        return Prototype(
            name: "Seq", device: Device(width: 360, height: 800, scale: 2), start: "home",
            scenes: [home, stocks] + charts)
    }

    static func run(_ s: Session, for seconds: Double) { OrientationTests.run(s, for: seconds) }
    static func tap(_ s: Session, _ x: Double, _ y: Double) { LandscapeSceneTests.tap(s, x, y) }

    /// A session on home → stocks, turned to landscape and settled on chart_1.
    static func turnedOnFirstChart(length n: Int, step: Step) -> Session {
        let s = Session(prototype: prototype(length: n, step: step))
        tap(s, 100, 50)
        #expect(s.stack == ["home", "stocks"])
        s.rotate(to: .landscape)
        run(s, for: Session.rotationDuration + 0.05)
        return s
    }

    @Test func theInitialiserMarksEveryChartWithItsOwner() {
        let p = Self.prototype(length: 4, step: .push)
        for i in 1...4 { #expect(p.scenes["chart_\(i)"]?.design.portraitScene == "stocks") }
        #expect(p.scenes["stocks"]?.design.landscapeScene == "chart_1", "the first is shown when turned")
        #expect(
            p.landscapeOwners == ["chart_1": "stocks", "chart_2": "stocks", "chart_3": "stocks", "chart_4": "stocks"])
        let reach = PrototypeChecker.reach(p)
        for i in 1...4 { #expect(reach["chart_\(i)"] == .fixed, "chart_\(i): no unreachable warning, no dummy scene") }
    }

    @Test(arguments: [1, 2, 3, 5], Step.allCases)
    func turningUprightFromEveryChartShowsTheOwner(length n: Int, step: Step) {
        for member in 1...n {
            let s = Self.turnedOnFirstChart(length: n, step: step)
            #expect(s.currentScene == "chart_1")
            for i in 1..<member {
                Self.tap(s, 750, 50)  // "Next", in landscape points
                #expect(s.currentScene == "chart_\(i + 1)", "length \(n), \(step): Next from chart_\(i)")
            }
            let frame = s.frame()
            #expect(frame.device == Device(width: 800, height: 360, scale: 2), "chart_\(member) on the turned device")
            #expect(frame.layers.map(\.image) == ["chart_\(member).png"] && frame.layers[0].rotated)
            #expect(s.stack.count == (step == .push ? 1 + member : 2), "\(s.stack)")
            s.rotate(to: .portrait)
            Self.run(s, for: Session.rotationDuration + 0.05)
            #expect(s.currentScene == "stocks", "length \(n), \(step): O from chart_\(member)")
            #expect(s.stack == ["home", "stocks"], "the sequence's entries collapse into its owner: \(s.stack)")
            #expect(s.frame().device == Device(width: 360, height: 800, scale: 2))
            #expect(s.screenElements.map(\.label) == ["Back"])
            Self.tap(s, 50, 50)  // stocks' "Back"
            #expect(s.stack == ["home"], "back from the owner goes below it")
        }
    }

    @Test(arguments: Step.allCases)
    func swipesLeadThroughTheSequence(step: Step) {
        let s = Self.turnedOnFirstChart(length: 3, step: step)
        for expected in ["chart_2", "chart_3"] {
            s.handle(InputEvent(.down, Point(x: 600, y: 200), at: s.now))
            s.handle(InputEvent(.move, Point(x: 400, y: 200), at: s.now + 0.05))
            s.handle(InputEvent(.up, Point(x: 200, y: 200), at: s.now + 0.1))
            Self.run(s, for: 0.6)
            #expect(s.currentScene == expected)
        }
        Self.tap(s, 50, 50)  // "Prev"
        #expect(s.currentScene == "chart_2")
        #expect(s.timeline.transitions.last?.transition.kind == (step == .push ? .pushRight : .pushRight))
    }

    @Test func turningBackAndForthShowsTheFirstChartAgain() {
        let s = Self.turnedOnFirstChart(length: 3, step: .replace)
        Self.tap(s, 750, 50)
        Self.tap(s, 750, 50)
        #expect(s.currentScene == "chart_3")
        s.rotate(to: .portrait)
        Self.run(s, for: 0.4)
        s.rotate(to: .landscape)
        Self.run(s, for: 0.4)
        #expect(s.stack == ["home", "chart_1"], "turning again starts the sequence from its first scene")
    }

    @Test func aChartReachedUprightByNameAlsoTurnsBackToItsOwner() {
        var p = Self.prototype(length: 3, step: .push)
        p.scenes["home"]?.elements.append(
            Element(
                label: "Week", frame: Rect(x: 0, y: 200, width: 360, height: 100),
                onTap: .go(scene: "chart_2", transition: .cut)))
        let s = Session(prototype: p)
        Self.tap(s, 100, 250)
        #expect(s.currentScene == "chart_2" && s.frame().device.width == 800, "a landscape scene always shows turned")
        s.rotate(to: .landscape)
        Self.run(s, for: 0.4)
        #expect(s.currentScene == "chart_2")
        s.rotate(to: .portrait)
        Self.run(s, for: 0.4)
        #expect(s.stack == ["home", "stocks"], "the owner in the chart's place")
    }

    @Test func theTurnUprightRecordsTheAppearanceOfTheChartShownAndTheOwner() {
        let s = Self.turnedOnFirstChart(length: 3, step: .push)
        Self.tap(s, 750, 50)
        s.rotate(to: .portrait)
        Self.run(s, for: 0.4)
        let phases = s.timeline.events.compactMap { event -> String? in
            if case .lifecycle(let l) = event.kind, !l.animated { return l.description } else { return nil }
        }
        #expect(
            phases.suffix(4) == [
                "stocks.will_appear(not animated)", "chart_2.will_disappear(not animated)",
                "chart_2.did_disappear(not animated)", "stocks.did_appear(not animated)",
            ])
        #expect(s.history.suffix(3) == ["chart_1", "chart_2", "stocks"])
    }

    @Test func inspectTellsEachChartsPlaceInTheSequence() {
        let text = ElementTree.text(Self.prototype(length: 3, step: .push))
        #expect(text.contains("  landscape sequence chart_1 -> chart_2 -> chart_3 (the first shown when it is turned)"))
        #expect(text.contains("scene \"chart_2\"  image chart_2.png\n  landscape sequence of stocks: 2 of 3"))
        #expect(!text.contains("unreachable"))
    }

    @Test func graphDrawsTheSequenceAsOneBoxWithOneTurnUprightEdge() {
        let dot = FlowGraph.dot(Self.prototype(length: 3, step: .replace))
        #expect(dot.contains("compound=true;"))
        #expect(
            dot.contains(
                "subgraph \"cluster_landscape_stocks\" { label=\"landscape sequence of stocks\"; style=\"rounded,dotted\"; \"chart_1\"; \"chart_2\"; \"chart_3\"; }"
            ))
        #expect(
            dot.contains(
                "\"chart_1\" -> \"stocks\" [label=\"turn upright\", style=dotted, ltail=\"cluster_landscape_stocks\"]"))
        #expect(dot.contains("\"stocks\" -> \"chart_1\" [label=\"rotate\", style=dotted]"))
        #expect(dot.contains("\"chart_1\" -> \"chart_2\" [label=\"Next\\nreplace push_left 0.3s\"]"), "\(dot)")
        #expect(!dot.contains("unreachable"))
        let single = FlowGraph.dot(Self.prototype(length: 1, step: .push))
        #expect(!single.contains("cluster_landscape"), "a single landscape scene keeps its rotate edge only")
    }
}

/// Landscape sequences with the other containers: a sequence owned by a tab's root (turning
/// upright comes back to the root on that tab's stack, the tab still selected), and a scroll
/// region of a scene of the sequence (landscape points).
@Suite struct LandscapeSequenceContainerTests {
    static func tabbed() -> Session {
        var p = LandscapeSequenceTests.prototype(length: 3, step: .push)
        p.installTabs([
            TabItem(label: "Home", scene: "home", frame: Rect(x: 0, y: 740, width: 180, height: 60)),
            TabItem(label: "Stocks", scene: "stocks", frame: Rect(x: 180, y: 740, width: 180, height: 60)),
        ])
        return Session(prototype: p)
    }

    @Test func turningUprightInATabComesBackToTheRootOfThatTab() {
        let s = Self.tabbed()
        LandscapeSequenceTests.tap(s, 270, 770)  // the "Stocks" tab
        #expect(s.stack == ["stocks"])
        s.rotate(to: .landscape)
        LandscapeSequenceTests.run(s, for: 0.4)
        LandscapeSequenceTests.tap(s, 750, 50)
        LandscapeSequenceTests.tap(s, 750, 50)
        #expect(s.stack == ["chart_1", "chart_2", "chart_3"], "the sequence on the Stocks tab's stack")
        #expect(!s.screenElements.contains { $0.label == "Home" }, "no portrait tab frames on the turned screen")
        s.rotate(to: .portrait)
        LandscapeSequenceTests.run(s, for: 0.4)
        #expect(s.stack == ["stocks"], "the owner back at the root of its tab")
        let tab = s.screenElements.first { $0.label == "Stocks" }
        #expect(tab.flatMap { s.value(of: $0) } == "selected")
        LandscapeSequenceTests.tap(s, 90, 770)  // "Home"
        #expect(s.currentScene == "home")
        LandscapeSequenceTests.tap(s, 270, 770)
        #expect(s.stack == ["stocks"], "the Stocks tab kept its place")
    }

    @Test func aSceneOfTheSequenceScrollsInLandscapePoints() {
        var p = LandscapeSequenceTests.prototype(length: 2, step: .push)
        p.scenes["chart_2"]?.design.scroll = ScrollRegion(header: 40, footer: 0, contentHeight: 900)
        p.scenes["chart_2"]?.elements.append(
            Element(label: "Far row", frame: Rect(x: 100, y: 700, width: 300, height: 40)))
        let s = Session(prototype: p)
        LandscapeSequenceTests.tap(s, 100, 50)
        s.rotate(to: .landscape)
        LandscapeSequenceTests.run(s, for: 0.4)
        LandscapeSequenceTests.tap(s, 750, 50)
        #expect(s.currentScene == "chart_2")
        #expect(s.scrollGeometry("chart_2")?.screenHeight == 360, "scrolled on the turned screen")
        #expect(s.scroll(by: 400) == 400)
        let row = s.screenElements.first { $0.label == "Far row" }
        #expect(row?.frame.y == 300, "moved up by the offset, in landscape points: \(String(describing: row))")
        s.rotate(to: .portrait)
        LandscapeSequenceTests.run(s, for: 0.4)
        #expect(s.currentScene == "stocks")
    }

    @Test func aToggleOnAChartIsHitInLandscapePointsAndDrawnThroughTheTurn() {
        var p = LandscapeSequenceTests.prototype(length: 2, step: .push)
        p.scenes["chart_2"]?.elements.append(
            Element(
                label: "Grid", frame: Rect(x: 600, y: 300, width: 60, height: 40), kind: "toggle",
                control: .states(
                    StateControl(style: .toggle, states: ["off", "on"], images: ["off": "off.png", "on": "on.png"]))))
        let s = Session(prototype: p)
        LandscapeSequenceTests.tap(s, 100, 50)
        s.rotate(to: .landscape)
        LandscapeSequenceTests.run(s, for: 0.4)
        LandscapeSequenceTests.tap(s, 750, 50)
        LandscapeSequenceTests.tap(s, 630, 320)  // the toggle, only there in landscape points
        let grid = s.screenElements.first { $0.label == "Grid" }
        #expect(grid.flatMap { s.value(of: $0) } == "on")
        #expect(s.frame().layers[0].stateOverlays.map(\.image) == ["on.png"])
        s.rotate(to: .portrait)
        s.step(to: s.now + Session.rotationDuration * 0.25)
        let turn = s.frame().turn
        #expect(turn?.fromLayers.first?.stateOverlays.map(\.image) == ["on.png"], "drawn on the chart as it turns away")
        #expect(turn?.fromLayers.first?.image == "chart_2.png")
    }
}
