/// Which control: the scene, the accessibility label and which of the scene's controls with
/// that label (0 for the first; labels may repeat). A scene's portrait and landscape looks
/// share a control with the same label, so its value survives turning the device.
struct ControlID: Hashable, Sendable {
    var scene: String
    var label: String
    var occurrence: Int
}

/// The session's control state: values (one tracker per control, made when first used and
/// kept until `Session.reset()`), the control holding the pointer and keyboard focus.
struct SessionControls {
    var trackers: [ControlID: StarRatingTracker] = [:]
    /// State-image controls' states, set when first changed (Session+StateControls.swift).
    var states: [ControlID: String] = [:]
    /// The control that captured the pointer at press, until release or cancel.
    var captured: ControlID?
    /// The control with keyboard focus (window only).
    var focused: ControlID?
    /// The value when focus arrived or the last keyboard commit, per focused control.
    var committed: Double?
    /// Text fields' editing states, set when first focused or typed into (Session+TextFields.swift).
    var texts: [ControlID: TextEditing] = [:]
    /// The text field with the keyboard (window taps, `type_text`); apart from `focused`.
    var textFocus: ControlID?
    /// The text field a window press landed in, until its release (Session+TextFieldPointer.swift).
    var textDrag: TextDrag?
    /// Session seconds when the caret last restarted its blink (focus, an edit).
    var caretSince = 0.0
}

/// A keyboard command for the focused control (the window maps keys to these).
public enum ControlKey: Sendable, Equatable {
    /// Tab: focus the next control of the current scene in reading order (none after the last).
    case focusNext
    /// Shift+Tab: focus the previous control of the current scene in reading order (none before
    /// the first; from none, the last).
    case focusPrevious
    /// Right or Up arrow: one step up (Left in a right-to-left control).
    case increment
    /// Left or Down arrow: one step down.
    case decrement
    /// Home: the minimum.
    case minimum
    /// End: the maximum.
    case maximum
    /// Return or Space: report `on_change` when the value differs from the last commit.
    case commit
}

/// Why a control operation asked for by a script failed.
public struct ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line, with a did-you-mean where a label is misspelt.
    public var message: String
    /// The message.
    public var description: String { message }
}

extension Session {
    // MARK: Script and accessibility API (fires no events)

    /// The stored value of the control labelled `label` in the current scene.
    /// - Throws: `ControlError` when the scene has no control with that label.
    public func controlValue(_ label: String) throws(ControlError) -> Double {
        try tracker(label).tracker.value
    }

    /// The accessibility value of the control labelled `label`: "3.5 of 5 stars" or
    /// "No rating". - Throws: `ControlError` as `controlValue(_:)`.
    public func accessibilityValue(_ label: String) throws(ControlError) -> String {
        try tracker(label).tracker.accessibilityValue
    }

    /// Sets a control's value as a script or the prototype does: snapped to the step,
    /// clamped, and firing no `on_changing` / `on_change` (rule 6). Allowed on read-only
    /// controls. - Returns: the stored value.
    /// - Throws: `ControlError` for an unknown label or NaN.
    @discardableResult
    public func setControlValue(_ label: String, _ value: Double) throws(ControlError) -> Double {
        var (id, tracker) = try self.tracker(label)
        do { try tracker.set(value) } catch {
            throw ControlError(message: "set_value(\"\(label)\", nan): \(error)")
        }
        store(id, tracker, what: "set", value: tracker.value)
        return tracker.value
    }

    /// Accessibility increment (`steps` = 1) or decrement (-1): one step, stopping at the
    /// bounds, firing nothing; ignored by read-only controls (rule 8).
    /// - Returns: the stored value. - Throws: `ControlError` for an unknown label.
    @discardableResult
    public func adjustControl(_ label: String, by steps: Int) throws(ControlError) -> Double {
        var (id, tracker) = try self.tracker(label)
        if tracker.adjust(by: steps) { store(id, tracker, what: "stepped", value: tracker.value) }
        return tracker.value
    }

    /// The point on the screen, in points, that a press or drag uses to give `value` (see
    /// `StarRatingLayout.point(for:grid:)`), laid out where the control is placed now;
    /// `rate` drags between two of these.
    /// - Throws: `ControlError` for an unknown label.
    public func controlPoint(_ label: String, value: Double) throws(ControlError) -> Point {
        let tracker = try self.tracker(label).tracker
        return tracker.layout.point(for: value, grid: tracker.control.values)
    }

