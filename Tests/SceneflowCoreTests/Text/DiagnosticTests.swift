import Testing

@testable import SceneflowCore

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test func fullDescription() {
        let d = Diagnostic(
            file: "Prototypes/Store/prototype.lua", line: 12, path: "scenes.list.elements[3].on_tap",
            message: "no scene \"detial\"" + NearestName.hint(for: "detial", among: ["detail", "home"]))
        #expect(
            d.description
                == "Prototypes/Store/prototype.lua:12: scenes.list.elements[3].on_tap: no scene \"detial\"; did you mean \"detail\"?"
        )
        #expect(d.severity == .error)
    }

    @Test func partsThatAreUnknownAreLeftOut() {
        #expect(Diagnostic(file: "a.lua", message: "boom").description == "a.lua: boom")
        #expect(Diagnostic(file: "a.lua", path: "", message: "boom").description == "a.lua: boom")
        #expect(Diagnostic(file: "a.lua", path: "name", message: "boom").description == "a.lua: name: boom")
    }

    @Test func warningsArePrefixed() {
        let d = Diagnostic(
            .warning, file: "p.lua", line: 3, path: "scenes.orphan", message: "no hotspot reaches this scene")
        #expect(d.description == "p.lua:3: warning: scenes.orphan: no hotspot reaches this scene")
    }

    @Test func listPrintsOneDiagnosticPerLine() {
        let list = DiagnosticList([
            Diagnostic(file: "p.lua", message: "one"),
            Diagnostic(.warning, file: "p.lua", line: 2, message: "two"),
        ])
        #expect(list.description == "p.lua: one\np.lua:2: warning: two")
        #expect(list.diagnostics.count == 2)
    }

    @Test func numbersAndRectsFormatLikeThePrototypeFile() {
        #expect(formatNumber(3) == "3")
        #expect(formatNumber(0.35) == "0.35")
        #expect(formatNumber(0.3456, decimals: 3) == "0.346")
        #expect(formatNumber(-2.5) == "-2.5")
        #expect(formatNumber(50.4, decimals: 0) == "50")
        #expect(formatNumber(100.2, decimals: 0) == "100")
        #expect(Rect(x: 16, y: 220, width: 96, height: 120.5).description == "{16, 220, 96, 120.5}")
        #expect(PixelRect(x: 1, y: 2, width: 3, height: 4).description == "{1, 2, 3, 4}")
        #expect(
            Transition(kind: .pushLeft, duration: 0.35, curve: .easeInOut).description == "push_left 0.35s ease_in_out")
        #expect(Transition.cut.description == "none")
        #expect(
            Action.go(scene: "details", transition: Transition(kind: .crossfade, duration: 0.3, curve: .linear))
                .description
                == "go(\"details\", crossfade 0.3s linear)")
    }

    @Test func lifecycleAndTimelineDescriptions() {
        #expect(LifecycleEvent(.didAppear, "details", animated: true).description == "details.did_appear(animated)")
        #expect(
            LifecycleEvent(.willDisappear, "home", animated: false).description == "home.will_disappear(not animated)")
        let e = TimelineEvent(time: 0.35, kind: .lifecycle(.init(.didAppear, "details", animated: true)))
        #expect(e.description == "0.35s details.did_appear(animated)")
    }
}
