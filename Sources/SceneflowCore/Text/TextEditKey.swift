/// An editing key pressed while a text field has the keyboard, as the window reports it (the
/// SDL layer maps Backspace, Delete, the arrows, Home, End, Return, Escape and the Ctrl
/// shortcuts to these; typed characters arrive as text instead).
public enum TextEditKey: Equatable, Sendable {
    /// Backspace: delete the selection or the grapheme before the caret.
    case backspace
    /// Delete: delete the selection or the grapheme after the caret.
    case delete
    /// Left arrow; with Shift (`extending`) the selection grows.
    case left(extending: Bool)
    /// Right arrow.
    case right(extending: Bool)
    /// Home.
    case home(extending: Bool)
    /// End.
    case end(extending: Bool)
    /// Ctrl+A: select all.
    case selectAll
    /// Ctrl+C: copy the selection.
    case copy
    /// Ctrl+X: cut the selection.
    case cut
    /// Return or keypad Enter: submit the field.
    case submit
    /// Escape: leave the field.
    case cancel
}

/// What an editing key did to a `TextEditing` (`TextEditing.apply`).
public enum TextKeyOutcome: Equatable, Sendable {
    /// The text changed (an `on_change` moment).
    case edited
    /// Only the caret or the selection moved (redraw, no `on_change`).
    case moved
    /// Nothing changed (Backspace at the start, a move at an end).
    case unchanged
    /// Return: the caller submits the field (`on_submit`).
    case submit
    /// Escape: the caller takes the keyboard away from the field.
    case cancel
    /// Copy `text` to the clipboard (the selection; a secure field's caller copies nothing).
    case copy(String)
    /// Copy `text` to the clipboard; the selection was deleted (the text changed).
    case cut(String)
}

extension TextEditing {
    /// Applies `key` as a one-line field does on every desktop platform and says what it did.
    /// While an input method composes, the keys belong to it and nothing changes.
    public mutating func apply(_ key: TextEditKey) -> TextKeyOutcome {
        let before = self
        switch key {
        case .backspace: return deleteBackward() ? .edited : .unchanged
        case .delete: return deleteForward() ? .edited : .unchanged
        case .left(let extending): moveLeft(extending: extending)
        case .right(let extending): moveRight(extending: extending)
        case .home(let extending): moveHome(extending: extending)
        case .end(let extending): moveEnd(extending: extending)
        case .selectAll: selectAll()
        case .copy: return selection.isEmpty ? .unchanged : .copy(selectedText)
        case .cut:
            let cut = selectedText
            guard !isComposing, !selection.isEmpty else { return .unchanged }
            deleteBackward()
            return .cut(cut)
        case .submit: return .submit
        case .cancel: return .cancel
        }
        return self == before ? .unchanged : .moved
    }
}
