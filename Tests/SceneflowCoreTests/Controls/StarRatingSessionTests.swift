import Testing

@testable import SceneflowCore

/// A prototype whose "rate" scene has the issue's 320×153 pt control at (20, 300) with Lua
/// actions (refs 11 and 12), a hotspot above it, and a read-only control.
private func ratingPrototype(readOnly: Bool = false, onChange: Action? = .script(ScriptFunctionRef(id: 12)))
    -> Prototype
{
    let rating = StarRating(
        stars: 5, starSize: Size(width: 50, height: 48), touchBand: 20, readOnly: readOnly,
        onChanging: .script(ScriptFunctionRef(id: 11)), onChange: onChange)
    let rate = Scene(
        name: "rate", image: "rate.png",
        elements: [
            Element(
                label: "Next", frame: Rect(x: 0, y: 0, width: 100, height: 50),
                onTap: .go(scene: "thanks", transition: .cut)),
            Element(
                label: "Your rating", frame: Rect(x: 20, y: 300, width: 320, height: 153), kind: "star_rating",
                path: "scenes.rate.elements[2]", control: .starRating(rating)),
        ])
    let thanks = Scene(name: "thanks", image: "thanks.png")
    return Prototype(name: "Rate", device: Fixtures.device, start: "rate", scenes: [rate, thanks])
}

private func drag(_ s: Session, _ xs: [Double], y: Double = 360, at t: Double = 0) {
    s.handle(InputEvent(.down, Point(x: xs[0], y: y), at: t))
    for (i, x) in xs.enumerated().dropFirst() {
        s.handle(InputEvent(.move, Point(x: x, y: y), at: t + 0.01 * Double(i)))
    }
    s.handle(InputEvent(.up, Point(x: xs.last!, y: y), at: t + 0.01 * Double(xs.count)))
}

@Suite("Star rating in a session: capture, events, script API, keyboard, drawing")
struct StarRatingSessionTests {
    // Glyph i spans x 55 + 50i … 105 + 50i; glyph row y 342.5 … 390.5; band to 410.5.

    @Test func dragIsCapturedAndFiresOneChangeWithTheValue() throws {
        let s = Session(prototype: ratingPrototype())
        try s.setControlValue("Your rating", 3)
        #expect(s.takeScriptCalls().isEmpty)  // set from a script fires nothing
        s.handle(InputEvent(.down, Point(x: 180, y: 360), at: 0))
        #expect(!s.isSettled)  // a captured press is a gesture in flight
        s.handle(InputEvent(.move, Point(x: 230, y: 500), at: 0.1))
        s.handle(InputEvent(.up, Point(x: 230, y: 500), at: 0.2))
        let calls = s.takeScriptCalls()
        #expect(calls.map(\.ref.id) == [11, 12])
        #expect(calls.map(\.argument) == [4, 4])
        #expect(calls.allSatisfy { $0.element == "Your rating" && $0.scene == "rate" })
        #expect(try s.controlValue("Your rating") == 4)
        #expect(try s.accessibilityValue("Your rating") == "4 of 5 stars")
        #expect(s.timeline.gestures.isEmpty)  // the recognizer never saw the drag
        #expect(s.isSettled)
    }

    @Test func pressOutsideTheControlGoesToTheRecognizer() {
        let s = Session(prototype: ratingPrototype())
        s.handle(InputEvent(.down, Point(x: 30, y: 25), at: 0))
        s.handle(InputEvent(.up, Point(x: 30, y: 25), at: 0.05))
        #expect(s.currentScene == "thanks")
        #expect(s.takeScriptCalls().isEmpty)
    }

    @Test func navigationActionsRunAndValuesResetPerTest() throws {
        let s = Session(prototype: ratingPrototype(onChange: .go(scene: "thanks", transition: .cut)))
        drag(s, [260])
        #expect(s.currentScene == "thanks")
        s.reset()
        #expect(try s.controlValue("Your rating") == 0)
    }

    @Test func transitionCancelsTheCapturedPressAndRestoresTheValue() throws {
        let s = Session(prototype: ratingPrototype())
        s.handle(InputEvent(.down, Point(x: 260, y: 360), at: 0))
        #expect(try s.controlValue("Your rating") == 5)
        s.perform(
            .go(scene: "thanks", transition: Transition(kind: .crossfade, duration: 0.3, curve: .linear)),
            source: "test")
        s.handle(InputEvent(.up, Point(x: 260, y: 360), at: 0.1))
        #expect(s.takeScriptCalls().map(\.ref.id) == [11])  // changing only; no on_change
        s.step(to: 1)
        s.framePresented()
        s.perform(.back, source: "test")
        s.step(to: 2)
        s.framePresented()
        #expect(s.currentScene == "rate")
        #expect(try s.controlValue("Your rating") == 0)
    }

