/// A one-line text field drawn over its scene's screenshot, as declared in `prototype.lua`
/// with `control = "text_field"` (UITextField, Android EditText, an HTML `<input>`).
///
/// The star rating's and state controls' sibling: one layout (`TextFieldLayout`) serves
/// drawing, hit testing and accessibility; a click focuses it in the window and the keyboard
/// edits it (SDL text input: typing, input methods, paste); `on_change(app, text)` fires on
/// every edit and `on_submit(app, text)` on Return; scripts read the text as the element's
/// `value` (a secure field's value is one dot per character). Geometry is in points.
public struct TextField: Equatable, Sendable {
    /// The keyboard a phone would show (`keyboard = "email"`); kept for `inspect` and the
    /// recorder, the desktop window takes any text.
    public enum Keyboard: String, CaseIterable, Equatable, Sendable {
        /// Letters (the default).
        case text
        /// An e-mail keyboard (`@` and `.` at hand).
        case email
        /// Digits only.
        case number
        /// Digits and a decimal separator.
        case decimal
        /// A phone pad.
        case phone
        /// A URL keyboard (`/` and `.com`).
        case url
    }

    /// The text's size in points (the em size, as UIFont's point size); default 17, iOS's body text.
    public var fontSize: Double
    /// The text's colour (default black).
    public var color: OverlayColor
    /// Shown in `placeholderColor` while the field is empty (nil for none).
    public var placeholder: String?
    /// The placeholder's colour (default iOS's placeholder grey, 60 % of the text colour's contrast).
    public var placeholderColor: OverlayColor
    /// The text when the scene is first shown.
    public var initialText: String
    /// True for a password field: drawn as one dot per character, and its text never appears in
    /// reports, `inspect` or the element's value (only the dots).
    public var secure: Bool
    /// The keyboard a phone would show.
    public var keyboard: Keyboard
    /// The most characters (graphemes) it takes, at most `longestText`; nil for that limit.
    public var maxLength: Int?
    /// The most characters (graphemes) any text field holds, and the largest `max_length`:
    /// 10 000 (red-team 15 F2: typing 64 Ki characters into a field without `max_length` took
    /// 23 s and 739 MB).
    public static let longestText = 10_000
    /// The most characters (graphemes) this field takes: `maxLength`, else `longestText`.
    public var lengthLimit: Int { min(maxLength ?? Self.longestText, Self.longestText) }
    /// The space between the frame's left and right edges and the text, in points (default 8).
    public var padding: Double
    /// Filled over the whole frame before the text is drawn (nil: none), to hide what the
    /// screenshot shows in its empty field (a placeholder, a caret).
    public var background: OverlayColor?
    /// Called with the new text after every edit (`on_change(app, text)`), or a navigation action.
    public var onChange: Action?
    /// Called with the text on Return (`on_submit(app, text)`), or a navigation action.
    public var onSubmit: Action?

    /// The default text colour: black.
    public static let defaultColor = OverlayColor(0, 0, 0)
    /// The default placeholder colour: iOS's `placeholderText` (#3C3C43 at 30 % over white ≈ #C4C4C7).
    public static let defaultPlaceholderColor = OverlayColor(196, 196, 199)

    /// Creates a field.
    public init(
        fontSize: Double = 17, color: OverlayColor = TextField.defaultColor, placeholder: String? = nil,
        placeholderColor: OverlayColor = TextField.defaultPlaceholderColor, initialText: String = "",
        secure: Bool = false, keyboard: Keyboard = .text, maxLength: Int? = nil, padding: Double = 8,
        background: OverlayColor? = nil, onChange: Action? = nil, onSubmit: Action? = nil
    ) {
        self.fontSize = fontSize
        self.color = color
        self.placeholder = placeholder
        self.placeholderColor = placeholderColor
        self.initialText = initialText
        self.secure = secure
        self.keyboard = keyboard
        self.maxLength = maxLength
        self.padding = padding
        self.background = background
        self.onChange = onChange
        self.onSubmit = onSubmit
    }

    /// A fresh editing model with the initial text (cut to `lengthLimit`).
    public var initialEditing: TextEditing { TextEditing(text: initialText, maxLength: lengthLimit) }

