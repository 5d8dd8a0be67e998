import Testing

@testable import SceneflowCore

/// Text fields in a session: a tap gives a field the keyboard, typing edits it (on_change
/// per edit, on_submit on Return), a tap elsewhere or leaving the scene takes the keyboard
/// away, the text is the value (dots for a secure field), the caret blinks only while a field
/// has the keyboard, and the field is drawn, hit and read at one geometry wherever its scene
/// is placed (overlay card, landscape look, scroll region).
@Suite struct TextFieldSessionTests {
    static let email = Element(
        label: "Email", frame: Rect(x: 20, y: 100, width: 320, height: 44), kind: "text_field",
        control: .textField(
            TextField(placeholder: "you@example.com", onSubmit: .go(scene: "sent", transition: .cut))))
    static let password = Element(
        label: "Password", frame: Rect(x: 20, y: 160, width: 320, height: 44), kind: "text_field",
        control: .textField(TextField(initialText: "hunter2", secure: true)))
    static let button = Element(
        label: "Continue", frame: Rect(x: 20, y: 400, width: 320, height: 50),
        onTap: .go(scene: "sent", transition: .cut))

    static func session(_ elements: [Element] = [email, password, button]) -> Session {
        let home = Scene(name: "home", image: "home.png", elements: elements)
        let sent = Scene(
            name: "sent", image: "home.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 50, height: 50), onTap: .back)])
        return Session(
            prototype: Prototype(
                name: "T", device: Device(width: 360, height: 800, scale: 2), start: "home", scenes: [home, sent]))
    }

    static func tap(_ s: Session, _ p: Point) { LandscapeSceneTests.tap(s, p.x, p.y) }

    static func edits(_ s: Session) -> [String] {
        s.timeline.events.compactMap {
            if case .controlState(_, _, let state, let what) = $0.kind { "\(what):\(state)" } else { nil }
        }
    }

    @Test func aTapGivesTheKeyboardAndTypingEditsTheValue() throws {
        let s = Self.session()
        #expect(s.focusedTextField == nil && s.typeText("lost") == nil, "no field has the keyboard yet")
        Self.tap(s, Point(x: 100, y: 120))
        #expect(s.focusedTextField?.label == "Email")
        #expect(s.focusedTextField?.frame == Self.email.frame)
        #expect(s.typeText("a@b.example") == 0)
        let element = try #require(s.screenElements.first { $0.label == "Email" })
        #expect(s.value(of: element) == "a@b.example")
        #expect(try s.textField("Email").value == "a@b.example")
        #expect(s.editText(.backspace) == .edited)
        #expect(try s.textField("Email").value == "a@b.exampl")
        #expect(Self.edits(s).first == "focused:" && Self.edits(s).count == 1 + 11 + 1, "one event per edit")
        Self.tap(s, Point(x: 10, y: 600))  // nothing there: the keyboard goes away, the text stays
        #expect(s.focusedTextField == nil && s.currentScene == "home")
        #expect(try s.textField("Email").value == "a@b.exampl")
    }

    @Test func returnSubmitsAndLeavingTheSceneKeepsTheText() throws {
        let s = Self.session()
        Self.tap(s, Point(x: 100, y: 120))
        #expect(s.typeText("x\ny") == 1, "the y after Return goes nowhere, and is counted")
        OrientationTests.run(s, for: 0.5)
        #expect(s.currentScene == "sent", "on_submit navigated")
        #expect(Self.edits(s).suffix(2) == ["typed:x", "submitted:x"], "the text after Return went nowhere")
        s.perform(.back, source: "test")
        OrientationTests.run(s, for: 0.5)
        #expect(try s.textField("Email").value == "x" && s.focusedTextField == nil)
    }

    @Test func leavingTheSceneTakesTheKeyboardAwayForGood() throws {
        let s = Self.session()
        Self.tap(s, Point(x: 100, y: 120))
        s.typeText("kept")
        s.perform(.go(scene: "sent", transition: Transition(kind: .pushLeft, duration: 0.3)), source: "code")
        #expect(s.focusedTextField == nil && s.typeText("lost") == nil, "no keyboard while the scene leaves")
        OrientationTests.run(s, for: 0.5)
        s.perform(.back, source: "test")
        OrientationTests.run(s, for: 0.5)
        #expect(s.currentScene == "home" && s.focusedTextField == nil, "coming back shows no caret")
        #expect(s.caretBlinkDue == nil)
        #expect(try s.textField("Email").value == "kept")
    }

    @Test func escapeAndATapOnAnotherFieldMoveTheKeyboard() throws {
        let s = Self.session()
        Self.tap(s, Point(x: 100, y: 120))
        #expect(s.editText(.cancel) == .cancel && s.focusedTextField == nil)
        #expect(s.editText(.backspace) == nil, "keys go nowhere without a field")
        Self.tap(s, Point(x: 100, y: 120))
        Self.tap(s, Point(x: 100, y: 180))
        #expect(s.focusedTextField?.label == "Password")
        #expect(s.editText(.backspace) == .edited)
        #expect(try s.textField("Password").editing.text == "hunter", "the caret went to the end")
    }

    @Test func aSecureFieldShowsDotsEverywhereButItsOwnCode() throws {
        var secure = Self.password
        secure.control = .textField(
            TextField(initialText: "hunter2", secure: true, onChange: .script(ScriptFunctionRef(id: 1))))
        let s = Self.session([secure])
        let element = try #require(s.screenElements.first)
        #expect(s.value(of: element) == "•••••••")
        Self.tap(s, Point(x: 100, y: 180))
        s.typeText("!")
        #expect(try s.textField("Password").value == "••••••••")
        #expect(s.takeScriptCalls().map(\.text) == ["hunter2!"], "on_change gets the text")
        #expect(!Self.edits(s).contains { $0.contains("hunter") }, "the timeline holds dots: \(Self.edits(s))")
        #expect(s.editText(.selectAll) == .moved && s.editText(.copy) == .unchanged, "a password is never copied")
        let layer = try #require(s.frame().layers.first)
        #expect(layer.textOverlays.first?.shown.string == "••••••••")
    }

    @Test func theCaretBlinksOnlyWhileAFieldHasTheKeyboard() throws {
        let s = Self.session()
        #expect(s.caretBlinkDue == nil, "an idle window sleeps")
        func caret() -> Bool? { s.frame().layers.first?.textOverlays.first { $0.label == "Email" }?.showsCaret }
        #expect(caret() == false)
        Self.tap(s, Point(x: 100, y: 120))
        let due = try #require(s.caretBlinkDue)
        #expect(due > s.now && due <= s.now + Session.caretBlinkHalfPeriod)
        let shown = caret()
        OrientationTests.run(s, for: due - s.now + 0.01)
        #expect(caret() != shown, "it toggled at \(due)")
        s.typeText("a")
        #expect(caret() == true, "typing shows the caret")
        s.endTextFocus()
        #expect(s.caretBlinkDue == nil && caret() == false)
    }

    @Test func aDisabledOrCoveredFieldTakesNoKeyboard() throws {
        var disabled = Self.email
        disabled.enabled = false
        let cover = Element(label: "Cover", frame: Rect(x: 0, y: 150, width: 360, height: 100), onTap: .back)
        let s = Self.session([disabled, Self.password, cover])
        Self.tap(s, Point(x: 100, y: 120))
        #expect(s.focusedTextField == nil)
        guard case .failure(let why) = try s.textFieldPress("Email") else {
            Issue.record("a disabled field must not be pressable")
            return
        }
        #expect(why.message.contains("disabled"))
        guard case .failure(let covered) = try s.textFieldPress("Password") else {
            Issue.record("a covered field must not be pressable")
            return
        }
        #expect(covered.message.contains("covered by \"Cover\""))
        #expect(throws: ControlError.self) { try s.textField("Emial") }
    }

    /// The field is drawn, hit, read by scripts and given to the input method at one frame.
    static func checkOneGeometry(_ s: Session, label: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let element = try #require(s.screenElements.first { $0.label == label }, sourceLocation: sourceLocation)
        let layer = try #require(s.frame().layers.last { $0.scene == s.currentScene }, sourceLocation: sourceLocation)
        let drawn = try #require(layer.textOverlays.first { $0.label == label }, sourceLocation: sourceLocation)
        #expect(drawn.frame == element.frame, "drawn where scripts read it", sourceLocation: sourceLocation)
        #expect(try s.textField(label).layout.frame == element.frame, sourceLocation: sourceLocation)
        guard case .success(let point) = try s.textFieldPress(label) else {
            Issue.record("no press point", sourceLocation: sourceLocation)
            return
        }
        #expect(drawn.frame.contains(point), sourceLocation: sourceLocation)
        tap(s, point)
        #expect(
            s.focusedTextField?.label == label, "a tap at \(point) gives it the keyboard",
            sourceLocation: sourceLocation)
        #expect(
            s.focusedTextField?.frame == element.frame, "the input method goes there", sourceLocation: sourceLocation)
        s.typeText("ok")
        let after = s.frame().layers.last { $0.scene == s.currentScene }?.textOverlays.first { $0.label == label }
        #expect(after?.shown.string.hasSuffix("ok") == true, sourceLocation: sourceLocation)
        #expect(after?.showsCaret == true, sourceLocation: sourceLocation)
    }

    @Test func oneGeometryInAnOverlayCard() throws {
        var field = Self.email
        field.frame = Rect(x: 20, y: 40, width: 320, height: 44)
        var sheet = Scene(name: "sheet", image: "sheet.png", elements: [field])
        sheet.design.overlay = OverlayStyle(position: .bottom, dim: 0.5, dismissOnOutside: true)
        let opener = Element(
            label: "Open", frame: Rect(x: 0, y: 0, width: 100, height: 50),
            onTap: .present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3)))
        let s = Session(
            prototype: Prototype(
                name: "O", device: Device(width: 360, height: 800, scale: 2), start: "home",
                scenes: [Scene(name: "home", image: "home.png", elements: [opener]), sheet]))
        Self.tap(s, Point(x: 50, y: 25))
        #expect(s.currentScene == "sheet")
        #expect(s.screenElements.first?.frame.y != 40, "moved into the bottom card")
        try Self.checkOneGeometry(s, label: "Email")
    }

    @Test func oneGeometryInALandscapeLookSharesTheText() throws {
        var home = Scene(name: "home", image: "home.png", elements: [Self.email])
        var wide = Self.email
        wide.frame = Rect(x: 200, y: 60, width: 400, height: 44)
        home.design.landscape = LandscapeVariant(image: "land.png", elements: [wide])
        let s = Session(
            prototype: Prototype(
                name: "L", device: Device(width: 360, height: 800, scale: 2), start: "home", scenes: [home]))
        Self.tap(s, Point(x: 100, y: 120))
        s.typeText("portrait ")
        s.rotate(to: .landscape)
        OrientationTests.run(s, for: 0.5)
        #expect(try s.textField("Email").value == "portrait ", "the looks share the text")
        #expect(s.screenElements.first?.frame.x == 200)
        try Self.checkOneGeometry(s, label: "Email")
        #expect(try s.textField("Email").value == "portrait ok")
    }

    @Test func oneGeometryInAScrollRegion() throws {
        var field = Self.email
        field.frame.y = 700
        var home = Scene(name: "home", image: "home.png", elements: [field])
        home.design.scroll = ScrollRegion(header: 50, footer: 0, contentHeight: 1600)
        let s = Session(
            prototype: Prototype(
                name: "R", device: Device(width: 360, height: 800, scale: 2), start: "home", scenes: [home]))
        s.scroll(by: 300)
        #expect(s.screenElements.first?.frame.y == 400, "scrolled up by 300 points")
        try Self.checkOneGeometry(s, label: "Email")
        s.scroll(by: 500)
        guard case .failure(let why) = try s.textFieldPress("Email") else {
            Issue.record("a field scrolled away must not be pressable")
            return
        }
        #expect(why.message.contains("scroll_to"))
        let layer = try #require(s.frame().layers.first)
        #expect(layer.textOverlays.first?.clip.map { $0.y >= 50 } == true, "drawn only in the scrolling band")
    }

    @Test func renderShowsTheInitialTextOrPlaceholderWithoutACaret() throws {
        let s = Self.session()
        let frame = s.frame().withInitialControls(of: s.prototype)
        let overlays = try #require(frame.layers.first?.textOverlays)
        #expect(overlays.map(\.shown.string) == ["you@example.com", "•••••••"])
        #expect(overlays.map(\.isPlaceholder) == [true, false])
        #expect(overlays.allSatisfy { !$0.showsCaret })
        #expect(overlays.first?.color == TextField.defaultPlaceholderColor)
        #expect(overlays.first?.textBox == Rect(x: 28, y: 100, width: 304, height: 44), "inset by the padding")
    }
}