    @Test func readOnlyControlChangesNothingAndFiresNothing() throws {
        let s = Session(prototype: ratingPrototype(readOnly: true))
        try s.setControlValue("Your rating", 1)
        drag(s, [80, 130, 180, 230, 280])
        #expect(try s.controlValue("Your rating") == 1)
        #expect(s.takeScriptCalls().isEmpty)
        #expect(try s.adjustControl("Your rating", by: 1) == 1)
    }

    @Test func disabledControlTakesNoPointerOrFocus() throws {
        var prototype = ratingPrototype()
        prototype.scenes["rate"]!.elements[1].enabled = false
        let s = Session(prototype: prototype)
        drag(s, [80, 280])
        #expect(try s.controlValue("Your rating") == 0)
        #expect(s.handleKey(.focusNext) == nil)
        #expect(s.takeScriptCalls().isEmpty)
    }

    @Test func scriptApiSnapsClampsRejectsNaNAndNamesMisspeltLabels() throws {
        let s = Session(prototype: ratingPrototype())
        #expect(try s.setControlValue("Your rating", 9) == 5)
        #expect(try s.adjustControl("Your rating", by: 1) == 5)
        #expect(try s.adjustControl("Your rating", by: -1) == 4)
        #expect(throws: ControlError.self) { try s.setControlValue("Your rating", .nan) }
        #expect(try s.controlValue("Your rating") == 4)
        do {
            _ = try s.controlValue("Your ratin")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("did you mean \"Your rating\"?"))
            #expect(error.message.contains("no star rating labelled \"Your ratin\" in scene \"rate\""))
        }
        #expect(s.takeScriptCalls().isEmpty)
        let p = try s.controlPoint("Your rating", value: 2)
        #expect(p == Point(x: 130, y: 366.5))
    }

    @Test func keyboardFocusStepsAndCommits() throws {
        let s = Session(prototype: ratingPrototype())
        #expect(s.handleKey(.increment) == nil)  // nothing focused yet
        #expect(s.handleKey(.focusNext) == "Your rating")
        #expect(s.frame().layers[0].overlays[0].focusRing != nil)
        s.handleKey(.increment)
        s.handleKey(.increment)
        #expect(try s.controlValue("Your rating") == 2)
        s.handleKey(.maximum)
        #expect(try s.controlValue("Your rating") == 5)
        s.handleKey(.increment)  // stops at the bound: no event
        s.handleKey(.minimum)
        s.handleKey(.increment)
        #expect(s.takeScriptCalls().map(\.argument) == [1, 2, 5, 0, 1])
        s.handleKey(.commit)
        #expect(s.takeScriptCalls().map { [Double($0.ref.id), $0.argument!] } == [[12, 1]])
        s.handleKey(.commit)
        #expect(s.takeScriptCalls().isEmpty)
        #expect(s.handleKey(.focusNext) == nil)  // past the last control
        #expect(s.frame().layers[0].overlays[0].focusRing == nil)
    }

    @Test func drawnFillsAlwaysEqualTheStoredValue() throws {
        let s = Session(prototype: ratingPrototype())
        try s.setControlValue("Your rating", 3)
        var overlay = try #require(s.frame().layers.first?.overlays.first)
        #expect(overlay.fills == [1, 1, 1, 0, 0])
        #expect(overlay.glyphs[0] == Rect(x: 55, y: 342.5, width: 50, height: 48))
        s.handle(InputEvent(.down, Point(x: 80, y: 400), at: 0))
        overlay = try #require(s.frame().layers.first?.overlays.first)
        #expect(overlay.fills == [1, 0, 0, 0, 0])
        let still = FrameDescription(device: Fixtures.device, layers: [FrameComposer.layer(ratingPrototype(), "rate")])
            .withInitialControls(of: ratingPrototype())
        #expect(still.layers[0].overlays[0].fills == [0, 0, 0, 0, 0])
    }

    @Test func controlActionsCountForReachability() {
        let p = ratingPrototype(onChange: .go(scene: "thanks", transition: .cut))
        let scene = p.scenes["rate"]!
        #expect(scene.actions.map(\.path).contains("scenes.rate.elements[2].on_change"))
    }
}
