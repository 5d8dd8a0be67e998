import Testing

@testable import SceneflowCore

/// Keyboard focus ends with the appearance of its scene (Session+FocusLifecycle.swift), and
/// `record` writes what the designer did.
@Suite struct FocusLifecycleTests {
    typealias R = ScriptRecorderTests

    /// home --(Rate)--> rate (a 5-star control at half steps whose commit goes to "thanks",
    /// a Back hotspot, an "Info" hotspot that goes to "info").
    static func session() -> Session {
        let rating = StarRating(
            stars: 5, starSize: Size(width: 50, height: 48), touchBand: 20, step: 0.5,
            onChange: .go(scene: "thanks", transition: .cut))
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "Rate", frame: Rect(x: 0, y: 600, width: 360, height: 100),
                    onTap: .go(scene: "rate", transition: .cut))
            ])
        let rate = Scene(
            name: "rate", image: "rate.png",
            elements: [
                Element(label: "Back", frame: Rect(x: 0, y: 0, width: 100, height: 50), onTap: .back),
                Element(
                    label: "Info", frame: Rect(x: 200, y: 0, width: 100, height: 50),
                    onTap: .go(scene: "info", transition: Transition(kind: .pushLeft, duration: 0.3))),
                Element(
                    label: "Stars", frame: Rect(x: 20, y: 300, width: 320, height: 153), kind: "star_rating",
                    path: "scenes.rate.elements[3]", control: .starRating(rating)),
            ])
        return Session(
            prototype: Prototype(
                name: "F", device: Fixtures.device, start: "home",
                scenes: [home, rate, Scene(name: "thanks", image: "t.png"), Scene(name: "info", image: "i.png")]))
    }

    @Test func leavingTheSceneClearsFocusAndDropsTheUncommittedValue() throws {
        let s = Self.session()
        s.perform(.go(scene: "rate", transition: .cut), source: "test")
        #expect(s.handleKey(.focusNext) == "Stars")
        for _ in 0..<3 { s.handleKey(.increment) }
        #expect(try s.controlValue("Stars") == 1.5)
        s.perform(.back, source: "key Escape")
        s.perform(.go(scene: "rate", transition: .cut), source: "test")
        #expect(s.frame().layers[0].overlays[0].focusRing == nil, "no focus ring on arrival")
        #expect(try s.controlValue("Stars") == 0, "the uncommitted keyboard value was dropped")
        #expect(s.handleKey(.focusNext) == "Stars", "Tab focuses the first rating")
        #expect(s.currentScene == "rate", "Tab committed nothing stale")
        s.handleKey(.maximum)
        s.handleKey(.commit)
        #expect(s.currentScene == "thanks", "Return commits 5")
        let changes = s.timeline.events.compactMap {
            if case .controlValue(_, _, let value, "changed") = $0.kind { value } else { nil }
        }
        #expect(changes == [5], "only the final commit fired on_change")
    }

    @Test func aCommittedValueStaysAndAnAnimatedLeaveDropsFocusAtOnce() throws {
        let s = Self.session()
        s.perform(.go(scene: "rate", transition: .cut), source: "test")
        s.handleKey(.focusNext)
        s.handleKey(.increment)
        s.handleKey(.focusNext)  // Tab away commits 0.5; on_change goes to thanks
        #expect(s.currentScene == "thanks")
        s.perform(.back, source: "test")
        #expect(try s.controlValue("Stars") == 0.5, "a committed value is kept")
        s.handleKey(.focusNext)
        s.handleKey(.increment)
        s.perform(.go(scene: "info", transition: Transition(kind: .pushLeft, duration: 0.3)), source: "test")
        #expect(s.runningTransition != nil)
        #expect(s.frame().layers.allSatisfy { $0.overlays.allSatisfy { $0.focusRing == nil } }, "no ring while leaving")
        #expect(try s.stateOf("Stars") == 0.5, "back to the last commit")
    }

    @Test func recordWritesWhatTheDesignerDid() {
        let s = Self.session()
        let r = ScriptRecorder(start: "home")
        R.play(s, r, [(.down, 100, 650), (.up, 100, 650)])  // tap Rate
        s.handleKey(.focusNext)
        for _ in 0..<3 { s.handleKey(.increment) }
        R.frames(s, r, 0.05)
        s.perform(.back, source: "key Escape")
        R.frames(s, r, 0.5)  // past the double-tap window
        R.play(s, r, [(.down, 100, 650), (.up, 100, 650)])
        s.handleKey(.focusNext)
        s.handleKey(.increment)
        R.frames(s, r, 0.05)
        R.play(s, r, [(.down, 250, 25), (.up, 250, 25)])  // tap Info: leaves with 0.5 uncommitted
        R.frames(s, r, 0.5)
        s.perform(.back, source: "key Escape")
        R.frames(s, r, 0.5)
        s.handleKey(.focusNext)
        s.handleKey(.maximum)
        s.handleKey(.commit)
        R.frames(s, r, 0.05)
        r.finish(s)
        #expect(
            r.lines == [
                "expect.scene \"home\"", "tap \"Rate\"", "expect.scene \"rate\"", "back()", "expect.scene \"home\"",
                "tap \"Rate\"", "expect.scene \"rate\"", "tap \"Info\"", "expect.scene \"info\"", "back()",
                "expect.scene \"rate\"", "rate(\"Stars\", 5)", "expect.scene \"thanks\"",
            ], "\(r.lines)")
    }
}

extension Session {
    /// The stored value of `label` in any mounted scene (the current one first).
    fileprivate func stateOf(_ label: String) throws -> Double {
        for name in [currentScene] + mountedScenes {
            if let element = scene(name)?.elements.first(where: { $0.label == label }),
                let tracker = starRating(of: element)
            {
                return tracker.value
            }
        }
        throw ControlError(message: "no \(label)")
    }
}