    /// Why a finger pressing the control labelled `label` at `point` (screen points) would not
    /// reach it, or nil when it would: the press goes through the same hit path as a person's
    /// (`controlHit(at:)`), so a control that is disabled, covered by an element declared
    /// after it, scrolled out of view or off the screen cannot be operated by a script either.
    /// - Throws: `ControlError` for an unknown label.
    public func controlPressProblem(_ label: String, at point: Point) throws(ControlError) -> String? {
        let (id, _) = try tracker(label)
        let placed = placedElements
        // The label first: working out an element's id counts the controls before it, so asking
        // it of every element of a 10 000-element scene took seconds.
        guard
            let index = placed.indices.first(where: {
                placed[$0].element.label == id.label && controlID(placed, $0) == id
            })
        else { return nil }
        let (element, place) = placed[index]
        if controlHit(at: point) == id { return nil }
        if !element.enabled { return "\"\(label)\" is disabled: a press on it does nothing" }
        let top = placed.indices.last { placed[$0].placed.visible?.contains(point) == true }
        if let top, top > index {
            return
                "\"\(label)\" is covered by \"\(placed[top].element.label)\" at \(point) (declared later in the scene, so it lies on top); a finger cannot reach it there"
        }
        let scrolls = currentOverlayFrame == nil && scrollGeometry(currentScene) != nil
        if place.visible == nil || place.visible?.contains(point) == false || !place.area.contains(point) {
            return scrolls
                ? "\"\(label)\" (frame \(place.frame) on screen) is not in view at \(point): it is scrolled out of the scrolling band; scroll_to its label first"
                : "\"\(label)\" (frame \(place.frame) on screen) does not show at \(point): it lies outside the screen"
        }
        return "a press at \(point) does not reach \"\(label)\" (frame \(place.frame) on screen)"
    }

    /// The tracker (copy) of the control labelled `label` in the current scene, e.g. to read
    /// its layout, read-only flag or bounds. - Throws: `ControlError` for an unknown label.
    public func starRating(_ label: String) throws(ControlError) -> StarRatingTracker {
        try tracker(label).tracker
    }

    /// The tracker (copy) of `element` when it is a star rating of a mounted scene (the
    /// current scene first), else nil. `element` may come placed (`screenElements`): it is
    /// matched by its declaration, whatever its frame.
    public func starRating(of element: Element) -> StarRatingTracker? {
        guard element.control != nil else { return nil }
        for name in [currentScene] + mountedScenes {
            guard let found = declaration(of: element, in: name) else { continue }
            return trackerFor(found.id, found.elements[found.index])
        }
        return nil
    }

    /// The live accessibility value of `element` when it is a star rating, else nil.
    func controlAccessibilityValue(of element: Element) -> String? {
        starRating(of: element)?.accessibilityValue
    }

    // MARK: Keyboard (window)

    /// Applies a keyboard command to the focused control. Arrow steps, Home and End fire
    /// `on_changing` per distinct value; Return/Space (and Tab away) fire `on_change` when
    /// the value differs from the one when focus arrived or at the last commit. Read-only
    /// controls never take focus.
    /// - Returns: the label of the focused control afterwards, if any.
    @discardableResult
    public func handleKey(_ key: ControlKey) -> String? {
        dropFocusIfItsSceneLeft()
        if key == .focusNext || key == .focusPrevious {
            commitFocused()
            moveFocus(backwards: key == .focusPrevious)
        } else if let id = controls.focused, controlElement(id)?.control?.stateControl != nil {
            handleStateKey(key, id: id)
        } else if let id = controls.focused, var tracker = trackerFor(id) {
            let rtl = tracker.control.rightToLeft
            var changed = false
            switch key {
            case .increment: changed = tracker.adjust(by: rtl ? -1 : 1)
            case .decrement: changed = tracker.adjust(by: rtl ? 1 : -1)
            case .minimum: changed = tracker.jump(toMaximum: false)
            case .maximum: changed = tracker.jump(toMaximum: true)
            case .commit, .focusNext, .focusPrevious: break
            }
            if changed {
                store(id, tracker, what: "changing", value: tracker.value)
                fire([.changing(tracker.value)], id: id, source: "key")
            }
            if key == .commit { commitFocused() }
        }
        return controls.focused?.label ?? liveTextFocus?.label
    }

    // MARK: Pointer capture and drawing (used by Session.swift)

    /// Sends `event` to a star rating when it starts in one's hit area (or one holds the
    /// pointer). The control is laid out where it is placed at the press and keeps that
    /// layout until the release. - Returns: true when a control took the event.
    func routeToControl(_ event: InputEvent) -> Bool {
        if event.phase == .down {
            cancelCapturedControl()
            guard let id = controlHit(at: event.point), var tracker = placedTracker(id) else { return false }
            let (captured, events) = tracker.press(at: event.point)
            guard captured else { return false }
            controls.captured = id
            controls.trackers[id] = tracker
            fire(events, id: id, source: "press")
            return true
        }
        guard let id = controls.captured, var tracker = controls.trackers[id] else { return false }
        let events = event.phase == .move ? tracker.move(to: event.point) : tracker.release(at: event.point)
        controls.trackers[id] = tracker
        if event.phase == .up { controls.captured = nil }
        fire(events, id: id, source: event.phase == .move ? "drag" : "release")
        return true
    }

    /// Abandons a captured press: the value at press comes back, nothing fires.
    func cancelCapturedControl() {
        guard let id = controls.captured, var tracker = controls.trackers[id] else { return }
        tracker.cancel()
        controls.captured = nil
        store(id, tracker, what: "cancelled", value: tracker.value)
    }

