/// Which control: the scene and the element's index in it (labels may repeat).
struct ControlID: Hashable, Sendable {
    var scene: String
    var index: Int
}

/// The session's control state: values (one tracker per control, made when first used and
/// kept until `Session.reset()`), the control holding the pointer and keyboard focus.
struct SessionControls {
    var trackers: [ControlID: StarRatingTracker] = [:]
    /// The control that captured the pointer at press, until release or cancel.
    var captured: ControlID?
    /// The control with keyboard focus (window only).
    var focused: ControlID?
    /// The value when focus arrived or the last keyboard commit, per focused control.
    var committed: Double?
}

/// A keyboard command for the focused control (the window maps keys to these).
public enum ControlKey: Sendable, Equatable {
    /// Tab: focus the next control of the current scene (none after the last).
    case focusNext
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

    /// The control's layout and the point, in points, that a press or drag uses to give
    /// `value` (see `StarRatingLayout.point(for:grid:)`); `rate` drags between two of these.
    /// - Throws: `ControlError` for an unknown label.
    public func controlPoint(_ label: String, value: Double) throws(ControlError) -> Point {
        let tracker = try self.tracker(label).tracker
        return tracker.layout.point(for: value, grid: tracker.control.values)
    }

    /// The tracker (copy) of the control labelled `label` in the current scene, e.g. to read
    /// its layout, read-only flag or bounds. - Throws: `ControlError` for an unknown label.
    public func starRating(_ label: String) throws(ControlError) -> StarRatingTracker {
        try tracker(label).tracker
    }

    /// The tracker (copy) of `element` when it is a star rating of a mounted scene (the
    /// current scene first), else nil.
    public func starRating(of element: Element) -> StarRatingTracker? {
        guard element.control != nil else { return nil }
        for name in [currentScene] + mountedScenes {
            guard let index = scene(name)?.elements.firstIndex(of: element) else { continue }
            return trackerFor(ControlID(scene: name, index: index))
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
        if key == .focusNext {
            commitFocused()
            moveFocus()
        } else if let id = controls.focused, var tracker = trackerFor(id) {
            let rtl = tracker.control.rightToLeft
            var changed = false
            switch key {
            case .increment: changed = tracker.adjust(by: rtl ? -1 : 1)
            case .decrement: changed = tracker.adjust(by: rtl ? 1 : -1)
            case .minimum: changed = tracker.jump(toMaximum: false)
            case .maximum: changed = tracker.jump(toMaximum: true)
            case .commit, .focusNext: break
            }
            if changed {
                store(id, tracker, what: "changing", value: tracker.value)
                fire([.changing(tracker.value)], id: id, source: "key")
            }
            if key == .commit { commitFocused() }
        }
        guard let id = controls.focused else { return nil }
        return scene(id.scene)?.elements[id.index].label
    }

    // MARK: Pointer capture and drawing (used by Session.swift)

    /// Sends `event` to a star rating when it starts in one's hit area (or one holds the
    /// pointer). - Returns: true when a control took the event.
    func routeToControl(_ event: InputEvent) -> Bool {
        if event.phase == .down {
            cancelCapturedControl()
            guard let id = controlHit(at: event.point), var tracker = trackerFor(id) else { return false }
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

    /// `frame` with every mounted scene's controls drawn at their stored values.
    func withControlOverlays(_ frame: FrameDescription) -> FrameDescription {
        frame.withOverlays { name in
            guard let scene = self.scene(name) else { return [] }
            return scene.elements.indices.compactMap { index in
                let id = ControlID(scene: name, index: index)
                guard let tracker = self.trackerFor(id) else { return nil }
                return StarRatingOverlay(
                    label: scene.elements[index].label, tracker: tracker, focused: self.controls.focused == id)
            }
        }
    }

    // MARK: Helpers

    private func trackerFor(_ id: ControlID) -> StarRatingTracker? {
        if let tracker = controls.trackers[id] { return tracker }
        guard let element = scene(id.scene)?.elements[safe: id.index],
            let rating = element.control?.starRating
        else { return nil }
        return StarRatingTracker(rating, frame: element.frame)
    }

    private func tracker(_ label: String) throws(ControlError) -> (id: ControlID, tracker: StarRatingTracker) {
        let name = currentScene
        let elements = scene(name)?.elements ?? []
        if let index = elements.firstIndex(where: { $0.label == label && $0.control != nil }),
            let tracker = trackerFor(ControlID(scene: name, index: index))
        {
            return (ControlID(scene: name, index: index), tracker)
        }
        let labels = elements.filter { $0.control != nil }.map(\.label)
        var message = "no star rating labelled \"\(label)\" in scene \"\(name)\""
        message += NearestName.hint(for: label, among: labels)
        message +=
            labels.isEmpty
            ? " (the scene has no controls)"
            : " (controls on screen: " + labels.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        throw ControlError(message: message)
    }

    /// The topmost enabled control whose hit area holds `point`; nil when a hotspot declared
    /// above it (or a disabled control) holds the point first.
    func controlHit(at point: Point) -> ControlID? {
        let name = currentScene
        guard let elements = scene(name)?.elements else { return nil }
        for index in elements.indices.reversed() {
            let id = ControlID(scene: name, index: index)
            if let tracker = trackerFor(id) {
                // A disabled control still covers what lies below it but takes no input.
                if tracker.layout.hitArea.contains(point) { return elements[index].enabled ? id : nil }
            } else if elements[index].frame.contains(point) {
                return nil
            }
        }
        return nil
    }

    private func store(_ id: ControlID, _ tracker: StarRatingTracker, what: String, value: Double) {
        controls.trackers[id] = tracker
        guard let label = scene(id.scene)?.elements[id.index].label else { return }
        timeline.record(.controlValue(element: label, scene: id.scene, value: value, what: what), at: now)
    }

    private func moveFocus() {
        let name = currentScene
        let elements = scene(name)?.elements ?? []
        let start = controls.focused.map { $0.index + 1 } ?? 0
        controls.focused = nil
        controls.committed = nil
        for index in elements.indices where index >= start {
            let id = ControlID(scene: name, index: index)
            if let tracker = trackerFor(id), !tracker.control.readOnly, elements[index].enabled {
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
        guard let element = scene(id.scene)?.elements[id.index], let rating = element.control?.starRating else {
            return
        }
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
