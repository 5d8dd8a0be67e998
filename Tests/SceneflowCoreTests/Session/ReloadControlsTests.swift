import Testing

@testable import SceneflowCore

/// A hot reload (`Session.restore(from:)`) keeps what was entered in the controls whose element
/// still exists with the same label: a text field's text, a toggle's state, a star rating's
/// value; and each tab's stack as it was left. A control renamed, of another kind, or whose
/// state is gone starts afresh.
@Suite struct ReloadControlsTests {
    static func prototype(emailLabel: String = "Email", toggleStates: [String] = ["off", "on"]) -> Prototype {
        let email = Element(
            label: emailLabel, frame: Rect(x: 20, y: 100, width: 320, height: 44), kind: "text_field",
            control: .textField(TextField(placeholder: "you@example.com", maxLength: 5)))
        let name = Element(
            label: "Name", frame: Rect(x: 20, y: 300, width: 320, height: 44), kind: "text_field",
            control: .textField(TextField()))
        let wifi = Element(
            label: "Wi-Fi", frame: Rect(x: 280, y: 200, width: 60, height: 40), kind: "toggle",
            control: .states(
                StateControl(
                    style: .toggle, states: toggleStates,
                    images: Dictionary(uniqueKeysWithValues: toggleStates.map { ($0, "\($0).png") }))))
        let tabs = [
            TabItem(label: "Form", scene: "home", frame: Rect(x: 0, y: 740, width: 180, height: 60)),
            TabItem(label: "More", scene: "more", frame: Rect(x: 180, y: 740, width: 180, height: 60)),
        ]
        var prototype = Prototype(
            name: "R", device: Device(width: 360, height: 800, scale: 1), start: "home",
            scenes: [
                Scene(
                    name: "home", image: "home.png",
                    elements: [
                        email, wifi, name,
                        Element(
                            label: "Details", frame: Rect(x: 0, y: 400, width: 360, height: 50),
                            onTap: .go(scene: "details", transition: .cut)),
                    ]),
                Scene(name: "details", image: "home.png"),
                Scene(name: "more", image: "home.png"),
            ])
        prototype.installTabs(tabs)
        return prototype
    }

    static func tap(_ s: Session, _ x: Double, _ y: Double) { LandscapeSceneTests.tap(s, x, y) }

    /// Types into both fields and flips the toggle.
    static func edited() throws -> Session {
        let s = Session(prototype: prototype())
        tap(s, 100, 120)
        s.typeText("a@b.c")
        tap(s, 100, 320)
        s.typeText("Ada")
        tap(s, 300, 220)
        #expect(try s.textField("Email").value == "a@b.c")
        #expect(try s.stateControl("Wi-Fi").state == "on")
        return s
    }

    @Test func textAndStatesSurviveAReloadWhenTheLabelsStay() throws {
        let old = try Self.edited()
        let fresh = Session(prototype: Self.prototype())
        fresh.restore(from: old)
        #expect(try fresh.textField("Email").value == "a@b.c")
        #expect(try fresh.textField("Name").value == "Ada")
        #expect(try fresh.stateControl("Wi-Fi").state == "on")
        #expect(fresh.focusedTextField == nil, "the keyboard is not carried over")
        let events = fresh.timeline.events.suffix(1).map { "\($0.kind)" }
        #expect(events.count == 1 && events[0].contains("reload"), "nothing fired: \(events)")
    }

    @Test func aRenamedFieldOrARemovedStateStartsAfresh() throws {
        let old = try Self.edited()
        let fresh = Session(prototype: Self.prototype(emailLabel: "E-mail", toggleStates: ["off", "auto"]))
        fresh.restore(from: old)
        #expect(try fresh.textField("E-mail").value == "", "another label: another field")
        #expect(try fresh.textField("Name").value == "Ada")
        #expect(try fresh.stateControl("Wi-Fi").state == "off", "the state \"on\" is gone: the first state")
    }

    @Test func eachTabKeepsItsStackOverAReload() throws {
        let s = Session(prototype: Self.prototype())
        Self.tap(s, 100, 420)  // Details
        #expect(s.stack == ["home", "details"])
        Self.tap(s, 270, 770)  // More
        #expect(s.stack == ["more"])
        let fresh = Session(prototype: Self.prototype())
        fresh.restore(from: s)
        #expect(fresh.stack == ["more"])
        Self.tap(fresh, 90, 770)  // Form: where it was left
        #expect(fresh.stack == ["home", "details"], "the Form tab kept its place over the reload")
    }
}

/// `render --to` finds the way back from a tab of a presented form: the tab switch is a step of
/// the way (another tab's root standing where the form was presented), so `dismiss()` from the
/// second tab undoes the form's presentation, as the test run draws it.
@Suite struct TabRouteTests {
    @Test func dismissFromAPresentedFormsSecondTabUndoesThePresentation() throws {
        let cover = Transition(kind: .coverUp, duration: 0.35, curve: .easeOut)
        var prototype = Prototype(
            name: "F", device: Device(width: 360, height: 800, scale: 1), start: "home",
            scenes: [
                Scene(
                    name: "home", image: "a.png",
                    elements: [
                        Element(
                            label: "Add", frame: Rect(x: 0, y: 0, width: 50, height: 50),
                            onTap: .present(scene: "card", transition: cover))
                    ]),
                Scene(name: "card", image: "a.png"),
                Scene(
                    name: "options", image: "a.png",
                    elements: [
                        Element(label: "Close", frame: Rect(x: 0, y: 0, width: 50, height: 50), onTap: .dismiss)
                    ]),
            ])
        prototype.installTabs([
            TabItem(label: "Card", scene: "card", frame: Rect(x: 0, y: 80, width: 180, height: 40)),
            TabItem(label: "Options", scene: "options", frame: Rect(x: 180, y: 80, width: 180, height: 40)),
        ])
        let routes = TransitionRoute.routes(in: prototype, from: "options", to: "home")
        let route = try #require(routes.first { $0.action == .dismiss })
        #expect(route.transition == cover.reversed)
        #expect(route.stack.map(\.scene) == ["home", "options"] && route.stack.last?.isModal == true)
    }
}
