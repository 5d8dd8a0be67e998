/// Pressing and dragging in a text field with the window's pointer, as desktop fields do: a
/// press puts the caret at the grapheme boundary nearest to it and gives the field the keyboard
/// (focused or not), a drag from there selects up to the boundary nearest the pointer, and the
/// release ends the drag. Positions come from `TextFieldLine`, the geometry the SDL layer draws
/// the line with (the same SDL2_ttf faces through `textMeasure`), so the caret lands between
/// the characters drawn around the pointer. Only with a `textMeasure` (the window sets the SDL
/// layer's `FontMeasure`); without one (scripts) a tap gives the keyboard with the caret at the
/// end, as `type_text` expects.
extension Session {
    /// Sends `event` to a text field when one takes it: a press on an enabled text field (the
    /// topmost element shown where it lands), then the moves and the release of that press. Such
    /// a press makes no tap, swipe or drag gesture. - Returns: true when a text field took it.
    func routeToTextField(_ event: InputEvent) -> Bool {
        guard let measure = textMeasure else { return false }
        if event.phase == .down {
            controls.textDrag = nil
            let placed = placedElements
            guard
                let index = placed.indices.last(where: { placed[$0].placed.visible?.contains(event.point) == true }),
                let field = placed[index].element.control?.textField, placed[index].element.enabled
            else { return false }
            let id = controlID(placed, index)
            if liveTextFocus != id {
                endTextFocus()
                focusText(id, field, selectingAll: false)
            }
            let frame = placed[index].placed.frame
            placeCaret(id, field, frame: frame, at: event.point, extending: false, measure: measure)
            controls.textDrag = TextDrag(id: id, frame: frame)
            return true
        }
        guard let drag = controls.textDrag else { return false }
        if event.phase == .up { controls.textDrag = nil }
        if liveTextFocus == drag.id, let field = controlElement(drag.id)?.control?.textField {
            placeCaret(drag.id, field, frame: drag.frame, at: event.point, extending: true, measure: measure)
        }
        return true
    }

    /// The line of field `id` placed at `frame` (screen points) as it is drawn now.
    func textLine(_ id: ControlID, _ field: TextField, frame: Rect, measure: any TextMeasuring) -> TextFieldLine {
        let layout = TextFieldLayout(field, placed: frame)
        let editing = editing(of: id, field)
        return TextFieldLine(
            shown: editing.shown(secure: field.secure), fontSize: field.fontSize, textBox: layout.textBox,
            scale: prototype.device.scale, keepsCaretInView: liveTextFocus == id || editing.isComposing,
            measure: measure)
    }

    private func placeCaret(
        _ id: ControlID, _ field: TextField, frame: Rect, at point: Point, extending: Bool,
        measure: any TextMeasuring
    ) {
        var editing = editing(of: id, field)
        guard !editing.isComposing else { return }  // the input method owns the caret
        let line = textLine(id, field, frame: frame, measure: measure)
        editing.moveTo(line.boundary(nearest: point.x * prototype.device.scale), extending: extending)
        controls.texts[id] = editing
        controls.caretSince = now
    }
}

/// A drag that started in a text field: which field, and where it was placed at the press
/// (kept until the release, as a star rating keeps its layout).
struct TextDrag: Sendable {
    var id: ControlID
    var frame: Rect
}
