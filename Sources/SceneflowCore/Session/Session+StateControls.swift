/// What a script or the element tree reads of one state-image control: its declaration, its
/// state and its layout where it is placed now (screen points).
public struct StateControlReading: Equatable, Sendable {
    /// The control's accessibility label.
    public var label: String
    /// The declaration.
    public var control: StateControl
    /// The current state name (the element's `value`).
    public var state: String
    /// The layout where the control is placed now (`StateControlLayout`).
    public var layout: StateControlLayout
    /// False for a disabled element.
    public var enabled: Bool
    /// The accessibility value as the platform reads it ("on", "2 of 3").
    public var accessibilityValue: String { control.accessibilityValue(state) }
}

/// State-image controls in a session (issue 17): states kept per control like star-rating
/// values (per scene, label and occurrence; a scene's portrait and landscape looks share them),
/// changed by a tap where the control is placed (the tap dispatch calls
/// `tapStateControl(_:at:)`), by the keyboard, or by a script, and drawn as their state's image
/// where the scene's layer places them.
extension Session {
    /// The state of control `id` declared as `control`: the stored one when the declaration
    /// has it, else its initial state.
    func state(of id: ControlID, _ control: StateControl) -> String {
        if let stored = controls.states[id], control.states.contains(stored) { return stored }
        return control.initialState
    }

    /// The state control labelled `label` in the current scene (the first with that label) as
    /// placed now. - Throws: `ControlError` naming the state controls on screen.
    public func stateControl(_ label: String) throws(ControlError) -> StateControlReading {
        let placed = placedElements
        if let index = placed.indices.first(where: {
            placed[$0].element.label == label && placed[$0].element.control?.stateControl != nil
        }) {
            return reading(placed, index)
        }
        let labels = placed.map(\.element).filter { $0.control?.stateControl != nil }.map(\.label)
        var message =
            "no toggle, check box, segmented control or radio group labelled \"\(label)\" in scene \"\(currentScene)\""
        message += NearestName.hint(for: label, among: labels)
        message +=
            labels.isEmpty
            ? " (the scene has no state controls)"
            : " (state controls on screen: " + labels.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        throw ControlError(message: message)
    }

    /// The current state of `element` when it is a state control of the current scene (or a
    /// mounted one); `element` may come placed (`screenElements`).
    public func controlState(of element: Element) -> String? {
        guard let control = element.control?.stateControl else { return nil }
        for name in [currentScene] + mountedScenes {
            guard let found = declaration(of: element, in: name) else { continue }
            return state(of: found.id, control)
        }
        return control.initialState
    }

    /// Sets a state control's state as a script does, firing no `on_change` (as a star
    /// rating's `set_value`). - Returns: the state.
    /// - Throws: `ControlError` for an unknown label or a state the control does not have.
    @discardableResult
    public func setControlState(_ label: String, _ state: String) throws(ControlError) -> String {
        let reading = try stateControl(label)
        guard reading.control.states.contains(state) else {
            throw ControlError(message: Self.unknownState(state, reading))
        }
        let placed = placedElements
        guard
            let index = placed.indices.first(where: {
                placed[$0].element.label == label && placed[$0].element.control?.stateControl != nil
            })
        else { return state }
        let id = controlID(placed, index)
        controls.states[id] = state
        timeline.record(.controlState(element: label, scene: id.scene, state: state, what: "set"), at: now)
        return state
    }

    /// Where a finger taps to give the control labelled `label` the state `state` (screen
    /// points), checked through the same hit path a tap takes: a point where the element is
    /// the topmost shown element and enabled. - Returns: the point, or why there is none.
    /// - Throws: `ControlError` for an unknown label or a state the control does not have.
    public func statePress(_ label: String, state: String) throws(ControlError) -> Result<Point, ControlError> {
        let reading = try stateControl(label)
        guard let point = reading.layout.point(for: state, control: reading.control) else {
            throw ControlError(message: Self.unknownState(state, reading))
        }
        let placed = placedElements
        guard
            let index = placed.indices.first(where: {
                placed[$0].element.label == label && placed[$0].element.control?.stateControl != nil
            })
        else { return .failure(ControlError(message: "\"\(label)\" is not on screen")) }
        let place = placed[index].placed
        if !reading.enabled {
            return .failure(ControlError(message: "\"\(label)\" is disabled: a tap on it does nothing"))
        }
        if place.visible?.contains(point) != true {
            let scrolls = currentOverlayFrame == nil && scrollGeometry(currentScene) != nil
            return .failure(
                ControlError(
                    message: scrolls
                        ? "\"\(label)\" (\(state) at \(point)) is scrolled out of the scrolling band; scroll_to its label first"
                        : "\"\(label)\" (\(state) at \(point)) does not show on the screen"))
        }
        if let top = placed.indices.last(where: { placed[$0].placed.visible?.contains(point) == true }), top != index {
            return .failure(
                ControlError(
                    message:
                        "\"\(label)\" is covered by \"\(placed[top].element.label)\" at \(point) (declared later in the scene, so it lies on top); a finger cannot reach it there"
                ))
        }
        return .success(point)
    }

