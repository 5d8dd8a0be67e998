import Testing

@testable import SceneflowCore

/// `replace(scene, ...)`: a splash that advances itself leaves no entry in the history.
@Suite struct ReplaceNavigationTests {
    static let crossfade = Transition(kind: .crossfade, duration: 0.3)

    /// splash --(after 1.5 s, replace crossfade)--> home --(Open)--> detail; `menu` is
    /// presented from home and replaces itself with `sheet`.
    static func prototype() -> Prototype {
        var splash = Scene(name: "splash", image: "splash.png")
        splash.design.after = TimedAction(seconds: 1.5, action: .replace(scene: "home", transition: crossfade))
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "Open", frame: Rect(x: 0, y: 0, width: 360, height: 100),
                    onTap: .go(scene: "detail", transition: .cut)),
                Element(
                    label: "Menu", frame: Rect(x: 0, y: 700, width: 360, height: 100),
                    onTap: .present(scene: "menu", transition: .cut)),
            ])
        let menu = Scene(
            name: "menu", image: "menu.png",
            elements: [
                Element(
                    label: "More", frame: Rect(x: 0, y: 0, width: 360, height: 100),
                    onTap: .replace(scene: "sheet", transition: .cut))
            ])
        return Prototype(
            name: "Splash", device: Device(width: 360, height: 800, scale: 1), start: "splash",
            scenes: [splash, home, menu, Scene(name: "sheet", image: "s.png"), Scene(name: "detail", image: "d.png")])
    }

    @Test func aSplashReplacedByHomeLeavesNothingToGoBackTo() {
        let s = Session(prototype: Self.prototype())
        DesignSessionTests.run(s, for: 1.6)
        #expect(s.runningTransition?.transition == Self.crossfade, "animated with the given transition")
        DesignSessionTests.run(s, for: 0.4)
        #expect(s.stack == ["home"], "the splash is gone from the stack")
        #expect(
            s.timeline.lifecycle.map(\.description).suffix(2) == [
                "splash.did_disappear(animated)", "home.did_appear(animated)",
            ])
        s.perform(.back, source: "key Escape")
        #expect(s.currentScene == "home", "back from home goes nowhere")
        #expect(s.timeline.events.contains { if case .actionSkipped(.back, _) = $0.kind { true } else { false } })
    }

    @Test func replaceKeepsWhatIsBelowAndTheModalFlag() {
        let s = Session(prototype: Self.prototype())
        DesignSessionTests.run(s, for: 2)
        DesignSessionTests.tap(s, 100, 750)  // Menu: presented
        DesignSessionTests.tap(s, 100, 50)  // More: replaces menu with sheet
        #expect(s.stack == ["home", "sheet"])
        s.perform(.dismiss, source: "test")
        #expect(s.currentScene == "home", "the replacing entry is modal like the one it replaced")
        DesignSessionTests.tap(s, 100, 50)  // Open: go pushes as before
        #expect(s.stack == ["home", "detail"])
        s.perform(.replace(scene: "sheet", transition: .cut), source: "test")
        #expect(s.stack == ["home", "sheet"])
        s.perform(.back, source: "test")
        #expect(s.currentScene == "home", "back from the new scene goes to what was below the replaced one")
    }

    @Test func describedAndDrawnAsReplace() {
        let p = Self.prototype()
        #expect(Action.replace(scene: "home", transition: Self.crossfade).description.hasPrefix("replace(\"home\", "))
        #expect(Action.replace(scene: "home", transition: .cut).targetScene == "home")
        let dot = FlowGraph.dot(p) { _ in nil }
        #expect(dot.contains("\"menu\" -> \"sheet\" [label=\"More\\nreplace none\"];"), "\(dot)")
        #expect(dot.contains("\"splash\" -> \"home\""), "\(dot)")
        #expect(dot.contains("replace crossfade 0.3s"), "\(dot)")
        #expect(PrototypeChecker.reachableScenes(p).contains("sheet"), "a replace edge reaches its scene")
    }

    @Test func recordWritesTheSplashAsAWaitAndNoBack() {
        let s = Session(prototype: Self.prototype())
        let r = ScriptRecorder(start: "splash")
        ScriptRecorderTests.frames(s, r, 2.2)
        s.perform(.back, source: "key Escape")  // skipped: home is the root now
        ScriptRecorderTests.frames(s, r, 0.1)
        #expect(r.lines.prefix(3) == ["expect.scene \"splash\"", "wait(1.6)", "expect.scene \"home\""], "\(r.lines)")
        #expect(s.currentScene == "home")
    }
}
