/// Measures one line of the window's text as it will be drawn, so that Core lays out labels,
/// panels and the `T` display (`PanelLayout`, `HeadsUpDisplay`) with the widths the drawing
/// uses. The SDL layer implements it with the faces it draws with (`FontSet`, SDL2_ttf);
/// `FixedAdvanceText` is a deterministic stand-in for tests. Core never imports SDL.
public protocol TextMeasuring: Sendable {
    /// The size of `text` drawn on one line with a font of `size` pixels (the em size), in
    /// the same pixels: the advance width of the whole line and the line height (ascent plus
    /// descent of the faces the text is drawn with). An empty string has width 0 and the main
    /// face's line height.
    func measure(_ text: String, size: Double) -> Size
}

extension TextMeasuring {
    /// The width of `text` at `size` pixels, in pixels.
    public func width(_ text: String, size: Double) -> Double { measure(text, size: size).width }

    /// The height of a line at `size` pixels (of the main face), in pixels.
    public func lineHeight(size: Double) -> Double { measure("", size: size).height }
}

/// A deterministic `TextMeasuring` for tests and for layouts made without a renderer: every
/// Unicode scalar advances `advance` × the size (wide East Asian characters twice that), and a
/// line is `lineHeight` × the size tall. Close to DejaVu Sans, so layouts look alike.
public struct FixedAdvanceText: TextMeasuring {
    /// Advance of one scalar, as a fraction of the font size.
    public var advance: Double
    /// Line height, as a fraction of the font size.
    public var lineHeight: Double

    /// Creates a measure; the defaults are about DejaVu Sans's average advance and line height.
    public init(advance: Double = 0.6, lineHeight: Double = 1.2) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    /// `text`'s size at `size` pixels: scalars × `advance` × `size` (CJK and other wide
    /// scalars count twice) by `lineHeight` × `size`.
    public func measure(_ text: String, size: Double) -> Size {
        let units = text.unicodeScalars.reduce(0.0) { total, s in total + (Self.isWide(s) ? 2 : 1) }
        return Size(width: units * advance * size, height: lineHeight * size)
    }

    /// True for scalars drawn about one em wide: CJK ideographs, kana, Hangul and full-width forms.
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default: return false
        }
    }
}