    /// `frame` with the controls of each scene layer drawn at their stored values, each laid
    /// out where the layer places it (`SceneLayer.placement(on:)`, the placement hit testing
    /// and scripts use) and clipped to where it shows.
    func withControlOverlays(_ frame: FrameDescription) -> FrameDescription {
        var copy = frame
        copy.layers = withControlOverlays(frame.layers, screen: frame.device.bounds)
        if var turn = copy.turn {  // the screen before a turn of the device shows its controls too
            turn.fromLayers = withControlOverlays(turn.fromLayers, screen: turn.fromDevice.bounds)
            copy.turn = turn
        }
        return copy
    }

    /// `layers` (of a screen `screen` in points) with their live controls (see
    /// `withControlOverlays(_:)`).
    private func withControlOverlays(_ layers: [SceneLayer], screen: Rect) -> [SceneLayer] {
        var copy = layers
        for index in copy.indices where copy[index].isScene {
            let layer = copy[index]
            let placement = layer.placement(on: screen)
            let elements = prototype.shownElements(layer.scene, landscape: layer.rotated)
            copy[index].stateOverlays = stateOverlays(of: layer, on: screen)
            copy[index].textOverlays = textOverlays(of: layer, on: screen)
            copy[index].overlays = elements.indices.compactMap { i in
                guard elements[i].control?.starRating != nil else { return nil }
                let id = controlID(layer.scene, elements, i)
                guard let tracker = trackerFor(id, elements[i]) else { return nil }
                let placed = placement.place(elements[i].frame)
                return StarRatingOverlay(
                    label: elements[i].label, tracker: tracker.placed(in: placed.frame),
                    focused: controls.focused == id, clip: placed.area)
            }
        }
        return copy
    }

    // MARK: Helpers

    private func store(_ id: ControlID, _ tracker: StarRatingTracker, what: String, value: Double) {
        controls.trackers[id] = tracker
        timeline.record(.controlValue(element: id.label, scene: id.scene, value: value, what: what), at: now)
    }

    /// Moves keyboard focus to the next (`backwards`: previous) control of the current scene
    /// that takes it, in reading order (`ReadingOrder` over the frames where the elements are
    /// placed, the order a screen reader walks them): an enabled state control, an enabled star
    /// rating that is not read-only, or an enabled text field, which then takes the keyboard
    /// with its text selected (as a desktop field reached with Tab). From no focus, forwards
    /// starts at the first and backwards at the last; past either end nothing has focus.
    private func moveFocus(backwards: Bool = false) {
        let placed = placedElements
        let elements = placed.map(\.element)
        let order = ReadingOrder.indices(placed.map(\.placed.frame))
        let current = liveTextFocus ?? controls.focused
        let position = current.flatMap { focused in
            order.firstIndex { elements[$0].control != nil && controlID(currentScene, elements, $0) == focused }
        }
        let candidates: [Int]
        switch (position, backwards) {
        case (let p?, false): candidates = Array(order[(p + 1)...])
        case (let p?, true): candidates = Array(order[..<p].reversed())
        case (nil, false): candidates = order
        case (nil, true): candidates = order.reversed()
        }
        controls.focused = nil
        controls.committed = nil
        endTextFocus()
        for index in candidates where elements[index].enabled {
            let id = controlID(currentScene, elements, index)
            if let field = elements[index].control?.textField {
                focusText(id, field, selectingAll: true)
                return
            }
            if elements[index].control?.stateControl != nil {
                controls.focused = id  // a state control commits each change at once
                return
            }
            if elements[index].control != nil, let tracker = trackerFor(id, elements[index]), !tracker.control.readOnly
            {
                controls.focused = id
                controls.committed = tracker.value
                return
            }
        }
    }

    private func commitFocused() {
        guard let id = controls.focused, let tracker = trackerFor(id) else { return }
        let before = controls.committed
        controls.committed = tracker.value  // first: an on_change that navigates drops focus, keeping this value
        if let before, before != tracker.value {
            fire([.changed(tracker.value)], id: id, source: "key")
        }
    }

    /// Records the events and runs the control's `on_changing` / `on_change`: a Lua function
    /// becomes a `ScriptCall` carrying the value; a navigation action is performed.
    private func fire(_ events: [StarRatingEvent], id: ControlID, source: String) {
        guard let element = controlElement(id), let rating = element.control?.starRating else { return }
        for event in events {
            let (action, value, what): (Action?, Double, String) =
                switch event {
                case .changing(let v): (rating.onChanging, v, "changing")
                case .changed(let v): (rating.onChange, v, "changed")
                }
            timeline.record(.controlValue(element: element.label, scene: id.scene, value: value, what: what), at: now)
            guard let action else { continue }
            let origin = "\(what) \(formatNumber(value, decimals: 1)) by \(source) on \"\(element.label)\""
            if case .script(let ref) = action {
                timeline.record(.action(action, source: origin), at: now)
                scriptCalls.append(ScriptCall(ref: ref, element: element.label, scene: id.scene, argument: value))
            } else {
                perform(action, source: origin)
            }
        }
    }
}

extension Array {
    /// The element at `index`, or nil when out of range.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension Element {
    /// True when `other` is this element as declared, wherever it is placed (frames aside).
    func isDeclared(as other: Element) -> Bool {
        var placed = other
        placed.frame = frame
        return placed == self
    }
}
