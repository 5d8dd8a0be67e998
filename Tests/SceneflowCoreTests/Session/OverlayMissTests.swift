import Testing

@testable import SceneflowCore

/// Issue 13 item 2: a click outside an overlay without `dismiss_on_outside` is a missed click
/// like any other: it is logged as a tap on no element (which starts the window's hotspot-hint
/// flash, `DesignerState.tapMissed`) and reaches nothing below the overlay.
@Suite struct OverlayMissTests {
    static func prototype(dismissOnOutside: Bool) -> Prototype {
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(label: "Behind", frame: Rect(x: 0, y: 0, width: 360, height: 100), onTap: .back),
                Element(
                    label: "Open", frame: Rect(x: 0, y: 700, width: 360, height: 100),
                    onTap: .present(scene: "card", transition: .cut)),
            ])
        var card = Scene(
            name: "card", image: "card.png",
            elements: [Element(label: "Done", frame: Rect(x: 10, y: 10, width: 100, height: 40), onTap: .dismiss)])
        card.design.overlay = OverlayStyle(
            position: .center, dismissOnOutside: dismissOnOutside, size: Size(width: 200, height: 200))
        return Prototype(
            name: "M", device: Device(width: 360, height: 800, scale: 1), start: "home", scenes: [home, card])
    }

    static func tap(_ s: Session, _ x: Double, _ y: Double) {
        s.handle(InputEvent(.down, Point(x: x, y: y), at: s.now))
        s.step(to: s.now + 0.05)
        s.handle(InputEvent(.up, Point(x: x, y: y), at: s.now))
        s.step(to: s.now + 0.5)
        s.framePresented()
    }

    /// The taps logged since event `index`, with the element each hit.
    static func taps(_ s: Session, since index: Int) -> [String?] {
        s.timeline.events[index...].compactMap {
            if case .gesture(.tap, _, let label) = $0.kind { return .some(label) }
            return nil
        }
    }

    @Test func aTapOutsideAnOverlayWithoutDismissOnOutsideIsAMissedTap() {
        let s = Session(prototype: Self.prototype(dismissOnOutside: false))
        Self.tap(s, 100, 750)
        #expect(s.currentScene == "card")
        let before = s.timeline.events.count
        Self.tap(s, 50, 50)  // on "Behind" below the dimmed veil, outside the card
        #expect(s.currentScene == "card", "nothing below the overlay is reached")
        #expect(Self.taps(s, since: before) == [nil], "logged as a tap on no element: the hint flash starts")
        var designer = DesignerState()
        for event in s.timeline.events[before...] {
            if case .gesture(.tap, _, nil) = event.kind { designer.tapMissed(at: event.time) }
        }
        #expect(designer.isFlashing(at: s.now - 0.1))
    }

    @Test func aTapOutsideAnOverlayThatDismissesIsNoMissedTap() {
        let s = Session(prototype: Self.prototype(dismissOnOutside: true))
        Self.tap(s, 100, 750)
        let before = s.timeline.events.count
        Self.tap(s, 50, 50)
        #expect(s.currentScene == "home", "dismissed")
        #expect(Self.taps(s, since: before).isEmpty, "it did something: no hint flash")
    }
}