    /// Applies a tap at `point` (screen points) on `placed[index]` when it is an enabled state
    /// control: the segment under the point (or the next state) becomes the state, and
    /// `on_change` fires when it changed. - Returns: true when the element is a state control
    /// (the tap is its; its `on_tap`, if any, runs too).
    func tapStateControl(_ placed: [(element: Element, placed: PlacedFrame)], _ index: Int, at point: Point) -> Bool {
        guard let control = placed[index].element.control?.stateControl else { return false }
        guard placed[index].element.enabled else { return true }
        let id = controlID(placed, index)
        let layout = StateControlLayout(
            control, declared: placed[index].element.frame, placed: placed[index].placed.frame)
        let before = state(of: id, control)
        guard let after = layout.state(tappedAt: point, from: before, control: control) else { return true }
        change(id, control, to: after, from: before, label: placed[index].element.label, by: "tap")
        return true
    }

    /// Stores `after` and, when it differs from `before`, records it and runs `on_change`.
    func change(
        _ id: ControlID, _ control: StateControl, to after: String, from before: String, label: String, by: String
    ) {
        guard after != before else { return }
        controls.states[id] = after
        timeline.record(.controlState(element: label, scene: id.scene, state: after, what: by), at: now)
        guard let action = control.onChange else { return }
        let origin = "\(by) on \"\(label)\" to \"\(after)\""
        if case .script(let ref) = action {
            timeline.record(.action(action, source: origin), at: now)
            scriptCalls.append(ScriptCall(ref: ref, element: label, scene: id.scene, text: after))
        } else {
            perform(action, source: origin)
        }
    }

    /// A keyboard command for a focused state control: Space / Return cycle a toggle or check
    /// box; arrows select the next or previous segment (and flip a toggle: right = on).
    func handleStateKey(_ key: ControlKey, id: ControlID) {
        guard let element = controlElement(id), let control = element.control?.stateControl else { return }
        let before = state(of: id, control)
        let after: String
        switch key {
        case .commit: after = control.style.selects ? before : control.next(after: before)
        case .increment: after = control.stepped(before, by: 1)
        case .decrement: after = control.stepped(before, by: -1)
        case .minimum: after = control.states.first ?? before
        case .maximum: after = control.states.last ?? before
        case .focusNext, .focusPrevious: return
        }
        change(id, control, to: after, from: before, label: element.label, by: "key")
    }

    /// The state controls of `layer`'s scene drawn in their states where the layer places
    /// them, cut to where each shows, with the focus ring on the focused one.
    func stateOverlays(of layer: SceneLayer, on screen: Rect) -> [StateImageOverlay] {
        let placement = layer.placement(on: screen)
        let elements = prototype.shownElements(layer.scene, landscape: layer.rotated)
        return elements.indices.compactMap { i in
            guard let control = elements[i].control?.stateControl else { return nil }
            let id = controlID(layer.scene, elements, i)
            guard let image = control.images[state(of: id, control)] else { return nil }
            let placed = placement.place(elements[i].frame)
            let ring =
                controls.focused == id
                ? StateControlLayout(control, declared: elements[i].frame, placed: placed.frame).focusRing : nil
            return StateImageOverlay(
                label: elements[i].label, image: image, frame: placed.frame, clip: placed.area, focusRing: ring)
        }
    }

    private func reading(_ placed: [(element: Element, placed: PlacedFrame)], _ index: Int) -> StateControlReading {
        let element = placed[index].element
        let control = element.control!.stateControl!
        return StateControlReading(
            label: element.label, control: control, state: state(of: controlID(placed, index), control),
            layout: StateControlLayout(control, declared: element.frame, placed: placed[index].placed.frame),
            enabled: element.enabled)
    }

    private static func unknownState(_ state: String, _ reading: StateControlReading) -> String {
        "\"\(reading.label)\" has no state \"\(state)\"" + NearestName.hint(for: state, among: reading.control.states)
            + " (states: " + reading.control.states.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
    }
}
