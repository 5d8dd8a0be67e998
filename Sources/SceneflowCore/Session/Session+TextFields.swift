/// What a script or the element tree reads of one text field: its declaration, its editing
/// state and its layout where it is placed now (screen points).
public struct TextFieldReading: Equatable, Sendable {
    /// The field's accessibility label.
    public var label: String
    /// The declaration.
    public var field: TextField
    /// The text, caret and composition (the real text, also for a secure field).
    public var editing: TextEditing
    /// The layout where the field is placed now.
    public var layout: TextFieldLayout
    /// False for a disabled element.
    public var enabled: Bool
    /// True while the field has the keyboard.
    public var focused: Bool
    /// The value scripts and reports read: the text, or dots for a secure field.
    public var value: String { field.value(editing.text) }
}

/// Text fields in a session: text kept per control like star-rating values and states (per
/// scene, label and occurrence; kept when the scene is left, until `reset()`), edited through
/// the field that has the keyboard. A tap on a field gives it the keyboard (the caret at the
/// end); a tap anywhere else, Escape, Return or leaving the scene takes it away. Every edit
/// records a `controlState` event (the value: dots for a secure field) and runs `on_change`
/// with the text; Return runs `on_submit`.
extension Session {
    /// Seconds the caret shows, then hides, while a field has the keyboard (UIKit's rhythm).
    public static let caretBlinkHalfPeriod = 0.5

    /// The editing state of field `id` declared as `field`: the stored one, else a fresh one
    /// holding its initial text.
    func editing(of id: ControlID, _ field: TextField) -> TextEditing {
        controls.texts[id] ?? field.initialEditing
    }

    /// The text field labelled `label` in the current scene (the first with that label) as
    /// placed now. - Throws: `ControlError` naming the text fields on screen.
    public func textField(_ label: String) throws(ControlError) -> TextFieldReading {
        let placed = placedElements
        if let index = placed.indices.first(where: {
            placed[$0].element.label == label && placed[$0].element.control?.textField != nil
        }) {
            return reading(placed, index)
        }
        let labels = placed.map(\.element).filter { $0.control?.textField != nil }.map(\.label)
        var message = "no text field labelled \"\(label)\" in scene \"\(currentScene)\""
        message += NearestName.hint(for: label, among: labels)
        message +=
            labels.isEmpty
            ? " (the scene has no text fields)"
            : " (text fields on screen: " + labels.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        throw ControlError(message: message)
    }

    /// The value of `element` when it is a text field of the current scene (or a mounted one):
    /// its text, or dots for a secure field. `element` may come placed (`screenElements`).
    public func textValue(of element: Element) -> String? {
        guard let field = element.control?.textField else { return nil }
        for name in [currentScene] + mountedScenes {
            guard let found = declaration(of: element, in: name) else { continue }
            return field.value(editing(of: found.id, field).text)
        }
        return field.value(field.initialText)
    }

    /// The real text of the first field labelled `label` in `scene`, whether shown or not
    /// (the recorder writes it); nil when the scene has no such field.
    public func storedText(scene: String, label: String) -> String? {
        let elements = prototype.shownElements(scene, landscape: showsLandscape(scene))
        guard let index = elements.firstIndex(where: { $0.label == label && $0.control?.textField != nil }),
            let field = elements[index].control?.textField
        else { return nil }
        return editing(of: controlID(scene, elements, index), field).text
    }

    /// The field that has the keyboard, as placed now: its label and frame (screen points),
    /// for the window's input-method placement. Nil when none, or when its scene left.
    public var focusedTextField: (label: String, frame: Rect)? {
        guard let id = liveTextFocus else { return nil }
        let placed = placedElements
        // The label first: working out an element's id counts the controls before it, so asking
        // it of every element of a 10 000-element scene took seconds.
        guard
            let index = placed.indices.first(where: {
                placed[$0].element.label == id.label && controlID(placed, $0) == id
            })
        else { return nil }
        return (id.label, placed[index].placed.frame)
    }

    /// When the caret next shows or hides (session seconds), while a field has the keyboard; the
    /// window wakes then to redraw it and otherwise sleeps.
    public var caretBlinkDue: Double? {
        guard liveTextFocus != nil else { return nil }
        let half = Self.caretBlinkHalfPeriod
        let phases = ((now - controls.caretSince) / half).rounded(.down)
        return controls.caretSince + (phases + 1) * half
    }

