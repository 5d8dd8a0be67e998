/// Where the window's text panels (the `?` key list, reload and action errors, the cropped hint)
/// and element labels (`H`) go, in **window pixels** measured from the top-left of the part of
/// the device screen the window shows (`WindowView.visibleWindowSize`), so they are never cut by
/// the window's edge at any zoom (fit, 1:1, 50 %) or window size.
///
/// A panel's lines are wrapped at word boundaries (a run of two or more spaces, which separates
/// the key list's columns, is preferred; a word longer than the line is split) to the columns
/// that fit between `margin` on both sides and `padding` inside; continuation lines are indented
/// by two spaces. When the wrapped panel is taller than the room, the text is shrunk (down to
/// `minimumTextScale` window pixels per font pixel) and wrapped again; what still does not fit
/// ends with a `...` line. Panels placed at the top stack downwards, those at the bottom upwards.
/// Labels keep their size and are moved left / up to stay inside the shown part (shortened with
/// `...` only when wider than it).
public enum PanelLayout {
    /// Space between a panel and the edges of the shown part, window pixels.
    public static let margin = 8.0
    /// Space between a panel's edge and its text at full size, window pixels (shrinks with the text).
    public static let padding = 10.0
    /// Extra space between lines at full size, window pixels.
    public static let lineGap = 2.0
    /// The smallest text size, window pixels per font pixel.
    public static let minimumTextScale = 0.5

    /// One panel laid out: its frame (window pixels from the shown part's top-left), its lines
    /// (wrapped), the text size (window pixels per font pixel, at most 1), the padding and the
    /// line height (window pixels).
    public struct Placed: Equatable, Sendable {
        /// The panel's rectangle, window pixels.
        public var frame: Rect
        /// The lines to draw, each fitting `frame` less the padding.
        public var lines: [String]
        /// Window pixels per font pixel (1: the font's own size).
        public var textScale: Double
        /// Space between the frame and the text, window pixels.
        public var padding: Double
        /// Distance between the tops of two lines, window pixels.
        public var lineHeight: Double
        /// The panel's background.
        public var background: OverlayColor
    }

    /// Lays out `panels` in a shown part of `area` window pixels (see the type's notes).
    public static func layout(_ panels: [OverlayPanel], in area: Size) -> [Placed] {
        var top = margin
        var bottom = area.height - margin
        var result: [Placed] = []
        for panel in panels {
            var placed = fit(panel.lines, in: area)
            placed.background = panel.background
            let h = placed.frame.height
            switch panel.placement {
            case .top:
                placed.frame.y = min(top, max(margin, area.height - margin - h))
                top = placed.frame.maxY + margin
            case .center:
                placed.frame.y = max(margin, (area.height - h) / 2)
            case .bottom:
                placed.frame.y = max(margin, bottom - h)
                bottom = placed.frame.y - margin
            }
            result.append(placed)
        }
        return result
    }

    /// `lines` wrapped and shrunk to fit a panel in `area` (window pixels), at y = 0, centred
    /// horizontally.
    static func fit(_ lines: [String], in area: Size) -> Placed {
        let room = Size(width: max(1, area.width - 2 * margin), height: max(1, area.height - 2 * margin))
        var scale = 1.0
        while true {
            let pad = padding * scale
            let cell = Double(HUDFont.cellWidth) * scale
            let lineHeight = (Double(HUDFont.cellHeight) + lineGap) * scale
            let columns = max(1, Int(((room.width - 2 * pad) / cell).rounded(.down)))
            var wrapped = lines.flatMap { wrap($0, columns: columns) }
            let height = Double(wrapped.count) * lineHeight + 2 * pad
            if height <= room.height || scale <= minimumTextScale {
                let rows = max(1, Int(((room.height - 2 * pad) / lineHeight).rounded(.down)))
                if wrapped.count > rows {
                    wrapped = Array(wrapped.prefix(rows - 1)) + ["..."]
                }
                let widest = Double(wrapped.map { $0.unicodeScalars.count }.max() ?? 0) * cell
                let w = min(room.width, widest + 2 * pad)
                let h = Double(wrapped.count) * lineHeight + 2 * pad
                return Placed(
                    frame: Rect(x: (area.width - w) / 2, y: 0, width: w, height: h), lines: wrapped, textScale: scale,
                    padding: pad, lineHeight: lineHeight, background: .panel)
            }
            scale = max(minimumTextScale, scale - 0.125)
        }
    }

