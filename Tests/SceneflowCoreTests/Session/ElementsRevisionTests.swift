import Testing

@testable import SceneflowCore

/// `Session.elementsRevision` stays the same only while everything a script reads of the
/// current scene's elements does (frames, the parts that show, values): asked on every frame
/// of a run through a timed scene change, an overlay sliding up and away, a pressed element,
/// a push transition and control changes made between two frames, a revision that did not
/// change never comes with elements that did. On a settled scene it stays the same.
@Suite struct ElementsRevisionTests {
    /// What a script reads of the elements now, one line per element.
    static func reading(_ s: Session) -> [String] {
        let shown = s.visibleFrames
        return s.screenElements.enumerated().map { offset, e in
            "\(e.label) \(e.kind) \(e.frame) \(String(describing: shown[offset])) \(s.value(of: e) ?? "-")"
        }
    }

    /// Asks for the revision after every change and frame, and checks the rule.
    final class Watcher {
        let session: Session
        var last: (revision: Int, reading: [String])
        var changes = 0

        init(_ session: Session) {
            self.session = session
            last = (session.elementsRevision, ElementsRevisionTests.reading(session))
        }

        func check(_ note: String) {
            let now = (session.elementsRevision, ElementsRevisionTests.reading(session))
            if now.0 == last.revision {
                #expect(now.1 == last.reading, "\(note): the revision stayed \(now.0) but the elements changed")
            } else {
                #expect(now.0 > last.revision, "\(note): revisions only grow")
                changes += 1
            }
            last = now
        }

        func run(for seconds: Double, _ note: String) {
            let end = session.now + seconds
            while session.now < end - 1e-9 {
                session.step(to: session.now + 1.0 / 60)
                session.framePresented()
                check("\(note) at \(session.now) s")
            }
        }
    }

    static func prototype() -> Prototype {
        var p = DesignSessionTests.prototype()
        var box = Element(label: "Agree", frame: Rect(x: 0, y: 300, width: 100, height: 40))
        box.control = .states(StateControl(style: .checkbox, states: ["off", "on"], images: ["off": "a", "on": "b"]))
        p.scenes["home"]?.elements.append(box)
        p.scenes["home"]?.elements.append(
            Element(
                label: "Next", frame: Rect(x: 200, y: 300, width: 100, height: 40),
                onTap: .go(scene: "splash", transition: Transition(kind: .pushLeft, duration: 0.5))))
        return p
    }

    static func tap(_ w: Watcher, _ x: Double, _ y: Double, _ note: String) {
        w.session.schedule(InputEvent(.down, Point(x: x, y: y), at: w.session.now))
        w.session.schedule(InputEvent(.up, Point(x: x, y: y), at: w.session.now + 0.05))
        w.run(for: 1, note)
    }

    @Test func aRevisionThatStaysTheSameNeverComesWithChangedElements() throws {
        let s = Session(prototype: Self.prototype())
        let w = Watcher(s)
        w.run(for: 2, "the splash's timer goes to home")
        #expect(s.currentScene == "home")
        Self.tap(w, 180, 750, "Share presents the sheet (cover up)")
        #expect(s.currentScene == "sheet")
        Self.tap(w, 300, 535, "Done dismisses it")
        #expect(s.currentScene == "home")
        let before = w.changes
        try s.setControlState("Agree", "on")
        w.check("a control changed with no frame between")
        #expect(w.changes == before + 1, "the change is a new revision at once")
        s.schedule(InputEvent(.down, Point(x: 180, y: 750), at: s.now))
        w.run(for: 0.2, "Share held down (its pressed image)")
        s.schedule(InputEvent(.up, Point(x: 0, y: 0), at: s.now))
        w.run(for: 0.5, "released off the element")
        Self.tap(w, 250, 320, "Next pushes splash over 0.5 s")
        #expect(s.currentScene == "splash")
        #expect(w.changes >= 8, "a change for every step of the run: \(w.changes)")
    }

    @Test func aSettledSceneKeepsItsRevision() {
        let s = Session(prototype: Self.prototype())
        let w = Watcher(s)
        w.run(for: 2, "to home")
        let settled = s.elementsRevision
        w.run(for: 5, "home, settled")
        #expect(s.elementsRevision == settled)
        #expect(s.isSettled)
    }
}