    /// What scripts and the element tree read as the value: the text, or for a secure field one
    /// `•` per grapheme (as VoiceOver reads a password field), never the text.
    public func value(_ text: String) -> String {
        secure ? String(repeating: "\u{2022}", count: text.count) : text
    }
}

/// Where a text field's parts lie on the screen: the one layout drawing (the text box the
/// text is cut to, the caret), hit testing (a click anywhere in the frame focuses it) and
/// scripts (`type_text` taps the frame's centre) share. All geometry is in screen points.
public struct TextFieldLayout: Equatable, Sendable {
    /// The element's frame where it is placed (screen points).
    public let frame: Rect
    /// The box the text is drawn in: the frame inset by the padding on the left and right
    /// (never narrower than 0), the full height; text is centred in it vertically.
    public let textBox: Rect

    /// Lays out `field` placed at `placed` (screen points).
    public init(_ field: TextField, placed: Rect) {
        frame = placed
        let inset = min(max(field.padding, 0), placed.width / 2)
        textBox = Rect(x: placed.x + inset, y: placed.y, width: placed.width - 2 * inset, height: placed.height)
    }

    /// Where a finger taps to focus the field: the frame's centre.
    public var tapPoint: Point { frame.center }

    /// True when a tap at `point` lands on the field.
    public func contains(_ point: Point) -> Bool { frame.contains(point) }
}

/// What to draw for one text field: its text (or placeholder, or dots) in its text box where
/// the scene's layer places it (screen points), cut to `clip`, with the caret while it has
/// the keyboard. Produced by Core, drawn by the SDL layer with SDL2_ttf (the window's text
/// drawing), which measures the text to place the caret and scrolls the text left when the
/// caret would leave the box.
public struct TextFieldOverlay: Equatable, Sendable {
    /// The field's accessibility label.
    public var label: String
    /// The element's placed frame (screen points).
    public var frame: Rect
    /// The text box (screen points): the frame inset by the padding.
    public var textBox: Rect
    /// The part of the screen (points) it may show in (`PlacedFrame.area`); nil for no limit.
    public var clip: Rect?
    /// What is shown: the text with any composition, dots for a secure field, or the placeholder.
    public var shown: TextShown
    /// True when `shown` is the placeholder (drawn in `placeholderColor`).
    public var isPlaceholder: Bool
    /// The text size in points.
    public var fontSize: Double
    /// The colour `shown` is drawn in.
    public var color: OverlayColor
    /// True while the field has the keyboard and the caret is in its visible phase (it blinks).
    public var showsCaret: Bool
    /// Filled over `frame` before the text (nil: none).
    public var background: OverlayColor? = nil
    /// True while the field has the keyboard: the line scrolls to keep the caret in view even
    /// while the blinking caret is hidden (`TextFieldLine`).
    public var keepsCaretInView = false

    /// Creates an overlay.
    public init(
        label: String, frame: Rect, textBox: Rect, clip: Rect?, shown: TextShown, isPlaceholder: Bool,
        fontSize: Double, color: OverlayColor, showsCaret: Bool
    ) {
        self.label = label
        self.frame = frame
        self.textBox = textBox
        self.clip = clip
        self.shown = shown
        self.isPlaceholder = isPlaceholder
        self.fontSize = fontSize
        self.color = color
        self.showsCaret = showsCaret
    }

    /// The overlay of `field` placed at `placed` showing `editing`: the placeholder while empty
    /// and not composing; the caret only when `caret` is true.
    public init(
        label: String, field: TextField, placed: Rect, clip: Rect?, editing: TextEditing, caret: Bool
    ) {
        let layout = TextFieldLayout(field, placed: placed)
        let empty = editing.text.isEmpty && !editing.isComposing
        let placeholder = empty ? field.placeholder : nil
        self.init(
            label: label, frame: placed, textBox: layout.textBox, clip: clip,
            shown: placeholder.map { TextShown(string: $0, caret: 0) } ?? editing.shown(secure: field.secure),
            isPlaceholder: placeholder != nil, fontSize: field.fontSize,
            color: placeholder != nil ? field.placeholderColor : field.color, showsCaret: caret)
        background = field.background
    }
}
