import Testing

@testable import SceneflowCore

/// Errors raised by Lua actions show in the window (QA item 11) and the recorded step is not
/// replayed.
@Suite struct ActionErrorTests {
    @Test func anActionErrorShowsForAFewSecondsOrUntilTheNextPress() {
        var state = DesignerState()
        #expect(state.overlay(for: nil, at: 0).panels.isEmpty)
        state.actionFailed("p/prototype.lua:12: boom", element: "tap on \"Boom\"", scene: "home", at: 10)
        let panels = state.overlay(for: nil, at: 11).panels
        #expect(panels.count == 1)
        #expect(panels.first?.background == .error)
        #expect(panels.first?.placement == .top)
        #expect(panels.first?.lines.contains("p/prototype.lua:12: boom") == true, "\(panels)")
        #expect(panels.first?.lines.first == "Lua action failed (tap on \"Boom\", scene \"home\"):", "\(panels)")
        #expect(
            state.overlay(for: nil, at: 10 + DesignerState.actionErrorSeconds).panels.isEmpty, "gone after the time")
        state.actionFailed(
            "p/prototype.lua:3: scene \"nowhere\" not found", element: "swipe left in home", scene: "home", at: 20)
        #expect(state.overlay(for: nil, at: 20.5).panels.count == 1)
        #expect(
            state.overlay(for: nil, at: 20.5).panels.first?.lines.first
                == "Lua action failed (swipe left, scene \"home\"):",
            "the scene is named once")
        state.pointerPressed()
        #expect(state.overlay(for: nil, at: 20.6).panels.isEmpty, "the next tap closes it")
    }

    @Test func aRecordedStepWhoseActionFailedIsACommentAndARatingKeepsItsValue() {
        let recorder = ScriptRecorder(start: "home")
        recorder.lines.append("tap \"Boom\"")
        recorder.actionFailed(element: "tap on \"Boom\"", message: "p/prototype.lua:12: boom")
        #expect(
            recorder.lines.last == "-- tap \"Boom\" (not replayed: its Lua action failed: p/prototype.lua:12: boom)")
        recorder.lines.append("rate(\"Stars\", 4)")
        recorder.actionFailed(element: "Stars", message: "p/prototype.lua:20: bad\nvalue")
        #expect(
            recorder.lines.last
                == "set_value(\"Stars\", 4)  -- rate(\"Stars\", 4) not replayed: its on_change failed: p/prototype.lua:20: bad value"
        )
        recorder.lines.append("swipe(\"left\", {on = \"Card\"})")
        recorder.actionFailed(element: "tap on \"Other\"", message: "x")
        #expect(
            recorder.lines.suffix(2) == [
                "swipe(\"left\", {on = \"Card\"})", "-- the Lua action of tap on \"Other\" failed here: x",
            ])
        recorder.lines.append("swipe \"left\"")
        recorder.actionFailed(element: "swipe left in home", message: "y")
        #expect(recorder.lines.last == "-- swipe \"left\" (not replayed: its Lua action failed: y)")
        #expect(!recorder.script(prototypePath: ".").contains("\n  tap \"Boom\"\n"))
    }
}
