/// While the key list (`?`) shows, it takes the input: any key press (Space, Escape, Return,
/// arrows…) or a click only closes it and never reaches the prototype; the rest of that click
/// (pointer moves and the release) is swallowed too, so no tap or swipe starts. The window
/// player does not ask about Q, which quits even while the list shows.
extension DesignerState {
    /// Input the window player asks about while the key list may show.
    public enum ListInput: Sendable, Equatable {
        /// Any key press (Escape and Backspace, which go back otherwise, included).
        case key
        /// A mouse button went down.
        case pointerDown
        /// The pointer moved.
        case pointerMoved
        /// The mouse button came up.
        case pointerUp
    }

    /// Returns true when `input` is taken by the key list (the player must not pass it on):
    /// a key press or a click while the list shows closes it; the moves and release of that
    /// click are taken as well. False otherwise.
    public mutating func keyListTakes(_ input: ListInput) -> Bool {
        switch input {
        case .key, .pointerDown:
            guard showsHelp else { return false }
            showsHelp = false
            if input == .pointerDown { swallowsPointer = true }
            return true
        case .pointerMoved:
            return swallowsPointer
        case .pointerUp:
            defer { swallowsPointer = false }
            return swallowsPointer
        }
    }
}
