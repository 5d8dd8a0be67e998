/// Where the graphemes of a text field's shown line lie across its text box, in device pixels:
/// the one geometry the SDL layer draws the text, the selection, an input method's underline and
/// the caret with (`RendererHandle.drawTextField`) and the window's clicks and drags place the
/// caret and the selection by (`Session`'s text field presses). Widths come from a
/// `TextMeasuring` at the field's font size in device pixels (the SDL layer's `FontMeasure`: the
/// same SDL2_ttf faces and kerning the text is drawn with), each prefix measured as drawn and
/// rounded to whole pixels as drawn. When the line scrolls to keep the caret in view (while the
/// field has the keyboard), everything moves left by `scroll`.
public struct TextFieldLine: Sendable {
    /// What is shown: text (or dots, or the placeholder), caret and selection in graphemes.
    public let shown: TextShown
    /// The font's em size in device pixels (the field's font size × the device scale).
    public let pixelSize: Double
    /// The text box's left edge and width in device pixels (rounded as drawn).
    public let boxX: Double, boxWidth: Double
    /// The caret bar's width in device pixels (2 points, at least 1 pixel).
    public let caretWidth: Double
    /// How far the line is scrolled left to keep the caret (and its width) in the box, in
    /// device pixels; 0 when it fits or the field does not have the keyboard.
    public let scroll: Double
    private let measure: any TextMeasuring

    /// Lays out `shown` in `textBox` (points) of a field of `fontSize` points on a device of
    /// `scale` pixels per point; `keepsCaretInView` while the field has the keyboard (or an
    /// input method composes), as UITextField scrolls.
    public init(
        shown: TextShown, fontSize: Double, textBox: Rect, scale: Double, keepsCaretInView: Bool,
        measure: any TextMeasuring
    ) {
        self.shown = shown
        self.measure = measure
        pixelSize = fontSize * scale
        let x0 = (textBox.x * scale).rounded()
        boxX = x0
        boxWidth = (textBox.maxX * scale).rounded() - x0
        caretWidth = max(1, (2 * scale).rounded())
        let caretX = (measure.width(shown.prefix(shown.caret), size: fontSize * scale)).rounded()
        scroll = keepsCaretInView ? max(0, caretX + caretWidth - boxWidth) : 0
    }

    /// The x of the boundary after the first `graphemes` graphemes of the shown string, in
    /// device pixels from where the line starts (the box's left edge less `scroll`).
    public func x(_ graphemes: Int) -> Double {
        measure.width(shown.prefix(graphemes), size: pixelSize).rounded()
    }

    /// Where the line starts on the screen, in device pixels (the box's left edge less `scroll`).
    public var left: Double { boxX - scroll }

    /// The grapheme boundary (0…count) nearest to `pixelX` (device pixels on the screen): a
    /// click left of a grapheme's middle puts the caret before it, right of it after it; left
    /// of the text gives 0, right of it the end. Found by bisection over the prefix widths
    /// (which grow with each grapheme), so a long line costs a few measurements.
    public func boundary(nearest pixelX: Double) -> Int {
        let target = pixelX - left
        let count = shown.string.count
        var low = 0
        var high = count
        while low < high {  // the first boundary at or right of the target
            let mid = (low + high) / 2
            if x(mid) < target { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 0 }
        return target - x(low - 1) <= x(low) - target ? low - 1 : low
    }
}
