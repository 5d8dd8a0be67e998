import Testing

@testable import SceneflowCore

/// State-image controls (issue 17) in a session: a tap cycles a toggle or selects a segment,
/// the state is the value, the accessibility value is the platform's words, `on_change` fires
/// once per change, and the control is drawn, hit and read at one geometry wherever its scene
/// is placed (overlay card, landscape look, scroll region).
@Suite struct StateControlSessionTests {
    static let wifi = Element(
        label: "Wi-Fi", frame: Rect(x: 280, y: 100, width: 60, height: 40), kind: "toggle",
        control: .states(
            StateControl(
                style: .toggle, states: ["off", "on"], images: ["off": "off.png", "on": "on.png"],
                initialState: "on", onChange: .go(scene: "changed", transition: .cut))))

    /// Three 100 pt segments side by side at y 200 (in scene points, offset by `dx`, `dy`).
    static func units(dx: Double = 0, dy: Double = 0, style: StateControl.Style = .segmented) -> Element {
        let names = ["Metric", "Imperial", "Mixed"]
        var segments: [String: Rect] = [:]
        for (i, name) in names.enumerated() {
            segments[name] = Rect(x: 30 + dx + Double(i) * 100, y: 200 + dy, width: 100, height: 40)
        }
        return Element(
            label: "Units", frame: Rect(x: 30 + dx, y: 200 + dy, width: 300, height: 40), kind: style.rawValue,
            control: .states(
                StateControl(
                    style: style, states: names,
                    images: Dictionary(uniqueKeysWithValues: names.map { ($0, "\($0).png") }),
                    segments: segments)))
    }

