/// The text of a one-line text field being edited: the committed text, a cursor and selection
/// counted in **graphemes** (Swift `Character`s: what a reader sees as one character, such as
/// `é` written as `e` + U+0301, a flag, or a family emoji joined by U+200D), and the IME
/// composition (marked text) not yet committed.
///
/// Pure Swift and free of any window: the SDL layer turns key presses, `SDL_TEXTINPUT` and
/// `SDL_TEXTEDITING` into these calls, and scripts (`type_text`) call `insert` directly, so
/// the window and scripts edit text the same way. Editing never splits a grapheme and never
/// reorders scalars: right-to-left text (Hebrew, Arabic) is kept in logical order, as typed.
///
/// One line: `insert` and `paste` turn line breaks and tabs into spaces and drop other control
/// characters, as UITextField and Android's single-line EditText do with pasted text.
public struct TextEditing: Equatable, Sendable {
    /// The committed text (without the composition).
    public private(set) var text: String
    /// Where the caret is: the number of graphemes of `text` before it (0...`count`).
    public private(set) var cursor: Int
    /// The other end of the selection (graphemes); equal to `cursor` when nothing is selected.
    public private(set) var anchor: Int
    /// The IME composition shown at the caret and not yet part of `text` (empty when none):
    /// for example `"にほん"` while a Japanese input method converts, or `"´"` after a dead key.
    public private(set) var marked: String = ""
    /// The caret inside `marked`, in graphemes (0...`marked.count`).
    public private(set) var markedCursor: Int = 0
    /// The most graphemes `text` may hold (nil for no limit); insertions are cut to fit.
    public let maxLength: Int?

    /// Starts editing `text` with the caret at its end. A `maxLength` below 0 counts as 0;
    /// `text` longer than `maxLength` is cut to it.
    public init(text: String = "", maxLength: Int? = nil) {
        let limit = maxLength.map { max(0, $0) }
        let clean = Self.oneLine(text)
        self.text = limit.map { String(clean.prefix($0)) } ?? clean
        self.maxLength = limit
        cursor = self.text.count
        anchor = cursor
    }

    /// The number of graphemes in `text`.
    public var count: Int { text.count }

    /// The selected graphemes as a range of `text` (empty when nothing is selected).
    public var selection: Range<Int> { min(cursor, anchor)..<max(cursor, anchor) }

    /// The selected text ("" when nothing is selected).
    public var selectedText: String { String(slice(selection)) }

    /// True while an input method composes (`marked` is not empty).
    public var isComposing: Bool { !marked.isEmpty }

    // MARK: Typing

    /// Types `typed` at the caret: it replaces the selection, ends any composition, and is cut
    /// (by graphemes) to what `maxLength` leaves room for. Returns true when `text` changed.
    @discardableResult
    public mutating func insert(_ typed: String) -> Bool {
        marked = ""
        markedCursor = 0
        let clean = Self.oneLine(typed)
        let range = selection
        let head = String(slice(0..<range.lowerBound))
        let tail = String(slice(range.upperBound..<count))
        var room = clean.count
        if let maxLength { room = max(0, min(room, maxLength - head.count - tail.count)) }
        let added = String(clean.prefix(room))
        let updated = head + added + tail
        guard updated != text || !range.isEmpty else { return false }
        let changed = !updated.unicodeScalars.elementsEqual(text.unicodeScalars)
        text = updated
        // The caret stays before the tail even when the added text joined the head's last
        // grapheme (a combining mark, a variation selector, a zero-width joiner).
        cursor = max(0, updated.count - tail.count)
        anchor = cursor
        return changed
    }

    /// Pastes `clipboard` (as `insert`): line breaks become spaces. Returns true when `text`
    /// changed.
    @discardableResult
    public mutating func paste(_ clipboard: String) -> Bool { insert(clipboard) }

    /// Shows `composition` as the IME's marked text at the caret with its own caret at
    /// `caret` graphemes (clamped); an empty `composition` ends it without committing (the
    /// input method cancelled or is about to commit through `insert`). The selection is
    /// replaced when a composition starts, as on every platform.
    public mutating func setMarked(_ composition: String, caret: Int? = nil) {
        let clean = Self.oneLine(composition)
        if !clean.isEmpty && !selection.isEmpty { deleteSelection() }
        marked = clean
        markedCursor = min(max(caret ?? clean.count, 0), clean.count)
    }