    /// Where a finger taps to give the field labelled `label` the keyboard (screen points),
    /// checked through the same hit path a tap takes: the frame's centre when the field is the
    /// topmost shown element there and enabled. - Returns: the point, or why there is none.
    /// - Throws: `ControlError` for an unknown label.
    public func textFieldPress(_ label: String) throws(ControlError) -> Result<Point, ControlError> {
        let reading = try textField(label)
        let point = reading.layout.tapPoint
        let placed = placedElements
        guard
            let index = placed.indices.first(where: {
                placed[$0].element.label == label && placed[$0].element.control?.textField != nil
            })
        else { return .failure(ControlError(message: "\"\(label)\" is not on screen")) }
        if !reading.enabled {
            return .failure(ControlError(message: "\"\(label)\" is disabled: a tap on it does nothing"))
        }
        if placed[index].placed.visible?.contains(point) != true {
            let scrolls = currentOverlayFrame == nil && scrollGeometry(currentScene) != nil
            return .failure(
                ControlError(
                    message: scrolls
                        ? "\"\(label)\" (at \(point)) is scrolled out of the scrolling band; scroll_to its label first"
                        : "\"\(label)\" (at \(point)) does not show on the screen"))
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

    // MARK: Typing into the field with the keyboard

    /// Types `text` into the field that has the keyboard, one grapheme at a time as keys
    /// would (each edit runs `on_change`); a line break is Return (`on_submit`, then the field
    /// leaves the keyboard, and later text goes nowhere unless a field has the keyboard
    /// again). With `by` "pasted" the text goes in as one edit, line breaks as spaces. `by`
    /// names the source in the timeline ("typed", "pasted").
    /// - Returns: nil when no field has the keyboard, else how many Unicode scalars of `text`
    ///   went nowhere because no field had the keyboard any more (0 when all landed), so a
    ///   script's `type_text` can fail instead of dropping them (red-team finding M16).
    @discardableResult
    public func typeText(_ text: String, by: String = "typed") -> Int? {
        guard liveTextFocus != nil else { return nil }
        if by == "pasted" {  // one edit; line breaks become spaces
            editFocused(by: by) { $0.paste(text) }
            return 0
        }
        var dropped = 0
        var line = ""
        func flush() {
            for character in line {
                guard liveTextFocus != nil else {
                    dropped += character.unicodeScalars.count
                    continue
                }
                editFocused(by: by) { $0.insert(String(character)) }
            }
            line = ""
        }
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\n" || scalar == "\r" {
                flush()
                if liveTextFocus == nil {
                    dropped += 1
                } else {
                    submitFocusedText()
                }
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        flush()
        return dropped
    }

    /// Shows an input method's composition in the field that has the keyboard (nothing fires:
    /// the text changes when it is committed). - Returns: false when no field has the keyboard.
    @discardableResult
    public func composeText(_ composition: String, caret: Int) -> Bool {
        guard let id = liveTextFocus, let field = controlElement(id)?.control?.textField else { return false }
        var editing = editing(of: id, field)
        editing.setMarked(composition, caret: caret)
        controls.texts[id] = editing
        controls.caretSince = now
        return true
    }

    /// Applies an editing key to the field that has the keyboard: edits run `on_change`,
    /// Return runs `on_submit` and leaves the field, Escape leaves it. - Returns: what the key
    /// did (a `.copy` / `.cut` carries the text for the clipboard, never a secure field's), or
    /// nil when no field has the keyboard.
    @discardableResult
    public func editText(_ key: TextEditKey) -> TextKeyOutcome? {
        guard let id = liveTextFocus, let field = controlElement(id)?.control?.textField else { return nil }
        if field.secure, key == .copy || key == .cut { return .unchanged }  // as every platform
        var outcome = TextKeyOutcome.unchanged
        switch key {
        case .submit:
            submitFocusedText()
            return .submit
        case .cancel:
            endTextFocus()
            return .cancel
        default:
            editFocused(by: key == .cut ? "cut" : "edited") { outcome = $0.apply(key) }
        }
        return outcome
    }

    /// Empties the field that has the keyboard (`clear_text`), running `on_change` when it held
    /// text. - Returns: false when no field has the keyboard.
    @discardableResult
    public func clearFocusedText() -> Bool {
        guard liveTextFocus != nil else { return false }
        editFocused(by: "cleared") { $0.clear() }
        return true
    }

    /// Takes the keyboard from the field that has it (Escape, a tap elsewhere); the text stays.
    public func endTextFocus() {
        guard let id = controls.textFocus else { return }
        controls.textFocus = nil
        if var editing = controls.texts[id] {  // an open composition is dropped, as input methods do
            editing.setMarked("")
            controls.texts[id] = editing
        }
    }

    // MARK: Tap dispatch and drawing (used by Session.swift and Session+Controls.swift)

    /// Applies a tap at `point` on `placed[index]` when it is an enabled text field: it takes
    /// the keyboard with the caret at the end. - Returns: true when the element is a text field.
    func tapTextField(_ placed: [(element: Element, placed: PlacedFrame)], _ index: Int, at point: Point) -> Bool {
        guard let field = placed[index].element.control?.textField else { return false }
        guard placed[index].element.enabled else { return true }
        let id = controlID(placed, index)
        if liveTextFocus == id { return true }  // the caret stays where it is
        focusText(id, field, selectingAll: false)
        return true
    }

    /// Gives field `id` the keyboard: the caret at the end (a tap), or all its text selected
    /// (Tab, as desktop fields do); recorded as a `controlState` event "focused".
    func focusText(_ id: ControlID, _ field: TextField, selectingAll: Bool) {
        var editing = editing(of: id, field)
        editing.moveEnd()
        if selectingAll { editing.selectAll() }
        controls.texts[id] = editing
        controls.textFocus = id
        controls.caretSince = now
        timeline.record(
            .controlState(element: id.label, scene: id.scene, state: field.value(editing.text), what: "focused"),
            at: now)
    }

    /// The text fields of `layer`'s scene showing their text where the layer places them, cut
    /// to where each shows, with the caret (in its visible phase) on the one with the keyboard.
    func textOverlays(of layer: SceneLayer, on screen: Rect) -> [TextFieldOverlay] {
        let placement = layer.placement(on: screen)
        let elements = prototype.shownElements(layer.scene, landscape: layer.rotated)
        let focus = liveTextFocus
        let caretOn =
            ((now - controls.caretSince) / Self.caretBlinkHalfPeriod).rounded(.down).truncatingRemainder(
                dividingBy: 2) == 0
        return elements.indices.compactMap { i in
            guard let field = elements[i].control?.textField else { return nil }
            let id = controlID(layer.scene, elements, i)
            let placed = placement.place(elements[i].frame)
            var overlay = TextFieldOverlay(
                label: elements[i].label, field: field, placed: placed.frame, clip: placed.area,
                editing: editing(of: id, field), caret: focus == id && caretOn)
            overlay.keepsCaretInView = focus == id
            return overlay
        }
    }

    // MARK: Private

    /// The field with the keyboard while its scene is the one shown and settled on (none
    /// during a transition); the keyboard is taken away (text kept) once the scene is left, so
    /// coming back shows no caret.
    var liveTextFocus: ControlID? {
        guard let id = controls.textFocus else { return nil }
        if id.scene != currentScene || controlElement(id)?.control?.textField == nil {
            endTextFocus()
            return nil
        }
        return navigator.running == nil ? id : nil
    }

    private func editFocused(by source: String, _ edit: (inout TextEditing) -> Void) {
        guard let id = liveTextFocus, let field = controlElement(id)?.control?.textField else { return }
        let before = editing(of: id, field)
        var after = before
        edit(&after)
        controls.texts[id] = after
        controls.caretSince = now  // the caret shows while typing
        guard !after.text.unicodeScalars.elementsEqual(before.text.unicodeScalars) else { return }
        timeline.record(
            .controlState(element: id.label, scene: id.scene, state: field.value(after.text), what: source), at: now)
        if let action = field.onChange { fire(action, id: id, text: after.text, field: field, what: "changed") }
    }

    private func submitFocusedText() {
        guard let id = liveTextFocus, let field = controlElement(id)?.control?.textField else { return }
        let text = editing(of: id, field).text
        endTextFocus()
        timeline.record(
            .controlState(element: id.label, scene: id.scene, state: field.value(text), what: "submitted"), at: now)
        if let action = field.onSubmit { fire(action, id: id, text: text, field: field, what: "submitted") }
    }

    /// Runs a field's action: a Lua function becomes a `ScriptCall` carrying the text (the real
    /// text: the prototype's own code may read a password); a navigation action is performed.
    private func fire(_ action: Action, id: ControlID, text: String, field: TextField, what: String) {
        let origin = "\(what) \"\(id.label)\" to \"\(field.value(text))\""
        if case .script(let ref) = action {
            timeline.record(.action(action, source: origin), at: now)
            scriptCalls.append(ScriptCall(ref: ref, element: id.label, scene: id.scene, text: text))
        } else {
            perform(action, source: origin)
        }
    }

    private func reading(_ placed: [(element: Element, placed: PlacedFrame)], _ index: Int) -> TextFieldReading {
        let element = placed[index].element
        let field = element.control!.textField!
        let id = controlID(placed, index)
        return TextFieldReading(
            label: element.label, field: field, editing: editing(of: id, field),
            layout: TextFieldLayout(field, placed: placed[index].placed.frame), enabled: element.enabled,
            focused: liveTextFocus == id)
    }
}