    /// Splits `line` into lines of at most `columns` characters: at the last run of two or more
    /// spaces that fits (a column gap: the next entry starts its own line, not indented), else
    /// the last space, else mid-word; lines continuing an entry start with two spaces (when
    /// `columns` leaves room for them). Spaces inside a line are kept.
    public static func wrap(_ line: String, columns: Int) -> [String] {
        let columns = max(1, columns)
        var rest = Array(line.unicodeScalars)
        var result: [String] = []
        let indent: [Unicode.Scalar] = columns > 8 ? [" ", " "] : []
        var continues = false
        while true {
            let prefix = continues ? indent : []
            let width = columns - prefix.count
            if rest.count <= width {
                result.append(String(String.UnicodeScalarView(prefix + rest)))
                return result
            }
            let cut = breakPoint(rest, width: width)
            let head = rest[..<cut.end]
            result.append(String(String.UnicodeScalarView(prefix + head)))
            rest = Array(rest[cut.next...])
            continues = !cut.atColumnGap
        }
    }

    /// Where to break `text` for a line of `width` characters: the line ends before `end`, the
    /// next starts at `next` (spaces at the break are dropped); `atColumnGap` when the break is
    /// a run of two or more spaces.
    private static func breakPoint(_ text: [Unicode.Scalar], width: Int) -> (end: Int, next: Int, atColumnGap: Bool) {
        var single: (Int, Int)?
        var double: (Int, Int)?
        var i = 0
        while i <= width && i < text.count {
            if text[i] == " " {
                var j = i
                while j < text.count && text[j] == " " { j += 1 }
                if i > 0 {
                    if j - i >= 2 { double = (i, j) } else { single = (i, j) }
                }
                i = j
            } else {
                i += 1
            }
        }
        if let double { return (double.0, double.1, true) }
        if let single { return (single.0, single.1, false) }
        return (width, width, false)  // one word longer than the line
    }

    /// Where an element label of `text` goes: its top-left in window pixels from the shown
    /// part's top-left, starting at `corner` (the element's top-left there) and moved left / up
    /// just enough to stay inside `area`, and the text itself, shortened with `...` when wider
    /// than `area`. `padding` is the space around the text, window pixels.
    public static func label(_ text: String, at corner: Point, in area: Size, padding: Double) -> (
        origin: Point, text: String
    ) {
        let cell = Double(HUDFont.cellWidth)
        var shown = text
        let fits = max(1, Int(((area.width - 2 * padding) / cell).rounded(.down)))
        if shown.unicodeScalars.count > fits {
            let keep = max(0, fits - 3)
            shown = String(String.UnicodeScalarView(Array(shown.unicodeScalars).prefix(keep))) + "..."
        }
        let w = Double(shown.unicodeScalars.count) * cell + 2 * padding
        let h = Double(HUDFont.cellHeight) + 2 * padding
        let x = max(0, min(corner.x, area.width - w))
        let y = max(0, min(corner.y, area.height - h))
        return (Point(x: x, y: y), shown)
    }

    /// Where several element labels go (`label(_:at:in:padding:)` each, in order), moved so
    /// that none covers one placed before it: a label that would overlap an earlier one goes
    /// just below it, or just above it when below would leave `area`. `corners` are the
    /// elements' top-left corners in window pixels from the shown part's top-left.
    public static func labels(_ texts: [String], at corners: [Point], in area: Size, padding: Double) -> [(
        origin: Point, text: String
    )] {
        var placed: [Rect] = []
        var result: [(origin: Point, text: String)] = []
        for (text, corner) in zip(texts, corners) {
            var label = label(text, at: corner, in: area, padding: padding)
            let w = Double(HUDFont.width(of: label.text)) + 2 * padding
            let h = Double(HUDFont.cellHeight) + 2 * padding
            var rect = Rect(x: label.origin.x, y: label.origin.y, width: w, height: h)
            var moves = 0
            while moves <= placed.count, let other = placed.first(where: { $0.intersects(rect) }) {
                moves += 1
                let below = other.y + other.height
                rect.y = below + h <= area.height ? below : max(0, other.y - h)
            }
            label.origin = Point(x: rect.x, y: rect.y)
            placed.append(rect)
            result.append(label)
        }
        return result
    }
}