    /// Deletes the selection, or else the grapheme before the caret (Backspace). Returns true
    /// when `text` changed. Does nothing while composing (the input method owns the keys).
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard !isComposing else { return false }
        if !selection.isEmpty { return deleteSelection() }
        guard cursor > 0 else { return false }
        anchor = cursor - 1
        return deleteSelection()
    }

    /// Deletes the selection, or else the grapheme after the caret (Delete). Returns true when
    /// `text` changed. Does nothing while composing.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard !isComposing else { return false }
        if !selection.isEmpty { return deleteSelection() }
        guard cursor < count else { return false }
        anchor = cursor + 1
        return deleteSelection()
    }

    /// Empties the field (the `clear_text` script call, a clear button). Returns true when
    /// `text` changed.
    @discardableResult
    public mutating func clear() -> Bool {
        let changed = !text.isEmpty
        self = TextEditing(text: "", maxLength: maxLength)
        return changed
    }

    /// Replaces the whole text (scripts, undo), caret at the end. Returns true when it changed.
    @discardableResult
    public mutating func replaceAll(with newText: String) -> Bool {
        let old = text
        self = TextEditing(text: newText, maxLength: maxLength)
        return !old.unicodeScalars.elementsEqual(text.unicodeScalars)
    }

    // MARK: Moving

    /// Moves the caret one grapheme left (toward the start of the string: logical order). Without
    /// `extending`, a selection collapses to its start instead.
    public mutating func moveLeft(extending: Bool = false) {
        guard !isComposing else { return }
        if !extending && !selection.isEmpty {
            place(selection.lowerBound, extending: false)
        } else {
            place(cursor - 1, extending: extending)
        }
    }

    /// Moves the caret one grapheme right. Without `extending`, a selection collapses to its
    /// end instead.
    public mutating func moveRight(extending: Bool = false) {
        guard !isComposing else { return }
        if !extending && !selection.isEmpty {
            place(selection.upperBound, extending: false)
        } else {
            place(cursor + 1, extending: extending)
        }
    }

    /// Moves the caret to the start (Home).
    public mutating func moveHome(extending: Bool = false) {
        guard !isComposing else { return }
        place(0, extending: extending)
    }

    /// Moves the caret to the end (End).
    public mutating func moveEnd(extending: Bool = false) {
        guard !isComposing else { return }
        place(count, extending: extending)
    }

    /// Puts the caret at grapheme `index` (clamped), dropping the selection (a click); with
    /// `extending`, keeps the other end of the selection where it was (a drag, Shift+click).
    public mutating func moveTo(_ index: Int, extending: Bool = false) {
        guard !isComposing else { return }
        place(index, extending: extending)
    }

    /// Selects the whole text (Ctrl+A), caret at the end.
    public mutating func selectAll() {
        guard !isComposing else { return }
        anchor = 0
        cursor = count
    }

    // MARK: Showing

    /// What a field shows: `text` with the composition at the caret, and where the caret is
    /// in it (graphemes). With `secure`, every grapheme of the text and the composition is
    /// one `•` (U+2022), so the shown string never holds the text.
    public func shown(secure: Bool = false) -> TextShown {
        let head = String(slice(0..<cursor))
        let tail = String(slice(cursor..<count))
        let markedHead = String(marked.prefix(markedCursor))
        if secure {
            let dot: Character = "\u{2022}"
            let all = String(repeating: dot, count: count + marked.count)
            let caret = head.count + markedHead.count
            let markedRange = marked.isEmpty ? nil : head.count..<(head.count + marked.count)
            return TextShown(string: all, caret: caret, marked: markedRange, selection: selection)
        }
        let string = head + marked + tail
        // Counted from the joined string: a composition can join the graphemes around it.
        let caret = (head + markedHead).count
        let markedRange: Range<Int>? = marked.isEmpty ? nil : head.count..<(head + marked).count
        return TextShown(string: string, caret: caret, marked: markedRange, selection: marked.isEmpty ? selection : nil)
    }

    // MARK: Private

    private func slice(_ range: Range<Int>) -> Substring {
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        let end = text.index(start, offsetBy: range.count)
        return text[start..<end]
    }

    private mutating func place(_ index: Int, extending: Bool) {
        cursor = min(max(index, 0), count)
        if !extending { anchor = cursor }
    }

    @discardableResult
    private mutating func deleteSelection() -> Bool {
        let range = selection
        guard !range.isEmpty else { return false }
        text = String(slice(0..<range.lowerBound)) + String(slice(range.upperBound..<count))
        cursor = range.lowerBound
        anchor = cursor
        return true
    }

    /// `text` as one line: CR LF, LF, CR, U+2028, U+2029 and tabs become one space each; other
    /// control characters (C0, DEL, C1) are dropped.
    static func oneLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar.value {
            case 0x0D:
                out.append(" ")
                if pending == "\n" { pending = scalars.next() }
            case 0x0A, 0x09, 0x2028, 0x2029, 0x0B, 0x0C, 0x85: out.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0: continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

/// What a text field shows while editing: the string drawn, the caret and the composition and
/// selection in it, all in graphemes of `string` (measure `string`'s first `caret` graphemes
/// to find where to draw the caret).
public struct TextShown: Equatable, Sendable {
    /// The text with the composition at the caret (dots for a secure field).
    public var string: String
    /// Graphemes of `string` before the caret.
    public var caret: Int
    /// The composition's graphemes in `string` (underlined when drawn); nil when none.
    public var marked: Range<Int>?
    /// The selected graphemes (highlighted when drawn); nil or empty when none.
    public var selection: Range<Int>?

    /// Creates a shown text.
    public init(string: String, caret: Int, marked: Range<Int>? = nil, selection: Range<Int>? = nil) {
        self.string = string
        self.caret = caret
        self.marked = marked
        self.selection = selection
    }

    /// `string`'s first `graphemes` characters (clamped): the text before a position, for
    /// measuring where to draw the caret or a highlight.
    public func prefix(_ graphemes: Int) -> String { String(string.prefix(max(0, graphemes))) }
}