    static func session(_ elements: [Element]) -> Session {
        let home = Scene(name: "home", image: "home.png", elements: elements)
        let changed = Scene(
            name: "changed", image: "home.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 50, height: 50), onTap: .back)])
        return Session(
            prototype: Prototype(
                name: "S", device: Device(width: 360, height: 800, scale: 2), start: "home", scenes: [home, changed]))
    }

    static func tap(_ s: Session, _ p: Point) { LandscapeSceneTests.tap(s, p.x, p.y) }

    static func states(_ s: Session) -> [String] {
        s.timeline.events.compactMap {
            if case .controlState(_, _, let state, _) = $0.kind { state } else { nil }
        }
    }

    @Test func aTapFlipsAToggleAndFiresOnChangeOnce() throws {
        let s = Self.session([Self.wifi])
        let element = try #require(s.screenElements.first)
        #expect(s.value(of: element) == "on")
        #expect(try s.stateControl("Wi-Fi").accessibilityValue == "on")
        Self.tap(s, Point(x: 300, y: 120))
        #expect(s.currentScene == "changed", "on_change went to the next scene")
        #expect(Self.states(s) == ["off"])
        s.perform(.back, source: "test")
        OrientationTests.run(s, for: 0.5)
        #expect(try s.stateControl("Wi-Fi").state == "off", "the state is kept while the scene is on the stack")
        #expect(try s.stateControl("Wi-Fi").accessibilityValue == "off")
    }

    @Test func aTapSelectsTheSegmentItLandsInAndReadsItsPlace() throws {
        let s = Self.session([Self.units()])
        #expect(try s.stateControl("Units").state == "Metric", "the first in reading order")
        Self.tap(s, Point(x: 250, y: 210))
        #expect(try s.stateControl("Units").state == "Mixed")
        #expect(try s.stateControl("Units").accessibilityValue == "3 of 3")
        Self.tap(s, Point(x: 250, y: 210))
        #expect(Self.states(s) == ["Mixed"], "selecting the selected segment changes nothing")
        Self.tap(s, Point(x: 130, y: 239))  // left edge of Imperial: inclusive
        #expect(try s.stateControl("Units").state == "Imperial")
        #expect(try s.stateControl("Units").accessibilityValue == "2 of 3")
    }

    @Test func aCheckBoxReadsCheckedAndARadioGroupReadsItsPlace() throws {
        var box = Self.wifi
        box.label = "Agree"
        box.control = .states(StateControl(style: .checkbox, states: ["off", "on"], images: ["off": "a", "on": "b"]))
        let s = Self.session([box, Self.units(style: .radio)])
        #expect(try s.stateControl("Agree").accessibilityValue == "not checked")
        Self.tap(s, Point(x: 300, y: 120))
        #expect(try s.stateControl("Agree").accessibilityValue == "checked")
        #expect(try s.stateControl("Units").accessibilityValue == "1 of 3")
    }

    @Test func aDisabledOrCoveredControlIsNotChanged() throws {
        var off = Self.wifi
        off.enabled = false
        let cover = Element(label: "Cover", frame: Rect(x: 30, y: 200, width: 100, height: 40))
        let s = Self.session([off, Self.units(), cover])
        Self.tap(s, Point(x: 300, y: 120))
        Self.tap(s, Point(x: 50, y: 210))
        #expect(Self.states(s).isEmpty)
        #expect(try s.stateControl("Wi-Fi").state == "on")
        guard case .failure(let why) = try s.statePress("Units", state: "Metric") else {
            Issue.record("a covered segment must not be pressable")
            return
        }
        #expect(why.message.contains("covered by \"Cover\""))
        guard case .failure(let disabled) = try s.statePress("Wi-Fi", state: "off") else {
            Issue.record("a disabled control must not be pressable")
            return
        }
        #expect(disabled.message.contains("disabled"))
        #expect(throws: ControlError.self) { try s.statePress("Units", state: "Metrik") }
    }

    @Test func keysCycleAToggleAndStepSegments() throws {
        let s = Self.session([Self.units(dy: -150), Self.wifi])  // Units above Wi-Fi: read first
        #expect(s.handleKey(.focusNext) == "Units")
        s.handleKey(.increment)
        #expect(try s.stateControl("Units").state == "Imperial")
        s.handleKey(.maximum)
        s.handleKey(.increment)
        #expect(try s.stateControl("Units").state == "Mixed", "stops at the last")
        #expect(s.frame().layers[0].stateOverlays.first?.focusRing == Rect(x: 27, y: 47, width: 306, height: 46))
        #expect(s.handleKey(.focusNext) == "Wi-Fi")
        s.handleKey(.commit)
        #expect(s.currentScene == "changed", "Space flipped the toggle and on_change ran")
    }

    @Test func scriptsSetAStateWithoutFiring() throws {
        let s = Self.session([Self.wifi])
        #expect(try s.setControlState("Wi-Fi", "off") == "off")
        #expect(s.currentScene == "home")
        #expect(throws: ControlError.self) { try s.setControlState("Wi-Fi", "of") }
        #expect(throws: ControlError.self) { try s.setControlState("WiFi", "on") }
    }

    /// The one-geometry rule: for every placement the image is drawn at the element's screen
    /// frame (what scripts read), the press point of each state lies in its drawn segment, and
    /// a tap there selects it.
    static func checkOneGeometry(
        _ s: Session, label: String = "Units", sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let element = try #require(s.screenElements.first { $0.label == label }, sourceLocation: sourceLocation)
        let layer = try #require(s.frame().layers.last { $0.scene == s.currentScene }, sourceLocation: sourceLocation)
        let drawn = try #require(layer.stateOverlays.first { $0.label == label }, sourceLocation: sourceLocation)
        #expect(drawn.frame == element.frame, "drawn where scripts read it", sourceLocation: sourceLocation)
        let reading = try s.stateControl(label)
        #expect(reading.layout.frame == element.frame, sourceLocation: sourceLocation)
        for state in reading.control.states.reversed() {
            guard case .success(let point) = try s.statePress(label, state: state) else {
                Issue.record("no press point for \(state)", sourceLocation: sourceLocation)
                continue
            }
            #expect(drawn.frame.contains(point), sourceLocation: sourceLocation)
            tap(s, point)
            #expect(
                try s.stateControl(label).state == state, "a tap at \(point) selects \(state)",
                sourceLocation: sourceLocation)
            #expect(
                s.frame().layers.last { $0.scene == s.currentScene }?.stateOverlays.first { $0.label == label }?.image
                    == "\(state).png", sourceLocation: sourceLocation)
        }
    }

    @Test func oneGeometryInAnOverlayCard() throws {
        var sheet = Scene(name: "sheet", image: "sheet.png", elements: [Self.units(dx: -30, dy: -150)])
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
        #expect(s.screenElements.first?.frame.y == 450, "moved into the bottom card")
        try Self.checkOneGeometry(s)
    }

    @Test func oneGeometryInALandscapeLook() throws {
        var home = Scene(name: "home", image: "home.png", elements: [Self.units()])
        home.design.landscape = LandscapeVariant(image: "land.png", elements: [Self.units(dx: 400, dy: 50)])
        let s = Session(
            prototype: Prototype(
                name: "L", device: Device(width: 360, height: 800, scale: 2), start: "home", scenes: [home]))
        Self.tap(s, Point(x: 150, y: 210))  // Imperial in portrait
        s.rotate(to: .landscape)
        OrientationTests.run(s, for: 0.5)
        #expect(try s.stateControl("Units").state == "Imperial", "the looks share the state")
        #expect(s.screenElements.first?.frame.x == 430)
        try Self.checkOneGeometry(s)
    }

    @Test func oneGeometryInAScrollRegion() throws {
        var home = Scene(name: "home", image: "home.png", elements: [Self.units(dy: 600)])
        home.design.scroll = ScrollRegion(header: 50, footer: 0, contentHeight: 1600)
        let s = Session(
            prototype: Prototype(
                name: "R", device: Device(width: 360, height: 800, scale: 2), start: "home", scenes: [home]))
        s.scroll(by: 300)
        #expect(s.screenElements.first?.frame.y == 500, "scrolled up by 300 points")
        try Self.checkOneGeometry(s)
    }

    @Test func aControlScrolledUnderTheHeaderCannotBePressed() throws {
        var home = Scene(name: "home", image: "home.png", elements: [Self.units(dy: 600)])
        home.design.scroll = ScrollRegion(header: 50, footer: 0, contentHeight: 1600)
        let s = Session(
            prototype: Prototype(
                name: "R", device: Device(width: 360, height: 800, scale: 2), start: "home", scenes: [home]))
        s.scroll(by: 800)
        guard case .failure(let why) = try s.statePress("Units", state: "Mixed") else {
            Issue.record("a control scrolled away must not be pressable")
            return
        }
        #expect(why.message.contains("scroll_to"))
        let layer = try #require(s.frame().layers.first)
        #expect(layer.stateOverlays.first?.clip.map { $0.y >= 50 } == true, "drawn only in the scrolling band")
    }
}
