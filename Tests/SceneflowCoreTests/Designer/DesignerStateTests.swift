import Testing

@testable import SceneflowCore

@Suite struct DesignerStateTests {
    let scene = Fixtures.storePrototype().scenes["home"]!

    @Test func aMissedTapFlashesEveryElementWithoutLabelsForHintSeconds() {
        var state = DesignerState()
        #expect(state.overlay(for: scene, at: 1).isEmpty)
        state.tapMissed(at: 1)
        let flash = state.overlay(for: scene, at: 1.5)
        #expect(flash.boxes.map(\.frame) == scene.elements.map(\.frame))
        #expect(flash.boxes.allSatisfy { $0.label == nil })
        #expect(state.overlay(for: scene, at: 1 + DesignerState.hintDuration).isEmpty)
    }

    @Test func noHintsMeansNoFlashButHStillShowsLabels() {
        var state = DesignerState(hints: false)
        state.tapMissed(at: 0)
        #expect(state.overlay(for: scene, at: 0.1).isEmpty)
        #expect(state.key("H") == .redraw)
        #expect(state.overlay(for: scene, at: 0.1).boxes.compactMap(\.label) == ["Background", "Open", "Menu"])
    }

    @Test func keysZoomAndHelp() {
        var state = DesignerState()
        #expect(state.key("2") == .zoom(.half))
        #expect(state.key("1") == .zoom(.actual))
        #expect(state.key("0") == .zoom(.fit))
        #expect(state.key("O") == .none, "rotation is not built yet")
        #expect(state.key("X") == .none)
        #expect(state.key("/") == .redraw)
        #expect(state.overlay(for: nil, at: 0).panels.first?.lines.first == "Keys")
        #expect(state.key("1") == .redraw, "any key closes the list first")
        #expect(state.overlay(for: nil, at: 0).isEmpty)
        #expect(WindowZoom.half.windowSize(pixelWidth: 1081, pixelHeight: 2400)! == (541, 1200))
        #expect(WindowZoom.fit.windowSize(pixelWidth: 10, pixelHeight: 10) == nil)
    }

    @Test func reloadErrorIsWrappedIntoAPanel() {
        var state = DesignerState()
        state.reloadError = String(repeating: "word ", count: 30)
        let panel = state.overlay(for: nil, at: 0).panels[0]
        #expect(panel.background == .error)
        #expect(panel.lines.count > 2)
        #expect(panel.lines.allSatisfy { $0.count <= 48 || $0.hasPrefix("Reload") })
    }
}

@Suite struct SessionRestoreTests {
    @Test func restoreKeepsTheStackUpToTheFirstSceneThatIsGone() {
        let p = Fixtures.storePrototype(openTransition: .cut)
        let old = Session(prototype: p)
        old.perform(Fixtures.push("details", .none, 0), source: "test")
        #expect(old.stack == ["home", "details"])
        let fresh = Session(prototype: p)
        #expect(fresh.restore(old.navigationEntries).isEmpty)
        #expect(fresh.stack == ["home", "details"])
        fresh.perform(.back, source: "test")
        #expect(fresh.currentScene == "home", "history kept: back works after a reload")

        var smaller = p
        smaller.scenes["details"] = nil
        let cut = Session(prototype: smaller)
        #expect(cut.restore(old.navigationEntries) == ["details"])
        #expect(cut.stack == ["home"])
    }
}
